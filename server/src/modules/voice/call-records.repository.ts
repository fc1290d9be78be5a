import type { Queryable } from '../../db/db.ts';

export interface NewCallRecord {
  userId: string;
  conversationId: string;
  callSid: string | null;
  phoneNumber: string | null;
  durationSeconds: number;
  transcript: string;
  summary: string;
  audioKey: string | null;
  createdAt: Date;
}

export interface CallMediaRow {
  id: string;
  user_id: string;
  audio_key: string | null;
  recording_purchased: boolean;
  created_at: Date;
}

export async function hasCallForConversation(q: Queryable, conversationId: string): Promise<boolean> {
  // PGlite reports no rowCount for a select, so count the rows themselves.
  const { rows } = await q.query('select 1 from calls where conversation_id = $1', [conversationId]);
  return rows.length > 0;
}

/** Idempotent by conversation id (and call sid): a replayed event inserts nothing. */
export async function insertCallRecord(q: Queryable, call: NewCallRecord): Promise<string | undefined> {
  const { rows } = await q.query<{ id: string }>(
    `insert into calls (user_id, conversation_id, call_sid, phone_number, duration, transcript, summary, audio_key, status, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 'completed', $9)
     on conflict do nothing
     returning id`,
    [
      call.userId,
      call.conversationId,
      call.callSid,
      call.phoneNumber,
      call.durationSeconds,
      call.transcript,
      call.summary,
      call.audioKey,
      call.createdAt,
    ],
  );
  return rows[0]?.id;
}

export async function setAudioKey(q: Queryable, conversationId: string, audioKey: string): Promise<void> {
  await q.query('update calls set audio_key = $2 where conversation_id = $1', [conversationId, audioKey]);
}

export async function findCallMedia(
  q: Queryable,
  callId: string,
  userId: string,
): Promise<CallMediaRow | undefined> {
  const { rows } = await q.query<CallMediaRow>(
    'select id, user_id, audio_key, recording_purchased, created_at from calls where id = $1 and user_id = $2',
    [callId, userId],
  );
  return rows[0];
}

export async function existingConversationIds(q: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await q.query<{ conversation_id: string }>(
    'select conversation_id from calls where conversation_id = any($1::text[])',
    [ids],
  );
  return new Set(rows.map((row) => row.conversation_id));
}

export async function userExists(q: Queryable, userId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return false;
  const { rows } = await q.query('select 1 from users where id = $1', [userId]);
  return rows.length > 0;
}
