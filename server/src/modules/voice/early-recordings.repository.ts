import type { Queryable } from '../../db/db.ts';

/** A recording stored before its call (migrations/0015). */
export async function noteEarlyRecording(
  q: Queryable,
  conversationId: string,
  audioKey: string,
): Promise<void> {
  await q.query(
    'insert into early_recordings (conversation_id, audio_key) values ($1, $2) on conflict (conversation_id) do nothing',
    [conversationId, audioKey],
  );
}

export interface EarlyRecording {
  conversation_id: string;
  audio_key: string;
  /** A call now holds it: only the note goes. */
  claimed: boolean;
}

export async function findEarlyRecordings(
  q: Queryable,
  olderThanSeconds: number,
  limit: number,
): Promise<EarlyRecording[]> {
  const { rows } = await q.query<EarlyRecording>(
    `select e.conversation_id, e.audio_key,
            exists (select 1 from calls c where c.conversation_id = e.conversation_id) as claimed
     from early_recordings e
     where e.received_at < now() - make_interval(secs => $1)
     order by e.received_at
     limit $2`,
    [olderThanSeconds, limit],
  );
  return rows;
}

export async function forgetEarlyRecording(q: Queryable, conversationId: string): Promise<void> {
  await q.query('delete from early_recordings where conversation_id = $1', [conversationId]);
}
