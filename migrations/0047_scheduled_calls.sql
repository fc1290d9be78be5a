-- Santa calls the child (decision 0025): a call the parent scheduled for a day and time in their
-- own zone, to one verified family phone. The placement job claims the row with a conditional
-- update (status and version), so only one worker dials even if the job ran twice.
create table scheduled_calls (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  phone text not null,
  -- kid_profiles.first_child_id or children.id (as calls.child_id, 0046): no foreign key.
  child_ids uuid[] not null,
  time_zone text not null,
  local_date date not null,
  local_time text not null,
  call_at timestamptz not null,
  status text not null default 'scheduled' check (
    status in ('scheduled', 'dialing', 'retry_pending', 'connected', 'completed', 'missed', 'failed', 'canceled')
  ),
  -- Dials made so far (the first and at most one retry).
  attempts integer not null default 0,
  -- Bumped by every move and cancel: a job queued for an older version dials nothing.
  version integer not null default 0,
  call_sid text,
  last_outcome text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index scheduled_calls_user_idx on scheduled_calls (user_id, call_at);
-- Counting a slot's calls (the per-slot capacity).
create index scheduled_calls_slot_idx on scheduled_calls (call_at) where status <> 'canceled';
create unique index scheduled_calls_call_sid_idx on scheduled_calls (call_sid) where call_sid is not null;

-- The sandbox's outbound calls: Twilio's Call resource with what the sandbox phone needs to ring.
alter table sandbox_twilio_calls add column to_number text;
alter table sandbox_twilio_calls add column from_number text;
alter table sandbox_twilio_calls add column answer_url text;
alter table sandbox_twilio_calls add column status_callback_url text;
