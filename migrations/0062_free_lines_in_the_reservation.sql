-- A ringing call's free-line check (MAX_CONCURRENT_CALLS) moves into the statement that reserves
-- its seconds: every ring sent a count of the calls on the line beside its reservation (issue 32).
-- 0034's reserve_calls_seconds, step for step, after the count. The count leaves out the asking
-- calls themselves (a webhook Twilio re-sent does not count its own call), and each call this
-- statement answers takes a line from the ones after it. A call past the limit reserves nothing and
-- is answered with lines_busy. reserve_calls_seconds stays for replicas of the previous release
-- while they stop; a later migration drops it.
create function reserve_calls_seconds_on_free_lines(
  p_user_ids uuid[],
  p_call_sids text[],
  p_usable_statuses text[],
  p_caps jsonb,
  p_stir_verstats text[],
  p_max_live integer
) returns table (reserved_call_sid text, reservation_id uuid, reserved_seconds integer, lines_busy boolean)
language plpgsql
as $$
declare
  ringing record;
  sub record;
  live integer;
  open_total integer;
  allowed integer;
  reserved call_reservations;
begin
  -- Calls on the line now: holding seconds and not reported over (call_reservations_open_idx).
  select count(*) into live from call_reservations r
    where r.status = 'open' and r.ended_at is null and r.call_sid <> all (p_call_sids);

  for ringing in
    select r.user_id, r.call_sid, r.stir_verstat
      from unnest(p_user_ids, p_call_sids, p_stir_verstats) as r(user_id, call_sid, stir_verstat)
      order by r.user_id, r.call_sid
  loop
    if live >= p_max_live then
      reserved_call_sid := ringing.call_sid;
      reservation_id := null;
      reserved_seconds := null;
      lines_busy := true;
      return next;
      continue;
    end if;

    select s.plan, s.status, s.seconds_limit, s.seconds_used into sub
      from subscriptions s where s.user_id = ringing.user_id for update;
    continue when not found or not (sub.status = any (p_usable_statuses));

    select coalesce(sum(r.seconds_reserved), 0) into open_total
      from call_reservations r where r.user_id = ringing.user_id and r.status = 'open';
    allowed := sub.seconds_limit - sub.seconds_used - open_total;
    allowed := least(allowed, coalesce((p_caps ->> sub.plan)::integer, allowed));

    reserved := null;
    if allowed > 0 then
      insert into call_reservations (user_id, call_sid, plan, seconds_reserved, deadline, stir_verstat)
        values (ringing.user_id, ringing.call_sid, sub.plan, allowed,
                now() + make_interval(secs => allowed), ringing.stir_verstat)
        on conflict (call_sid) do nothing
        returning * into reserved;
    end if;

    -- Nothing left, or Twilio re-sent the webhook: the call it already reserved is answered again.
    if reserved.id is null then
      select * into reserved from call_reservations r
        where r.call_sid = ringing.call_sid and r.user_id = ringing.user_id and r.status = 'open';
    end if;
    if reserved.id is not null then
      live := live + 1;
      reserved_call_sid := reserved.call_sid;
      reservation_id := reserved.id;
      reserved_seconds := reserved.seconds_reserved;
      lines_busy := false;
      return next;
    end if;
  end loop;
end
$$;
