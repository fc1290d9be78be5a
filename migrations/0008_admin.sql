-- Every admin action leaves a row. target_user_id has no foreign key so the row outlives a
-- deleted account; details never hold a child's data.
create table admin_audit_log (
  id uuid primary key default gen_random_uuid(),
  admin_email text not null,
  action text not null,
  target_user_id text,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index admin_audit_log_created_idx on admin_audit_log (created_at desc);
create index admin_audit_log_target_idx on admin_audit_log (target_user_id);
