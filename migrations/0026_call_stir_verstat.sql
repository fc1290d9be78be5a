-- The STIR/SHAKEN verdict Twilio gave each answered call's caller ID (its StirVerstat parameter,
-- e.g. TN-Validation-Passed-A), kept with the call: when a family asks why Santa asked for their
-- code, or a spoofed caller reached a line, the verdict the hotline rule acted on is on record.
-- Null when Twilio sent none (calls that did not come over SIP with an identity header).
alter table call_reservations add column stir_verstat text;

-- 0011's reservation, step for step, with each call's verdict stored in the row it inserts, so
-- keeping the verdict costs a ringing call no round trip of its own.
create function reserve_calls_minutes(
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
    select plan, status, minutes_limit, minutes_used into sub
      from subscriptions where user_id = ringing.user_id for update;
    continue when not found or not (sub.status = any (p_usable_statuses));

    select coalesce(sum(minutes_reserved), 0) into open_total
      from call_reservations where user_id = ringing.user_id and status = 'open';
    allowed := sub.minutes_limit - sub.minutes_used - open_total;
    allowed := least(allowed, coalesce((p_caps ->> sub.plan)::integer, allowed));

    if allowed > 0 then
      insert into call_reservations (user_id, call_sid, plan, minutes_reserved, deadline, stir_verstat)
        values (ringing.user_id, ringing.call_sid, sub.plan, allowed,
                now() + make_interval(mins => allowed), ringing.stir_verstat)
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

-- The four-argument form stays for replicas of the previous release that still answer calls while
-- this one rolls out (it stores no verdict); a later migration drops it.
