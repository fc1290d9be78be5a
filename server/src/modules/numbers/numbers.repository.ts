import type { Queryable } from '../../db/db.ts';

export interface AgentConfigRow {
  user_id: string;
  twilio_phone_number: string;
  twilio_number_sid: string | null;
  company_name: string;
  contact_email: string | null;
  documents: unknown;
  created_at: Date;
}

export async function findAgentConfig(q: Queryable, userId: string): Promise<AgentConfigRow | undefined> {
  const { rows } = await q.query<AgentConfigRow>('select * from agent_configs where user_id = $1', [userId]);
  return rows[0];
}

/** Returns undefined when the user already has a configuration (a concurrent provisioning won). */
export async function insertAgentConfig(
  q: Queryable,
  input: { userId: string; phoneNumber: string; sid: string; contactEmail: string },
): Promise<AgentConfigRow | undefined> {
  const { rows } = await q.query<AgentConfigRow>(
    `insert into agent_configs (user_id, twilio_phone_number, twilio_number_sid, contact_email)
     values ($1, $2, $3, $4)
     on conflict (user_id) do nothing
     returning *`,
    [input.userId, input.phoneNumber, input.sid, input.contactEmail],
  );
  return rows[0];
}

export async function deleteAgentConfig(q: Queryable, userId: string, phoneNumber: string): Promise<void> {
  await q.query('delete from agent_configs where user_id = $1 and twilio_phone_number = $2', [
    userId,
    phoneNumber,
  ]);
}

/** Claims the purchase of this user's number; false while another live claim holds it. */
export async function claimNumberPurchase(
  q: Queryable,
  userId: string,
  staleAfterSeconds: number,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `insert into number_claims (user_id) values ($1)
     on conflict (user_id) do update set claimed_at = now()
       where number_claims.claimed_at < now() - make_interval(secs => $2::double precision)`,
    [userId, staleAfterSeconds],
  );
  return rowCount === 1;
}

export async function releaseNumberClaim(q: Queryable, userId: string): Promise<void> {
  await q.query('delete from number_claims where user_id = $1', [userId]);
}

/** The owner of a dedicated Santa number (agent_configs.twilio_phone_number is unique). */
export async function findNumberOwner(q: Queryable, phoneNumber: string): Promise<string | undefined> {
  const { rows } = await q.query<{ user_id: string }>(
    'select user_id from agent_configs where twilio_phone_number = $1',
    [phoneNumber],
  );
  return rows[0]?.user_id;
}
