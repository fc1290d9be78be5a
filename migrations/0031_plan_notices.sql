-- What changed in a family's plan that they did not do themselves (an admin's gift, a revoked
-- discount, a cancellation), shown on their dashboard until they dismiss it.
create table plan_notices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  kind text not null check (kind in ('gift', 'discount_revoked', 'plan_cancelled')),
  details jsonb not null default '{}',
  created_at timestamptz not null default now(),
  dismissed_at timestamptz
);
create index plan_notices_user_idx on plan_notices (user_id, created_at desc) where dismissed_at is null;
