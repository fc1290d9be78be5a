-- Santa remembers (decision 0023): what the child told Santa (wishes, news, promises), kept from
-- each call's recap so the next call can bring it up. A memory belongs to the call it came from
-- and goes with it (the parent's deletion, the retention schedule's, the account's); the parent
-- may edit or clear it. A child id joins it when a family has several children.
create table santa_memories (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  call_id uuid not null references calls (id) on delete cascade,
  kind text not null check (kind in ('wishes', 'news', 'promises')),
  text text not null check (length(text) between 1 and 200),
  edited boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The summary job may run twice for a call: the second run adds nothing.
  unique (call_id, kind, text)
);
create index santa_memories_user_idx on santa_memories (user_id, created_at desc);
