-- Every call ends complete by itself: a call Twilio reported over that has no transcript or no
-- audio a few minutes later is fetched from the voice provider by a periodic job, with backoff.
-- One row per call being recovered: its tries and when it is next looked at.
create table call_recoveries (
  call_sid text primary key,
  attempts integer not null default 0,
  next_at timestamptz not null default now(),
  -- Set when the tries ran out: the recording is lost and the provider's copy may go.
  given_up_at timestamptz
);
-- The job looks only at calls that ended in the last day.
create index call_reservations_ended_idx on call_reservations (ended_at) where ended_at is not null;
-- A recording the provider never had (a call with no audio) or that could not be saved: the
-- parent is told, it is never offered for sale, and recovery stops asking.
alter table calls add column recording_lost boolean not null default false;
