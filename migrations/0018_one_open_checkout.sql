-- One open checkout per thing bought: per call for a recording unlock, per family and plan for a
-- plan. A second request answers the open checkout's URL instead of opening another that could
-- also be paid. The URL and expiry are kept so the second request can answer without Stripe.
alter table checkouts add column url text;
alter table checkouts add column expires_at timestamptz;

-- Older duplicates cannot be told apart any more: all but the newest open one of each are closed.
update checkouts set status = 'expired'
where status = 'open' and kind = 'recording' and id not in (
  select distinct on (call_id) id from checkouts
  where status = 'open' and kind = 'recording' order by call_id, created_at desc
);
update checkouts set status = 'expired'
where status = 'open' and kind = 'plan' and id not in (
  select distinct on (user_id, plan) id from checkouts
  where status = 'open' and kind = 'plan' order by user_id, plan, created_at desc
);

create unique index checkouts_one_open_recording_idx on checkouts (call_id)
  where status = 'open' and kind = 'recording';
create unique index checkouts_one_open_plan_idx on checkouts (user_id, plan)
  where status = 'open' and kind = 'plan';
