-- Transactional email: who verified their address, single-use links, one row per email sent,
-- the parent's choice of optional emails, and the sandbox mailbox.

-- Set when the parent opens the link sent to the address (or Google vouches for it).
alter table users add column email_verified_at timestamptz;

-- Password-reset and email-verification links. Only the SHA-256 of the token is stored; the
-- token itself exists only in the email. `email` is the address a verification link proves
-- (the new one, for a change of address); a reset link leaves it as the account's address.
create table account_tokens (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('password_reset', 'verify_email')),
  email text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index account_tokens_user_idx on account_tokens (user_id, purpose);
create index account_tokens_expires_idx on account_tokens (expires_at);

-- Every email the app decides to send, once per event: (kind, event_key) is the idempotency key
-- (a call id, a Stripe event id…), so a replayed webhook or a retried job sends nothing more.
-- to_address is pinned for a change of address (the new one); otherwise the account's address
-- is read when the email is sent.
create table emails (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  event_key text not null,
  user_id uuid not null references users (id) on delete cascade,
  to_address text,
  data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (kind, event_key)
);
create index emails_user_idx on emails (user_id);

-- Emails a parent may turn off; no row means the defaults (everything on).
create table email_preferences (
  user_id uuid primary key references users (id) on delete cascade,
  call_recaps boolean not null default true
);

-- What the sandbox mailer "sends", shown at /sandbox/mail on every replica.
create table sandbox_emails (
  id bigserial primary key,
  to_address text not null,
  from_address text not null,
  subject text not null,
  html text not null,
  text text not null,
  created_at timestamptz not null default now()
);
