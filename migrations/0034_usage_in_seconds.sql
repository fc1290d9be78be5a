-- Usage is counted in seconds (decision 0013): a 13-second call spends 13 seconds, not a minute.
-- Plans and gifts are still sold in whole minutes; the balance they add is stored in seconds, so
-- carrying a part-minute over to the next plan loses nothing. Existing figures were whole minutes.
-- The columns change unit, so replicas of the previous release must be stopped before this runs.
alter table subscriptions rename column minutes_limit to seconds_limit;
alter table subscriptions rename column minutes_used to seconds_used;
alter table subscriptions rename constraint subscriptions_minutes_limit_check to subscriptions_seconds_limit_check;
alter table subscriptions rename constraint subscriptions_minutes_used_check to subscriptions_seconds_used_check;
update subscriptions set seconds_limit = seconds_limit * 60, seconds_used = seconds_used * 60;

alter table call_reservations rename column minutes_reserved to seconds_reserved;
alter table call_reservations rename column minutes_billed to seconds_billed;
alter table call_reservations
  rename constraint call_reservations_minutes_reserved_check to call_reservations_seconds_reserved_check;
update call_reservations set seconds_reserved = seconds_reserved * 60, seconds_billed = seconds_billed * 60;

-- Both earlier forms read the renamed columns.
drop function reserve_calls_minutes(uuid[], text[], text[], jsonb);
drop function reserve_calls_minutes(uuid[], text[], text[], jsonb, text[]);

-- 0026's reservation, step for step, in seconds: what is left of the balance, at most the plan's
-- per-call cap (seconds too), with a deadline that many seconds away.
create function reserve_calls_seconds(
  p_user_ids uuid[],
  p_call_sids text[],
  p_usable_statuses text[],
  p_caps jsonb,
  p_stir_verstats text[]
) returns setof call_reservations
language plpgsql
as $$
declare
  ringing record;
  sub record;
  open_total integer;
  allowed integer;
  reserved call_reservations;
begin
  for ringing in
    select user_id, call_sid, stir_verstat
      from unnest(p_user_ids, p_call_sids, p_stir_verstats) as r(user_id, call_sid, stir_verstat)
      order by user_id, call_sid
  loop
    select plan, status, seconds_limit, seconds_used into sub
      from subscriptions where user_id = ringing.user_id for update;
    continue when not found or not (sub.status = any (p_usable_statuses));

    select coalesce(sum(seconds_reserved), 0) into open_total
      from call_reservations where user_id = ringing.user_id and status = 'open';
    allowed := sub.seconds_limit - sub.seconds_used - open_total;
    allowed := least(allowed, coalesce((p_caps ->> sub.plan)::integer, allowed));

    if allowed > 0 then
      insert into call_reservations (user_id, call_sid, plan, seconds_reserved, deadline, stir_verstat)
        values (ringing.user_id, ringing.call_sid, sub.plan, allowed,
                now() + make_interval(secs => allowed), ringing.stir_verstat)
        on conflict (call_sid) do nothing
        returning * into reserved;
      if found then
        return next reserved;
        continue;
      end if;
    end if;

    -- Nothing left, or Twilio re-sent the webhook: the call it already reserved is answered again.
    select * into reserved from call_reservations
      where call_sid = ringing.call_sid and user_id = ringing.user_id and status = 'open';
    if found then
      return next reserved;
    end if;
  end loop;
end
$$;
