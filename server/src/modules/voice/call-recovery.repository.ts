import type { Queryable } from '../../db/db.ts';

/** A call that ended a while ago and is still missing its transcript or its audio. */
export interface IncompleteCall {
  call_sid: string;
  user_id: string;
  /** Null: no transcript stored yet. */
  conversation_id: string | null;
  attempts: number;
}

/**
 * Calls Twilio said ended between `minMinutes` and a day ago that lack a stored transcript or
 * audio, whose next try is due. Closed reservations never connected, so they have nothing to fetch.
 */
export async function findIncompleteCalls(
  q: Queryable,
  minMinutes: number,
  limit: number,
): Promise<IncompleteCall[]> {
  const { rows } = await q.query<IncompleteCall>(
    `select r.call_sid, r.user_id, c.conversation_id, coalesce(cr.attempts, 0) as attempts
     from call_reservations r
     left join calls c on c.call_sid = r.call_sid
     left join call_recoveries cr on cr.call_sid = r.call_sid
     where r.ended_at < now() - make_interval(mins => $1) and r.ended_at > now() - interval '1 day'
       and r.status <> 'closed'
       and (c.id is null or (c.audio_key is null and not c.recording_lost))
       and (cr.call_sid is null or (cr.given_up_at is null and cr.next_at <= now()))
     order by r.ended_at
     limit $2`,
    [minMinutes, limit],
  );
  return rows;
}

/** One more try counted; the next is due after `delayMinutes`. */
export async function countAttempt(q: Queryable, callSid: string, delayMinutes: number): Promise<void> {
  await q.query(
    `insert into call_recoveries (call_sid, attempts, next_at) values ($1, 1, now() + make_interval(mins => $2))
     on conflict (call_sid) do update
       set attempts = call_recoveries.attempts + 1, next_at = now() + make_interval(mins => $2)`,
    [callSid, delayMinutes],
  );
}

export async function giveUp(q: Queryable, callSid: string): Promise<void> {
  await q.query(
    `insert into call_recoveries (call_sid, given_up_at) values ($1, now())
     on conflict (call_sid) do update set given_up_at = now()`,
    [callSid],
  );
}

/** The call's recording will never be ours: answers the call's id and owner when it changed now. */
export async function markRecordingLost(
  q: Queryable,
  conversationId: string,
): Promise<{ id: string; user_id: string } | undefined> {
  const { rows } = await q.query<{ id: string; user_id: string }>(
    `update calls set recording_lost = true
     where conversation_id = $1 and audio_key is null and not recording_lost returning id, user_id`,
    [conversationId],
  );
  return rows[0];
}

/** The stored call of a Twilio call, if its transcript is in. */
export async function storedCall(
  q: Queryable,
  callSid: string,
): Promise<{ conversation_id: string; audio_key: string | null } | undefined> {
  const { rows } = await q.query<{ conversation_id: string; audio_key: string | null }>(
    'select conversation_id, audio_key from calls where call_sid = $1',
    [callSid],
  );
  return rows[0];
}
