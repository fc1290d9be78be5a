-- A family's download of everything held about them: built by a background job into one zip in
-- the recordings storage, offered by a link whose token is stored only as its SHA-256 and stops
-- working at expires_at. Goes with the account (its archive is deleted first).
create table data_exports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  status text not null default 'building' check (status in ('building', 'ready', 'failed')),
  token_hash text unique,
  archive_key text,
  requested_at timestamptz not null default now(),
  ready_at timestamptz,
  expires_at timestamptz
);
create index data_exports_user_idx on data_exports (user_id, requested_at desc);
create index data_exports_expires_idx on data_exports (expires_at) where archive_key is not null;
