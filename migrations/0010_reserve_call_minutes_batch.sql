-- Reservations of several ringing calls in one round trip (decisions 0003 and 0005): on Christmas Eve many
-- calls ring at once, and each would otherwise wait its own turn for a pool connection and a
-- round trip. Each call is reserved by reserve_call_minutes, in user id order, so two batches lock
-- subscriptions in the same order and cannot deadlock; calls of one account within a batch see
-- each other's reservations, as they would one after the other.
create function reserve_calls_minutes(
  p_user_ids uuid[],
  p_call_sids text[],
  p_usable_statuses text[],
  p_caps jsonb
) returns setof call_reservations
language plpgsql
as $$
declare
  ringing record;
begin
  for ringing in
    select user_id, call_sid
      from unnest(p_user_ids, p_call_sids) as r(user_id, call_sid)
      order by user_id, call_sid
  loop
    return query select * from reserve_call_minutes(ringing.user_id, ringing.call_sid, p_usable_statuses, p_caps);
  end loop;
end
$$;
