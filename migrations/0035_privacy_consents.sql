-- A parent's agreement to the privacy notice (shared/src/privacy.ts): which version, when, and
-- where they agreed. Recorded when the child's profile is created and again whenever the notice
-- changes; a call needs an agreement to the current version. Goes with the account.
create table privacy_consents (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  notice_version text not null,
  method text not null check (method in ('profile_form', 'first_call_prompt')),
  created_at timestamptz not null default now()
);
create index privacy_consents_user_idx on privacy_consents (user_id, notice_version);

-- What a parent did to their own data (download, deletions), kept after the account is gone so
-- the family's request can be shown to have been carried out. Never a child's name or words:
-- only the account id, the action and counts.
create table privacy_audit_log (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  action text not null,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index privacy_audit_log_user_idx on privacy_audit_log (user_id, created_at desc);
