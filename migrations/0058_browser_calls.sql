-- Calls made in the parent's browser (decision 0035). There is no Twilio call: the reservation is
-- keyed by the voice agent's conversation id, and the deadline sweeper asks the voice agent, not
-- Twilio, how such a call ended. The call record keeps where it was made, for the history.
alter table call_reservations
  add column channel text not null default 'phone' check (channel in ('phone', 'browser'));
alter table calls
  add column channel text not null default 'phone' check (channel in ('phone', 'browser'));

-- The sandbox agent's one-time signed URLs: a hash of the signature until the browser connects
-- (then cleared, so a second connection is refused), and when the URL stops working.
alter table sandbox_voice_conversations
  add column signature_hash text,
  add column signature_expires_at timestamptz;
