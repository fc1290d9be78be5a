-- The reservation of decisions 0003 and 0005, unchanged in what it does, with each call's steps
-- written inside the batch's loop. Calling reserve_call_minutes through SQL set up an executor, a
-- nested function call and a result store for every call; measured with pgbench on batches of 25
-- ringing calls, that was about a fifth of the reservation's database time. The steps and their
-- order are 0009's: the subscription row is locked before the open reservations are summed (each
-- statement takes a fresh snapshot under READ COMMITTED), and calls are taken in user id order so
-- two batches lock subscriptions in the same order and cannot deadlock.
create or replace function reserve_calls_minutes(
  p_user_ids uuid[],
  p_call_sids text[],
  p_usable_statuses text[],
  p_caps jsonb
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
    select user_id, call_sid
      from unnest(p_user_ids, p_call_sids) as r(user_id, call_sid)
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
      insert into call_reservations (user_id, call_sid, plan, minutes_reserved, deadline)
        values (ringing.user_id, ringing.call_sid, sub.plan, allowed, now() + make_interval(mins => allowed))
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

-- Nothing calls the one-call form any more.
drop function reserve_call_minutes(uuid, text, text[], jsonb);
