-- Grandparents and other family invited to listen (decision 0026). A family (`user_id`, the
-- parent's account) invites an address; the invitee's account joins once it accepts the emailed
-- link. Only the SHA-256 of the link's token is kept, minted when its email is sent.
create table family_listeners (
  id uuid primary key default gen_random_uuid(),
  -- The family that invited: its deletion takes every invitation and membership with it.
  user_id uuid not null references users (id) on delete cascade,
  email text not null,
  name text not null,
  token_hash text unique,
  invited_at timestamptz not null default now(),
  -- Null until the invitee accepts; their account's deletion ends the membership.
  listener_user_id uuid references users (id) on delete cascade,
  accepted_at timestamptz,
  unique (user_id, email)
);
create index family_listeners_listener_idx on family_listeners (listener_user_id);

-- The invitation's email goes with its invitation (a removed invitee is not emailed later).
alter table emails add column listener_id uuid references family_listeners (id) on delete cascade;
