import type { Queryable } from '../../db/db.ts';
import { placeholders, sqlArray } from '../../db/sql-array.ts';

/** A stored call as its after-call job reads it, once for both halves. */
export interface StoredCall {
  id: string;
  duration: number;
  transcript: string;
  /** Its summary is written (by an earlier try). */
  summarized: boolean;
  /** The recap email an earlier try decided and did not send (it stopped in between). */
  unsentRecapId: string | null;
  /** Its safety read is stored (by an earlier try). */
  safetyRead: boolean;
}

/**
 * Other modules' columns in the read, each a select for the call id it is given: the email
 * module's unsent recap (absent when recaps are off) and the call-safety module's stored read.
 */
export interface AfterCallColumns {
  unsentRecap?: (callId: string) => string;
  safetyRead: (callId: string) => string;
}

/** The stored calls by conversation id, with what earlier tries of their jobs already did. */
export async function findCallsAfterCall(
  q: Queryable,
  conversationIds: string[],
  columns: AfterCallColumns,
): Promise<Map<string, StoredCall>> {
  const { values, param } = placeholders();
  const { rows } = await q.query<StoredCall & { conversation_id: string }>(
    `select id, conversation_id, duration, transcript, summary <> '' as summarized,
            ${columns.unsentRecap ? `(${columns.unsentRecap('calls.id')})` : 'null::uuid'} as "unsentRecapId",
            ${columns.safetyRead('calls.id')} as "safetyRead"
     from calls where conversation_id = any(${sqlArray(conversationIds, 'text', param)})`,
    values,
  );
  return new Map(rows.map(({ conversation_id: id, ...call }) => [id, call]));
}
