-- Phones are proven by Twilio Verify (decision 0034): Verify makes, keeps and expires the codes,
-- so our hashed copies go. Who asked for a code, and to which phone, stays in phone_code_sends.
drop table phone_verifications;

-- The sandbox verifier's codes, shaped like Verify's Verification resource: one pending code per
-- number for ten minutes, the same code when asked again, five sends and five checks at most.
create table sandbox_verifications (
  sid text primary key,
  to_number text not null,
  channel text not null,
  code text not null,
  status text not null default 'pending',
  send_attempts integer not null default 1,
  check_attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create unique index sandbox_verifications_pending_idx on sandbox_verifications (to_number)
  where status = 'pending';
