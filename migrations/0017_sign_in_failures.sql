-- Wrong passwords, counted per account AND per client, so that nobody's failures can slow down or
-- lock out the owner signing in from their own device (docs/security.md, "Sign-in limits"). Only the
-- hash of (user id, client address) is kept.
create table sign_in_failures (
  key_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  failures integer not null,
  last_failure_at timestamptz not null
);
create index sign_in_failures_user_idx on sign_in_failures (user_id);
create index sign_in_failures_last_failure_idx on sign_in_failures (last_failure_at);
