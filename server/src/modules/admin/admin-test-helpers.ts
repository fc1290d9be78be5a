import { expect } from 'vitest';
import type { SandboxStripe } from '../../providers/stripe/sandbox-stripe.ts';
import { PUBLIC_URL, signUp, type TestClient, type TestContext } from '../../../test/test-app.ts';

/** Admin tests' builders: a parent, a paid pass (optionally with a coupon), a call. */
export async function createParent(ctx: TestContext, name = 'Pat Parent') {
  return signUp(ctx.app, { name });
}

export async function generateCoupon(admin: TestClient, percent = 50, type = 'forever'): Promise<string> {
  const res = await admin.post(
    `/api/admin/coupons/generate?discount_percent=${percent}&discount_type=${type}`,
  );
  expect(res.status).toBe(201);
  return res.body.coupon.code as string;
}

/** Checkout through the payments API and pay on the Stripe sandbox, as the pricing page does. */
export async function buyPass(ctx: TestContext, parent: TestClient, couponCode?: string) {
  const res = await parent
    .post('/api/stripe/create-checkout')
    .type('form')
    .send({
      plan: 'subscription_3month',
      success_url: `${PUBLIC_URL}/dashboard`,
      cancel_url: `${PUBLIC_URL}/pricing`,
      ...(couponCode ? { coupon_code: couponCode } : {}),
    });
  expect(res.status).toBe(200);
  const sessionId = new URL(res.body.url as string).pathname.split('/').pop()!;
  await (ctx.providers.stripe as SandboxStripe).pay(sessionId);
}

export async function subscriptionOf(ctx: TestContext, userId: string) {
  const { rows } = await ctx.db.query<{
    plan: string;
    status: string;
    minutes_limit: number;
    discount_percent: number | null;
    cancel_at_period_end: boolean;
    stripe_subscription_id: string | null;
  }>('select * from subscriptions where user_id = $1', [userId]);
  return rows[0];
}

export async function stripeSubscription(ctx: TestContext, id: string) {
  const { rows } = await ctx.db.query<{
    object: { status: string; cancel_at_period_end: boolean; discounts: unknown[] };
  }>('select object from sandbox_stripe_subscriptions where id = $1', [id]);
  return rows[0]?.object;
}

export async function agentNumber(ctx: TestContext, userId: string): Promise<string | undefined> {
  const { rows } = await ctx.db.query<{ twilio_phone_number: string }>(
    'select twilio_phone_number from agent_configs where user_id = $1',
    [userId],
  );
  return rows[0]?.twilio_phone_number;
}

export async function sandboxNumberExists(ctx: TestContext, phoneNumber: string): Promise<boolean> {
  const { rows } = await ctx.db.query('select 1 from sandbox_twilio_numbers where phone_number = $1', [
    phoneNumber,
  ]);
  return rows.length > 0;
}

export async function auditRows(ctx: TestContext, action: string, targetUserId?: string) {
  const { rows } = await ctx.db.query<{
    admin_email: string;
    action: string;
    target_user_id: string | null;
    details: Record<string, unknown>;
  }>(
    `select admin_email, action, target_user_id, details from admin_audit_log
     where action = $1 and ($2::text is null or target_user_id = $2) order by created_at`,
    [action, targetUserId ?? null],
  );
  return rows;
}
