-- Plans, kid profiles, Santa numbers, calls, and the discount and gift histories.
create table subscriptions (
  user_id uuid primary key references users (id) on delete cascade,
  plan text not null,
  status text not null check (status in ('active', 'canceled', 'past_due', 'ended')),
  minutes_limit integer not null default 0 check (minutes_limit >= 0),
  minutes_used integer not null default 0 check (minutes_used >= 0),
  -- Cents charged per period after discount.
  amount integer not null default 0,
  discount_percent integer,
  discount_type text check (discount_type in ('first_month', 'forever')),
  discount_source text,
  stripe_customer_id text,
  stripe_subscription_id text unique,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- One free sample per account and per parent phone, ever. The phone is kept only as a keyed
-- hash, and the row outlives a deleted account without pointing at it.
create table free_sample_claims (
  id uuid primary key default gen_random_uuid(),
  user_id uuid unique references users (id) on delete set null,
  phone_hash text unique,
  created_at timestamptz not null default now()
);

create table kid_profiles (
  user_id uuid primary key references users (id) on delete cascade,
  parent_phone text not null unique,
  kid_name text not null,
  age integer check (age between 0 and 17),
  gifts_giving text,
  wish_list text,
  accomplishments text,
  behavior_notes text,
  siblings text,
  custom_notes text,
  santa_personality text not null default 'traditional'
    check (santa_personality in ('traditional', 'modern', 'mixed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A pass's dedicated number (the admin screen's "agent configuration").
create table agent_configs (
  user_id uuid primary key references users (id) on delete cascade,
  twilio_phone_number text not null unique,
  twilio_number_sid text,
  company_name text not null default 'Santa Calls',
  contact_email text,
  documents jsonb not null default '[]',
  created_at timestamptz not null default now()
);

create table calls (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  conversation_id text unique,
  call_sid text unique,
  -- The number the child called from.
  phone_number text,
  duration integer not null default 0,
  transcript text not null default '',
  summary text not null default '',
  audio_key text,
  recording_purchased boolean not null default false,
  status text not null default 'completed',
  created_at timestamptz not null default now()
);
create index calls_user_created_idx on calls (user_id, created_at desc);

create table discount_history (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  action text not null,
  discount_percent integer,
  discount_type text,
  discount_source text,
  revoked_by text,
  revoke_reason text check (revoke_reason in ('cancel_immediately', 'finish_period')),
  created_at timestamptz not null default now()
);
create index discount_history_user_idx on discount_history (user_id, created_at desc);

create table gift_history (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  minutes integer not null check (minutes between 1 and 10000),
  gifted_by_email text not null,
  note text,
  created_at timestamptz not null default now()
);
create index gift_history_user_idx on gift_history (user_id, created_at desc);
