-- Each family's choice of how long its call recordings are kept (modules/retention). No row, or a
-- null keep_days, means "keep until I delete them"; N means each recording goes N days after its
-- call. The bounds a family may choose are settings (RETENTION_FAMILY_MIN_DAYS/MAX_DAYS); the
-- check here only refuses nonsense.
create table recording_retention_choices (
  user_id uuid primary key references users (id) on delete cascade,
  keep_days integer check (keep_days is null or keep_days between 1 and 3650),
  updated_at timestamptz not null default now()
);
create index recording_retention_choices_days_idx on recording_retention_choices (keep_days)
  where keep_days is not null;
