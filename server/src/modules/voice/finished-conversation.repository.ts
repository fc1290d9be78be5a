import type { Queryable } from '../../db/db.ts';
import { placeholders } from '../../db/sql-array.ts';
import type { FamiliesReadPart } from '../../db/families-read.ts';
import type { ReservationRow } from './reservations.repository.ts';

/** Whose a finished conversation is, as other modules know it, read in the same statement. */
export interface ConversationFamily<T> {
  /** The family the call's own variables name, trusted only when no reservation names one. */
  named: string | null;
  /** The auth module: a select of the account's id, for an SQL uuid, when it exists. */
  account(userId: string): string;
  /** The children module: the family's children. */
  children: FamiliesReadPart<T>;
}

/** What the post-call webhook finds for a conversation: its call, or the reservation it settles. */
export type FinishedConversation<T> =
  | { recorded: true }
  | {
      recorded: false;
      reservation: ReservationRow | undefined;
      /** The reservation's family, else the named one if its account exists. */
      userId: string | undefined;
      family: T;
    };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the conversation is already in the history (ElevenLabs may send its event twice) and,
 * if not, the reservation it settles, chosen as findReservationForCall chooses, with the family's
 * children: one statement.
 */
export async function findFinishedConversation<T>(
  q: Queryable,
  call: { conversationId: string; callSid: string | null },
  family: ConversationFamily<T>,
): Promise<FinishedConversation<T>> {
  // A name that is no account's id names no family (and must not fail the statement's cast).
  const named = family.named !== null && UUID.test(family.named) ? family.named : null;
  const { values, param } = placeholders([call.conversationId, call.callSid, named]);
  const { rows } = await q.query<
    ReservationRow & { recorded: boolean; family_id: string | null; children: [] }
  >(
    `with asked as (
       select exists (select 1 from calls where conversation_id = $1) as recorded, r.*
       from (select 1) as one
       left join lateral (
         select * from call_reservations
         where (call_sid = $1 and channel = 'browser') or call_sid = $2
         order by channel = 'browser' desc limit 1
       ) r on true
     ), whose as (
       select coalesce((select user_id from asked), (${family.account('$3::uuid')})) as user_id
     ), family_children as (${family.children.select(param, 'array(select user_id from whose)')})
     select asked.*, (select user_id from whose) as family_id,
            coalesce((select json_agg(family_children) from family_children), '[]'::json) as children
     from asked`,
    values,
  );
  const { recorded, family_id: userId, children, ...reservation } = rows[0]!;
  if (recorded) return { recorded: true };
  return {
    recorded: false,
    reservation: reservation.id ? reservation : undefined,
    userId: userId ?? undefined,
    family: family.children.read(children),
  };
}
