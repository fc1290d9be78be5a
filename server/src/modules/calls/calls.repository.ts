import type { Queryable } from '../../db/db.ts';

export interface CallRow {
  id: string;
  user_id: string;
  conversation_id: string | null;
  call_sid: string | null;
  phone_number: string | null;
  duration: number;
  transcript: string;
  summary: string;
  audio_key: string | null;
  recording_purchased: boolean;
  status: string;
  created_at: Date;
}

export async function listCallsByUser(q: Queryable, userId: string): Promise<CallRow[]> {
  const { rows } = await q.query<CallRow>(
    'select * from calls where user_id = $1 order by created_at desc, id desc',
    [userId],
  );
  return rows;
}
