import type { RevokeAction } from '@santa/shared/admin';
import type { PlanId } from '@santa/shared/plans';
import type { Queryable } from '../../db/db.ts';

export interface CheckoutRow {
  id: string;
  user_id: string;
  kind: 'plan' | 'recording';
  plan: PlanId | null;
  call_id: string | null;
  coupon_code: string | null;
  stripe_session_id: string | null;
  status: 'open' | 'complete' | 'expired';
  created_at: Date;
  completed_at: Date | null;
  number_provisioned_at: Date | null;
  url: string | null;
  expires_at: Date | null;
}

/**
 * Inserts the checkout unless one is already open for the same call (a recording) or the same
 * family and plan (migration 0018); answers false when another request holds that place.
 */
export async function insertCheckout(
  q: Queryable,
  input: {
    id: string;
    userId: string;
    kind: CheckoutRow['kind'];
    plan?: PlanId;
    callId?: string;
    couponCode?: string;
  },
): Promise<boolean> {
  const { rowCount } = await q.query(
    `insert into checkouts (id, user_id, kind, plan, call_id, coupon_code) values ($1, $2, $3, $4, $5, $6)
     on conflict do nothing`,
    [input.id, input.userId, input.kind, input.plan ?? null, input.callId ?? null, input.couponCode ?? null],
  );
  return rowCount === 1;
}

/** The open checkout for this call's recording, or for this family's plan. */
export async function findOpenCheckoutFor(
  q: Queryable,
  input: { userId: string; kind: CheckoutRow['kind']; plan?: PlanId; callId?: string },
): Promise<CheckoutRow | undefined> {
  const { rows } = await q.query<CheckoutRow>(
    input.kind === 'recording'
      ? `select * from checkouts where status = 'open' and kind = 'recording' and call_id = $1`
      : `select * from checkouts where status = 'open' and kind = 'plan' and user_id = $1 and plan = $2`,
    input.kind === 'recording' ? [input.callId] : [input.userId, input.plan],
  );
  return rows[0];
}

export async function setCheckoutSession(
  q: Queryable,
  id: string,
  session: { id: string; url: string; expiresAt: Date },
): Promise<void> {
  await q.query('update checkouts set stripe_session_id = $2, url = $3, expires_at = $4 where id = $1', [
    id,
    session.id,
    session.url,
    session.expiresAt,
  ]);
}

export async function deleteCheckout(q: Queryable, id: string): Promise<void> {
  await q.query('delete from checkouts where id = $1', [id]);
}

export async function findCheckout(q: Queryable, id: string): Promise<CheckoutRow | undefined> {
  const { rows } = await q.query<CheckoutRow>('select * from checkouts where id = $1', [id]);
  return rows[0];
}

export async function findCheckoutBySession(
  q: Queryable,
  sessionId: string,
): Promise<CheckoutRow | undefined> {
  const { rows } = await q.query<CheckoutRow>('select * from checkouts where stripe_session_id = $1', [
    sessionId,
  ]);
  return rows[0];
}

/** open → complete exactly once; false when another delivery already completed it. */
export async function completeCheckout(q: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await q.query(
    `update checkouts set status = 'complete', completed_at = now() where id = $1 and status <> 'complete'`,
    [id],
  );
  return rowCount > 0;
}

export async function expireCheckout(q: Queryable, id: string): Promise<void> {
  await q.query(`update checkouts set status = 'expired' where id = $1 and status = 'open'`, [id]);
}

export async function markNumberProvisioned(q: Queryable, id: string): Promise<void> {
  await q.query('update checkouts set number_provisioned_at = now() where id = $1', [id]);
}

/** Records a Stripe event by id; false when it was already handled (a replay). */
export async function recordEvent(q: Queryable, id: string, type: string): Promise<boolean> {
  const { rowCount } = await q.query(
    'insert into stripe_events (id, type) values ($1, $2) on conflict (id) do nothing',
    [id, type],
  );
  return rowCount > 0;
}

export async function insertDiscountApplied(
  q: Queryable,
  input: { userId: string; percent: number; type: string; source: string },
): Promise<void> {
  await q.query(
    `insert into discount_history (user_id, action, discount_percent, discount_type, discount_source)
     values ($1, 'applied', $2, $3, $4)`,
    [input.userId, input.percent, input.type, input.source],
  );
}

/** Claims a renewal invoice for crediting; false when it was credited before (under any event id). */
export async function claimRenewalInvoice(q: Queryable, invoiceId: string, userId: string): Promise<boolean> {
  const { rowCount } = await q.query(
    'insert into renewal_invoices (invoice_id, user_id) values ($1, $2) on conflict do nothing',
    [invoiceId, userId],
  );
  return rowCount === 1;
}

export interface DiscountHistoryRow {
  id: string;
  action: string;
  discount_percent: number | null;
  discount_type: string | null;
  discount_source: string | null;
  revoked_by: string | null;
  revoke_reason: RevokeAction | null;
  created_at: Date;
}

export async function listDiscountHistory(q: Queryable, userId: string): Promise<DiscountHistoryRow[]> {
  const { rows } = await q.query<DiscountHistoryRow>(
    `select id, action, discount_percent, discount_type, discount_source, revoked_by, revoke_reason, created_at
     from discount_history where user_id = $1 order by created_at desc`,
    [userId],
  );
  return rows;
}

/** A revocation as the admin records it. */
export type RevokedDiscount = Omit<DiscountHistoryRow, 'id' | 'created_at' | 'action'> & { user_id: string };

export async function insertDiscountRevoked(q: Queryable, row: RevokedDiscount): Promise<void> {
  await q.query(
    `insert into discount_history
       (user_id, action, discount_percent, discount_type, discount_source, revoked_by, revoke_reason)
     values ($1, 'revoked', $2, $3, $4, $5, $6)`,
    [
      row.user_id,
      row.discount_percent,
      row.discount_type,
      row.discount_source,
      row.revoked_by,
      row.revoke_reason,
    ],
  );
}

/** A refund or dispute, as the admin sees it on the family. */
export async function insertReversal(
  q: Queryable,
  reversal: { userId: string | null; kind: string; chargeId: string; amountCents: number; ended: string },
): Promise<void> {
  await q.query(
    `insert into payment_reversals (user_id, kind, stripe_charge_id, amount_cents, ended)
     values ($1, $2, $3, $4, $5)`,
    [reversal.userId, reversal.kind, reversal.chargeId, reversal.amountCents, reversal.ended],
  );
}

export async function listReversals(
  q: Queryable,
  userId: string,
): Promise<{ kind: string; amount_cents: number; ended: string; created_at: Date }[]> {
  const { rows } = await q.query<{ kind: string; amount_cents: number; ended: string; created_at: Date }>(
    `select kind, amount_cents, ended, created_at from payment_reversals where user_id = $1
     order by created_at desc limit 20`,
    [userId],
  );
  return rows;
}
