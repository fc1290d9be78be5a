-- The reservation a ringing call takes, in one round trip (design §4.3, decision 0003).
-- Each statement of a PL/pgSQL function takes a fresh snapshot under READ COMMITTED, so the open
-- reservations are summed only once the subscription's row lock is held: concurrent calls on one
-- account queue on that lock and together never reserve more than the balance. Which statuses are
-- usable and each plan's per-call cap stay in the application and arrive as arguments.
create function reserve_call_minutes(
  p_user_id uuid,
  p_call_sid text,
  p_usable_statuses text[],
  p_caps jsonb
) returns setof call_reservations
language plpgsql
as $$
declare
  sub record;
  open_total integer;
  allowed integer;
  reserved call_reservations;
begin
  select plan, status, minutes_limit, minutes_used into sub
    from subscriptions where user_id = p_user_id for update;
  if not found or not (sub.status = any (p_usable_statuses)) then
    return;
  end if;

  select coalesce(sum(minutes_reserved), 0) into open_total
    from call_reservations where user_id = p_user_id and status = 'open';
  allowed := sub.minutes_limit - sub.minutes_used - open_total;
  allowed := least(allowed, coalesce((p_caps ->> sub.plan)::integer, allowed));

  if allowed > 0 then
    insert into call_reservations (user_id, call_sid, plan, minutes_reserved, deadline)
      values (p_user_id, p_call_sid, sub.plan, allowed, now() + make_interval(mins => allowed))
      on conflict (call_sid) do nothing
      returning * into reserved;
    if found then
      return next reserved;
      return;
    end if;
  end if;

  -- Nothing left, or Twilio re-sent the webhook: the call it already reserved is answered again.
  select * into reserved from call_reservations
    where call_sid = p_call_sid and user_id = p_user_id and status = 'open';
  if found then
    return next reserved;
  end if;
end
$$;
