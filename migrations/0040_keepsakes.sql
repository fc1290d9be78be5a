-- Keepsakes (decision 0018): a parent shares a call by a link that expires and can be revoked.
-- Only the SHA-256 of the link's token is stored; the token itself is shown to the parent once.
-- A link dies with its call (a parent's or the retention schedule's deletion) and its account.
create table call_share_links (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  call_id uuid not null references calls (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  -- Set when the parent turns the link off; the row stays so the link answers "gone", not "unknown".
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index call_share_links_call_idx on call_share_links (call_id, created_at desc);
create index call_share_links_user_idx on call_share_links (user_id);
