-- Every dial Santa makes to a family (a scheduled call's first try and its retry): a family is
-- rung at most a few times a day, whatever it scheduled, so a mistaken or hostile schedule cannot
-- turn Santa into a nuisance caller or a bill.
create table scheduled_call_dials (
  id uuid primary key default gen_random_uuid(),
  scheduled_call_id uuid not null references scheduled_calls (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  dialed_at timestamptz not null default now()
);
create index scheduled_call_dials_user_idx on scheduled_call_dials (user_id, dialed_at);
