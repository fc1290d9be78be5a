import type { Queryable } from '../../db/db.ts';

/** Read-only here: the numbers module buys and releases dedicated numbers. */
export async function findDedicatedNumber(q: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ twilio_phone_number: string }>(
    'select twilio_phone_number from agent_configs where user_id = $1',
    [userId],
  );
  return rows[0]?.twilio_phone_number;
}
