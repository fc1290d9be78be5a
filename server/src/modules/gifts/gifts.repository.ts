import type { PurchasablePlanId } from '@santa/shared/plans';
import type { Queryable } from '../../db/db.ts';

export interface GiftRow {
  id: string;
  plan: PurchasablePlanId;
  buyer_user_id: string | null;
  buyer_email: string | null;
  buyer_name: string;
  recipient_email: string | null;
  recipient_name: string | null;
  message: string | null;
  deliver_on: string;
  deliver_at: Date;
  stripe_session_id: string | null;
  amount_cents: number | null;
  created_at: Date;
  paid_at: Date | null;
  delivered_at: Date | null;
  redeemed_at: Date | null;
  redeemed_by: string | null;
}

export type NewGift = Pick<
  GiftRow,
  | 'plan'
  | 'buyer_user_id'
  | 'buyer_email'
  | 'buyer_name'
  | 'recipient_email'
  | 'recipient_name'
  | 'message'
  | 'deliver_on'
  | 'deliver_at'
>;

// deliver_on as text: a calendar day, never shifted by the server's time zone.
const COLUMNS = `id, plan, buyer_user_id, buyer_email, buyer_name, recipient_email, recipient_name, message,
  deliver_on::text as deliver_on, deliver_at, stripe_session_id, amount_cents, created_at, paid_at,
  delivered_at, redeemed_at, redeemed_by`;

export async function insertGift(q: Queryable, gift: NewGift): Promise<GiftRow> {
  const { rows } = await q.query<GiftRow>(
    `insert into gifts (plan, buyer_user_id, buyer_email, buyer_name, recipient_email, recipient_name,
       message, deliver_on, deliver_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${COLUMNS}`,
    [
      gift.plan,
      gift.buyer_user_id,
      gift.buyer_email,
      gift.buyer_name,
      gift.recipient_email,
      gift.recipient_name,
      gift.message,
      gift.deliver_on,
      gift.deliver_at,
    ],
  );
  return rows[0]!;
}

export async function setSession(q: Queryable, id: string, sessionId: string): Promise<void> {
  await q.query('update gifts set stripe_session_id = $2 where id = $1', [id, sessionId]);
}

export async function deleteGift(q: Queryable, id: string): Promise<void> {
  await q.query('delete from gifts where id = $1', [id]);
}

export async function findGift(q: Queryable, id: string): Promise<GiftRow | undefined> {
  const { rows } = await q.query<GiftRow>(`select ${COLUMNS} from gifts where id = $1`, [id]);
  return rows[0];
}

/** Unpaid → paid exactly once, whichever of Stripe's deliveries gets here first. */
export async function markPaid(
  q: Queryable,
  input: { id: string; sessionId: string; amountCents: number },
): Promise<GiftRow | undefined> {
  const { rows } = await q.query<GiftRow>(
    `update gifts set paid_at = now(), stripe_session_id = $2, amount_cents = $3
     where id = $1 and paid_at is null returning ${COLUMNS}`,
    [input.id, input.sessionId, input.amountCents],
  );
  return rows[0];
}

/** Paid → delivered once; undefined for a gift already delivered (or gone). */
export async function markDelivered(q: Queryable, id: string): Promise<GiftRow | undefined> {
  const { rows } = await q.query<GiftRow>(
    `update gifts set delivered_at = now()
     where id = $1 and paid_at is not null and delivered_at is null returning ${COLUMNS}`,
    [id],
  );
  return rows[0];
}

/** A new redeem code for a gift not yet redeemed (the email that carries it is being sent). */
export async function setTokenHash(
  q: Queryable,
  id: string,
  tokenHash: string,
): Promise<GiftRow | undefined> {
  const { rows } = await q.query<GiftRow>(
    `update gifts set token_hash = $2 where id = $1 and redeemed_at is null and paid_at is not null
     returning ${COLUMNS}`,
    [id, tokenHash],
  );
  return rows[0];
}

export async function findByTokenHash(
  q: Queryable,
  tokenHash: string,
  lock = false,
): Promise<GiftRow | undefined> {
  const { rows } = await q.query<GiftRow>(
    // A refunded or disputed gift is no gift any more: its link finds nothing.
    `select ${COLUMNS} from gifts where token_hash = $1 and reversed_at is null${lock ? ' for update' : ''}`,
    [tokenHash],
  );
  return rows[0];
}

/**
 * The gift's payment was refunded or disputed: it can no longer be redeemed. Answers the gift as
 * it was (who redeemed it, if anyone), or undefined when no paid gift has this session.
 */
export async function markReversed(
  q: Queryable,
  sessionId: string,
): Promise<{ id: string; plan: string; redeemed_by: string | null } | undefined> {
  const { rows } = await q.query<{ id: string; plan: string; redeemed_by: string | null }>(
    `update gifts set reversed_at = coalesce(reversed_at, now())
     where stripe_session_id = $1 and paid_at is not null returning id, plan, redeemed_by`,
    [sessionId],
  );
  return rows[0];
}

export async function markRedeemed(q: Queryable, id: string, userId: string): Promise<boolean> {
  const { rowCount } = await q.query(
    'update gifts set redeemed_at = now(), redeemed_by = $2 where id = $1 and redeemed_at is null and reversed_at is null',
    [id, userId],
  );
  return rowCount === 1;
}

/** Gifts whose checkout was never paid: nothing to keep once Stripe's session has expired. */
export async function deleteUnpaidBefore(q: Queryable, before: Date): Promise<number> {
  const { rowCount } = await q.query('delete from gifts where paid_at is null and created_at < $1', [before]);
  return rowCount;
}

/** Erasure: a buyer's receipt address, and what a redeemer's gifts said about them (their ids). */
export async function forgetAccount(q: Queryable, userId: string): Promise<string[]> {
  await q.query('update gifts set buyer_email = null where buyer_user_id = $1', [userId]);
  const { rows } = await q.query<{ id: string }>(
    `update gifts set recipient_email = null, recipient_name = null, message = null
     where redeemed_by = $1 returning id`,
    [userId],
  );
  return rows.map((row) => row.id);
}

export async function countGifts(
  q: Queryable,
): Promise<{ bought: number; delivered: number; redeemed: number }> {
  const { rows } = await q.query<{ bought: number; delivered: number; redeemed: number }>(
    `select count(paid_at)::int as bought, count(delivered_at)::int as delivered,
            count(redeemed_at)::int as redeemed from gifts`,
  );
  return rows[0]!;
}

export async function listRecentPaid(q: Queryable, limit: number): Promise<GiftRow[]> {
  const { rows } = await q.query<GiftRow>(
    `select ${COLUMNS} from gifts where paid_at is not null order by paid_at desc limit $1`,
    [limit],
  );
  return rows;
}
