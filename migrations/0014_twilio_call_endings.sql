-- Twilio's status callback can overtake the reservation of the call it reports: the caller hangs
-- up while the inbound webhook is still being answered, perhaps on another replica. Such an
-- ending waits here until the deadline sweeper applies it to the reservation that commits after
-- it; without it the reservation would hold the family's balance until its deadline. Endings
-- are only kept for minutes, and hold no personal details (a call sid and a duration).
create table twilio_call_endings (
  call_sid text primary key,
  duration_secs integer not null,
  reported_at timestamptz not null default now()
);

-- A call that ended before a word was spoken now holds nothing of the balance.
alter table call_reservations
  drop constraint call_reservations_minutes_reserved_check,
  add constraint call_reservations_minutes_reserved_check check (minutes_reserved >= 0);
