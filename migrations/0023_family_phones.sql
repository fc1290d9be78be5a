-- A parent phone is linked to a family only after a one-time code sent to it by SMS. Only
-- verified phones recognise a caller; a profile's parent_phone is what the parent typed, and an
-- unverified claim blocks nobody (the unique index that let any account claim anyone's number,
-- and refuse its owner, goes). Up to 4 verified phones per family (parents, grandparents).
create table family_phones (
  phone text primary key,
  user_id uuid not null references users (id) on delete cascade,
  verified_at timestamptz not null default now()
);
create index family_phones_user_idx on family_phones (user_id);

-- Codes are kept hashed, for 10 minutes, and die after 5 wrong tries.
create table phone_verifications (
  user_id uuid not null references users (id) on delete cascade,
  phone text not null,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  primary key (user_id, phone)
);

-- Before launch, the phones already saved on profiles count as verified.
insert into family_phones (phone, user_id) select parent_phone, user_id from kid_profiles on conflict do nothing;
alter table kid_profiles drop constraint kid_profiles_parent_phone_key;
create index kid_profiles_parent_phone_idx on kid_profiles (parent_phone);

-- The SMS the sandbox Twilio "sends", shown on the sandbox phone.
create table sandbox_sms_messages (
  id bigserial primary key,
  to_number text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index sandbox_sms_messages_to_idx on sandbox_sms_messages (to_number, id);
