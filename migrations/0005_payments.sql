-- Payments: coupons, Stripe webhook idempotency, our checkout records, and the Stripe sandbox's
-- own account state.
create table coupons (
  id uuid primary key default gen_random_uuid(),
  code text not null unique,
  discount_percent integer not null check (discount_percent in (25, 50, 100)),
  discount_type text not null check (discount_type in ('first_month', 'forever')),
  used boolean not null default false,
  used_by uuid references users (id) on delete set null,
  used_at timestamptz,
  -- A coupon is held by at most one open checkout at a time, so a second checkout is refused
  -- before payment instead of two people paying discounted prices for one coupon.
  reserved_by_checkout uuid,
  reserved_until timestamptz,
  created_at timestamptz not null default now()
);

-- Every Stripe event handled, by id: a replayed delivery changes nothing.
create table stripe_events (
  id text primary key,
  type text not null,
  processed_at timestamptz not null default now()
);

-- What a checkout is for; the Stripe session carries our id in metadata.checkout_id.
create table checkouts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  kind text not null check (kind in ('plan', 'recording')),
  plan text,
  call_id uuid references calls (id) on delete cascade,
  coupon_code text,
  stripe_session_id text unique,
  status text not null default 'open' check (status in ('open', 'complete', 'expired')),
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  -- Set once the pass's dedicated number exists, so a later event never buys a second one and
  -- a failed purchase is retried by the next delivery.
  number_provisioned_at timestamptz
);
create index checkouts_user_idx on checkouts (user_id, created_at desc);

-- The Stripe sandbox's account state, kept in Stripe's own JSON shapes. Only the sandbox
-- provider touches these tables; with real Stripe keys they stay empty.
create table sandbox_stripe_customers (
  id text primary key,
  email text,
  created_at timestamptz not null default now()
);

create table sandbox_stripe_checkout_sessions (
  id text primary key,
  object jsonb not null,
  -- The line item and discount as the checkout page shows them.
  line_item jsonb not null,
  discount jsonb,
  created_at timestamptz not null default now()
);

create table sandbox_stripe_subscriptions (
  id text primary key,
  object jsonb not null,
  updated_at timestamptz not null default now()
);
