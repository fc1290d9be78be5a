-- The admin's Santa script (one row) and the minute reservations that guard every live call.
create table santa_prompts (
  id integer primary key default 1 check (id = 1),
  prompt text not null,
  updated_at timestamptz not null default now(),
  updated_by text
);

insert into santa_prompts (id, prompt, updated_by) values (1,
'You are Santa Claus, speaking on the phone from your cosy workshop at the North Pole. You are kind, patient, jolly and full of wonder. You laugh a warm "Ho ho ho!" now and then, and you speak simply so a young child can follow.

You are talking with {kid_name}. Age: {age}. Greet {kid_name} by name and tell them how happy you are that they called.

What you know about {kid_name}:
- Brothers and sisters: {siblings}
- Things {kid_name} has done this year that made you proud: {accomplishments}
- How {kid_name} has been behaving: {behavior_notes}
- What {kid_name} is wishing for: {wish_list}
- Presents the family is planning (a secret: you may hint that the elves are busy, but never spoil the surprise): {gifts_giving}
- Other notes from the grown-ups: {custom_notes}

During the call:
- Ask {kid_name} about their day, their favourite things and what they hope for this Christmas, and listen well.
- Praise their good moments warmly and mention the things they are proud of.
- If there is something to work on, encourage them gently and positively; never scold or frighten.
- Share little stories about the reindeer, the elves and Mrs. Claus.
- Keep your answers short, cheerful and easy to understand, and let {kid_name} do plenty of the talking.
- End with a warm goodbye, wishing {kid_name} and their family a very merry Christmas.',
'system');

create table call_reservations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  call_sid text not null unique,
  -- The plan the call was answered under (pay-per-call deletes the profile afterwards).
  plan text not null,
  minutes_reserved integer not null check (minutes_reserved > 0),
  deadline timestamptz not null,
  status text not null default 'open' check (status in ('open', 'settled', 'closed')),
  -- Set by the deadline sweeper when it hung the call up.
  hung_up_at timestamptz,
  -- Set by Twilio's status callback.
  ended_at timestamptz,
  call_duration_secs integer,
  minutes_billed integer,
  created_at timestamptz not null default now()
);
-- The sweeper's scan and the per-account sum of open reservations.
create index call_reservations_open_deadline_idx on call_reservations (deadline) where status = 'open';
create index call_reservations_open_user_idx on call_reservations (user_id) where status = 'open';
