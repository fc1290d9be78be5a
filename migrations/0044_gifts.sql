-- Gifts (decision 0022): anyone buys a plan for someone else's email, paid once through Stripe
-- Checkout; the recipient is emailed a redeem link on the chosen day and redeems it once.
-- Only the SHA-256 of the redeem code is kept; the code is minted when its email is sent.
create table gifts (
  id uuid primary key default gen_random_uuid(),
  plan text not null,
  -- The buyer's account when they were signed in; a deleted buyer leaves the paid gift in place.
  buyer_user_id uuid references users (id) on delete set null,
  -- For the receipt; null once the buyer's account is deleted.
  buyer_email text,
  buyer_name text not null,
  -- The recipient's details and the message go when the redeemer deletes their account.
  recipient_email text,
  recipient_name text,
  message text,
  deliver_on date not null,
  deliver_at timestamptz not null,
  stripe_session_id text unique,
  amount_cents integer,
  token_hash text unique,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  delivered_at timestamptz,
  redeemed_at timestamptz,
  redeemed_by uuid references users (id) on delete set null
);
create index gifts_buyer_idx on gifts (buyer_user_id);
create index gifts_redeemed_by_idx on gifts (redeemed_by);
create index gifts_unpaid_idx on gifts (created_at) where paid_at is null;

-- A gift's emails go to people who may have no account: such an email belongs to its gift.
alter table emails alter column user_id drop not null;
alter table emails add column gift_id uuid references gifts (id) on delete cascade;
alter table emails add constraint emails_owner_check check (user_id is not null or gift_id is not null);
