-- When the sweeper last asked Twilio about a live call that nobody has reported on. A call whose
-- end was never reported (a crash, a lost webhook) is found within minutes this way, instead of at
-- its deadline, which for a pass could be hours away.
alter table call_reservations add column checked_at timestamptz;
create index call_reservations_open_idx on call_reservations (created_at) where status = 'open' and ended_at is null;
