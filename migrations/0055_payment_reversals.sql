-- A refund or a dispute ends what the payment bought (a pass's minutes and number, a Pay Per
-- Call, a gift), once per Stripe event; each is kept here for the admin to see on the family.
create table payment_reversals (
  id uuid primary key default gen_random_uuid(),
  -- The family whose plan it ended; null when it ended nothing of a family (an unredeemed gift).
  user_id uuid references users (id) on delete cascade,
  kind text not null check (kind in ('refund', 'partial_refund', 'dispute')),
  stripe_charge_id text not null,
  amount_cents integer not null,
  -- What it ended, in the admin's words ("3-Month Pass", "gift", "nothing").
  ended text not null,
  created_at timestamptz not null default now()
);
create index payment_reversals_user_idx on payment_reversals (user_id, created_at desc);
-- A gift whose payment was refunded or disputed can no longer be redeemed.
alter table gifts add column reversed_at timestamptz;
-- The Stripe sandbox's charges, in Stripe's JSON: what a refund or dispute names.
create table sandbox_stripe_charges (
  id text primary key,
  object jsonb not null
);
