import type { CallChannel, NotChargedReason } from '@santa/shared/calls';
import type { Queryable } from '../../db/db.ts';
import type { FamiliesReadPart } from '../../db/families-read.ts';
import { placeholders } from '../../db/sql-array.ts';

export interface CallMediaRow {
  id: string;
  user_id: string;
  audio_key: string | null;
  recording_purchased: boolean;
  created_at: Date;
}

/** The recording is in: whether the provider's copy waited for it (provider_conversation_deletions). */
export interface AudioTaken {
  deletionWaiting: boolean;
}

/**
 * Answers whether a stored call took the recording, and whether a deletion of the provider's copy
 * waited for it, in the same statement (the audio webhook of every call).
 */
export async function setAudioKey(
  q: Queryable,
  conversationId: string,
  audioKey: string,
): Promise<AudioTaken | undefined> {
  const { rows } = await q.query<{ deletion_waiting: boolean }>(
    `update calls set audio_key = $2 where conversation_id = $1
     returning exists (select 1 from provider_conversation_deletions where conversation_id = $1) as deletion_waiting`,
    [conversationId, audioKey],
  );
  return rows[0] && { deletionWaiting: rows[0].deletion_waiting };
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

/** What a keepsake shows of a call (modules/keepsakes): its date, recap and recording's state. */
export interface CallKeepsakeRow {
  id: string;
  created_at: Date;
  recap: unknown;
  audio_key: string | null;
  recording_purchased: boolean;
  child_id: string | null;
}

export async function findCallKeepsake(
  q: Queryable,
  callId: string,
  userId: string,
): Promise<CallKeepsakeRow | undefined> {
  const { rows } = await q.query<CallKeepsakeRow>(
    `select id, created_at, recap, audio_key, recording_purchased, child_id
     from calls where id = $1 and user_id = $2`,
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

export interface CallRow {
  id: string;
  user_id: string;
  conversation_id: string | null;
  call_sid: string | null;
  phone_number: string | null;
  duration: number;
  transcript: string;
  summary: string;
  /** Written with the summary (migration 0039); null before, and for calls stored earlier. */
  recap: unknown;
  audio_key: string | null;
  recording_purchased: boolean;
  status: string;
  created_at: Date;
  /** Where the call was made (migration 0058). */
  channel: CallChannel;
}

/** A call as the parent's history shows it: with why it cost nothing, when it did not. */
export interface HistoryCallRow extends CallRow {
  not_charged: NotChargedReason | null;
  /** The child who spoke (migration 0046). */
  child_id?: string | null;
}

/** Another module's column of each call in the parent's history, read in the same statement. */
export interface CallColumn<T> {
  /** An SQL expression of the call whose id is `callId`. */
  select(callId: string): string;
  read(value: unknown): T;
}

/** The parent's own calls ($1), only one child's ($2) when it is given, newest first. */
const CALLS_OF_A_FAMILY = `from calls c left join call_reservations r on r.call_sid = c.call_sid
      where c.user_id = $1 and ($2::uuid is null or c.child_id = $2::uuid)
      order by c.created_at desc, c.id desc`;

/** The parent's own calls, newest first, each with `column` (another module's) when given. */
export async function listCallsByUser<T = undefined>(
  q: Queryable,
  userId: string,
  childId?: string,
  column?: CallColumn<T>,
): Promise<(HistoryCallRow & { column: T })[]> {
  const { rows } = await q.query<HistoryCallRow & { column: unknown }>(
    `select c.*, r.not_charged, ${column ? column.select('c.id') : 'null'} as column ${CALLS_OF_A_FAMILY}`,
    [userId, childId ?? null],
  );
  return rows.map((row) => ({ ...row, column: column ? column.read(row.column) : (undefined as T) }));
}

/**
 * The parent's history in one statement: the calls as listCallsByUser reads them, each with
 * `column`, and the family as another module reads it (`family`), which names the child who spoke
 * on each call. A dashboard polled every few seconds sends one statement, not two side by side.
 * Without calls there is nothing to name, so nothing of the family is read.
 */
export async function listHistory<T, F>(
  q: Queryable,
  userId: string,
  childId: string | undefined,
  parts: { column: CallColumn<T>; family: FamiliesReadPart<F> },
): Promise<{ calls: (HistoryCallRow & { column: T })[]; family: F | undefined }> {
  const { values, param } = placeholders([userId, childId ?? null]);
  const { rows } = await q.query<HistoryCallRow & { column: unknown; family: Record<string, unknown>[] }>(
    `with family as (${parts.family.select(param, 'array[$1::uuid]')})
     select c.*, r.not_charged, ${parts.column.select('c.id')} as column,
            (select coalesce(json_agg(family), '[]'::json) from family) as family
     ${CALLS_OF_A_FAMILY}`,
    values,
  );
  const family = rows[0] && parts.family.read(rows[0].family);
  const calls = rows.map(({ family: _family, ...row }) => ({
    ...row,
    column: parts.column.read(row.column),
  }));
  return { calls, family };
}

/** Every call of the family unlocked: a pass includes its recordings. */
export async function unlockAllRecordings(q: Queryable, userId: string): Promise<void> {
  await q.query(
    'update calls set recording_purchased = true where user_id = $1 and not recording_purchased',
    [userId],
  );
}

/** Unlocked by a paid recording checkout (fulfilment, in its transaction). */
export async function markRecordingPurchased(q: Queryable, callId: string, userId: string): Promise<void> {
  await q.query('update calls set recording_purchased = true where id = $1 and user_id = $2', [
    callId,
    userId,
  ]);
}

export interface RecentCallRow {
  id: string;
  phone_number: string | null;
  created_at: Date;
  duration: number;
}

export async function listRecentCalls(q: Queryable, userId: string, limit: number): Promise<RecentCallRow[]> {
  const { rows } = await q.query<RecentCallRow>(
    `select id, phone_number, created_at, duration from calls
     where user_id = $1 order by created_at desc limit $2`,
    [userId, limit],
  );
  return rows;
}

/** What must be deleted at the providers before the account's rows go. */
export async function listCallArtifacts(
  q: Queryable,
  userId: string,
): Promise<{ conversation_id: string | null; audio_key: string | null }[]> {
  const { rows } = await q.query<{ conversation_id: string | null; audio_key: string | null }>(
    `select conversation_id, audio_key from calls
     where user_id = $1 and (conversation_id is not null or audio_key is not null)`,
    [userId],
  );
  return rows;
}

export interface OwnCallArtifacts {
  id: string;
  conversation_id: string | null;
  audio_key: string | null;
}

/** The parent's own call, with what must be deleted elsewhere before its row goes. */
export async function findOwnCall(
  q: Queryable,
  callId: string,
  userId: string,
): Promise<OwnCallArtifacts | undefined> {
  const { rows } = await q.query<OwnCallArtifacts>(
    'select id, conversation_id, audio_key from calls where id = $1 and user_id = $2',
    [callId, userId],
  );
  return rows[0];
}

/**
 * The call's row (its safety read cascades) and any deletion or early recording still pending for
 * its conversation: nothing of the call is left to find or retry.
 */
export async function deleteOwnCall(q: Queryable, call: OwnCallArtifacts, userId: string): Promise<boolean> {
  const { rowCount } = await q.query('delete from calls where id = $1 and user_id = $2', [call.id, userId]);
  if (call.conversation_id) {
    await q.query('delete from provider_conversation_deletions where conversation_id = $1', [
      call.conversation_id,
    ]);
    await q.query('delete from early_recordings where conversation_id = $1', [call.conversation_id]);
  }
  return (rowCount ?? 0) > 0;
}
