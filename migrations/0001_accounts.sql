-- Accounts, server-side sessions, one-time sign-in handoffs and rate-limit counters.
create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null unique,
  name text not null default '',
  password_hash text,
  picture text,
  google_id text unique,
  role text not null default 'parent' check (role in ('parent', 'admin')),
  created_at timestamptz not null default now()
);

-- Only the SHA-256 of the cookie token is stored.
create table sessions (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user_id_idx on sessions (user_id);
create index sessions_expires_at_idx on sessions (expires_at);

-- Third-party sign-in returns through /dashboard#session_id=…; the id is usable once, for 60 s.
create table sign_in_handoffs (
  id_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null
);

-- OpenID Connect state, PKCE verifier and nonce between the redirect and the callback.
create table oauth_states (
  state_hash text primary key,
  code_verifier text not null,
  nonce text not null,
  expires_at timestamptz not null
);

-- Fixed-window counters shared by every replica; keys are hashed (they may contain an email).
create table rate_limits (
  key_hash text primary key,
  hits integer not null,
  reset_at timestamptz not null
);
