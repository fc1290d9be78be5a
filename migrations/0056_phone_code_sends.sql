-- Every code texted to prove a phone, counted in Postgres so every replica shares the caps: per
-- client address (a hash of it), per destination number and per day in total. Text pumping
-- (many accounts, one address; many addresses, one premium number) hits one of them.
create table phone_code_sends (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users (id) on delete set null,
  client_hash text not null,
  phone text not null,
  sent_at timestamptz not null default now()
);
create index phone_code_sends_client_idx on phone_code_sends (client_hash, sent_at);
create index phone_code_sends_phone_idx on phone_code_sends (phone, sent_at);
create index phone_code_sends_sent_idx on phone_code_sends (sent_at);
