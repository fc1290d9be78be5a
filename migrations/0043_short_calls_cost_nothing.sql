-- A call that ends in its first seconds went wrong (a dropped line, a grown-up who answered and
-- hung up): its reservation closes without billing and says why, so the parent's history can tell
-- them (shared/src/constants.ts: FREE_START_SECONDS, FREE_SHORT_CALLS_PER_DAY).
alter table call_reservations add column not_charged text check (not_charged in ('short_call'));
create index call_reservations_not_charged_idx on call_reservations (user_id, created_at)
  where not_charged is not null;
