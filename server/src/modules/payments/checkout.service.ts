import { randomUUID } from 'node:crypto';
import { RECORDING_PRICE_CENTS } from '@santa/shared/constants';
import { planTerms } from '@santa/shared/billing-terms';
import {
  checkoutReturnUrl,
  passAlreadyActiveMessage,
  PAYMENT_MESSAGES,
  planAlreadyHeldMessage,
  type CreateCheckoutRequest,
} from '@santa/shared/payments';
import { PLANS } from '@santa/shared/plans';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import type {
  CheckoutDiscount,
  CreateCheckoutSessionInput,
  StripeProvider,
} from '../../providers/stripe/stripe-provider.ts';
import { isUsable, type SubscriptionService } from '../subscription/subscription.service.ts';
import type { SubscriptionRow } from '../subscription/subscription.repository.ts';
import type { CouponsService } from './coupons.service.ts';
import { createPassChange } from './pass-change.ts';
import * as repo from './payments.repository.ts';

/** Stripe accepts expires_at from 30 minutes to 24 hours ahead; a little margin over the minimum. */
const SESSION_LIFETIME_MS = 35 * 60_000;
/** The coupon hold outlives the session it belongs to, so an expired session can never be paid with it. */
const RESERVATION_MARGIN_MS = 5 * 60_000;

/** How long to wait for a concurrent request that is opening the same checkout at Stripe. */
const OPENING_WAIT_MS = 10_000;
const OPENING_POLL_MS = 100;
/** An open checkout is reused only while the parent still has time to pay it. */
const REUSE_MARGIN_MS = 5 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface CheckoutRecord {
  kind: 'plan' | 'recording';
  plan?: CreateCheckoutRequest['plan'];
  callId?: string;
  couponCode?: string;
}

type SessionShape = Omit<
  CreateCheckoutSessionInput,
  'checkoutId' | 'userId' | 'customerEmail' | 'customerId' | 'metadata' | 'expiresAt' | 'discount'
>;

export interface CheckoutUser {
  id: string;
  email: string;
}

/**
 * Starts checkouts. Coupon races are settled *before payment*: the coupon is reserved for one
 * open checkout at a time (a second checkout gets a 400), and the session expires before the
 * hold does. Fulfilment still redeems atomically, so even a broken hold grants one discount.
 */
/** What payments asks the voice module, which owns the calls. */
export interface CallsPort {
  recordingStatus(
    userId: string,
    callId: string,
  ): Promise<{ hasRecording: boolean; purchased: boolean } | undefined>;
  markRecordingPurchased(q: Queryable, callId: string, userId: string): Promise<void>;
  /** A pass started: every recording of the family's calls is theirs to play, no charge. */
  includeRecordings(q: Queryable, userId: string): Promise<void>;
}

/** Beside the pay button at Stripe: the terms and privacy notice, as the pricing page links them. */
export function checkoutLegalNote(origin: string): string {
  return `By paying you agree to the Santa Calls terms (${origin}/terms) and have read our privacy notice (${origin}/privacy).`;
}

export function createCheckoutService(deps: {
  db: Db;
  stripe: StripeProvider;
  coupons: CouponsService;
  subscription: SubscriptionService;
  calls: CallsPort;
  publicUrl: string;
}) {
  const { db, stripe, coupons, subscription, publicUrl } = deps;
  const origin = new URL(publicUrl).origin;
  const passChange = createPassChange({ stripe });

  function assertOwnUrl(url: string): void {
    if (new URL(url).origin !== origin) throw new AppError('bad_request', PAYMENT_MESSAGES.foreignRedirect);
  }

  /** The open checkout's URL, or a new checkout's. */
  async function open(
    user: CheckoutUser,
    record: CheckoutRecord,
    session: SessionShape,
    /** The parent's plan now: its Stripe customer is reused. */
    current: SubscriptionRow | undefined,
  ): Promise<string> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const openUrl = await reuseOpenCheckout(user, record);
      if (openUrl) return openUrl;
      const url = await openNew(user, record, session, current);
      if (url) return url;
      // Another request opened this checkout between our look and our insert: answer theirs.
    }
    throw new AppError('conflict', PAYMENT_MESSAGES.checkoutBusy);
  }

  /**
   * One open checkout per thing bought, so it can be paid once: a second request (a double
   * click, ten tabs) answers the open checkout's URL. One that is about to expire, or was opened
   * with another coupon, is closed at Stripe and replaced.
   */
  async function reuseOpenCheckout(user: CheckoutUser, record: CheckoutRecord): Promise<string | undefined> {
    for (let waited = 0; ; waited += OPENING_POLL_MS) {
      const existing = await repo.findOpenCheckoutFor(db, { userId: user.id, ...record });
      if (!existing) return undefined;
      if (!existing.url) {
        // Still being opened by a concurrent request (its Stripe call is in flight).
        if (waited >= OPENING_WAIT_MS) throw new AppError('conflict', PAYMENT_MESSAGES.checkoutBusy);
        await sleep(OPENING_POLL_MS);
        continue;
      }
      const fresh = existing.expires_at && existing.expires_at.getTime() - Date.now() > REUSE_MARGIN_MS;
      if (fresh && (existing.coupon_code ?? undefined) === record.couponCode) return existing.url;
      try {
        if (existing.stripe_session_id) await stripe.expireCheckoutSession(existing.stripe_session_id);
      } catch {
        // Stripe refuses to expire a session that was just paid: the purchase is landing.
        throw new AppError('conflict', PAYMENT_MESSAGES.checkoutBusy);
      }
      await repo.expireCheckout(db, existing.id);
      // Its coupon hold goes with it, so the same coupon can be used in the checkout that replaces it.
      if (existing.coupon_code) await coupons.releaseReservation(existing.id);
      return undefined;
    }
  }

  /** Our checkout row first, then Stripe (never inside the transaction); undefined when another request won. */
  async function openNew(
    user: CheckoutUser,
    record: CheckoutRecord,
    session: SessionShape,
    current: SubscriptionRow | undefined,
  ): Promise<string | undefined> {
    const checkoutId = randomUUID();
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
    let replacing: repo.CheckoutRow | undefined;
    if (record.couponCode) {
      // The same parent coming back from Cancel may reuse their coupon: close their old session first.
      const coupon = await coupons.findByCode(record.couponCode);
      const holder = coupon?.reserved_by_checkout
        ? await repo.findCheckout(db, coupon.reserved_by_checkout)
        : undefined;
      if (holder && holder.user_id === user.id && holder.status === 'open' && holder.stripe_session_id) {
        try {
          await stripe.expireCheckoutSession(holder.stripe_session_id);
        } catch {
          throw new AppError('bad_request', PAYMENT_MESSAGES.couponInCheckout);
        }
        await repo.expireCheckout(db, holder.id);
        replacing = holder;
      }
    }
    const claimed = await db.transaction(async (tx): Promise<{ discount?: CheckoutDiscount } | undefined> => {
      if (!(await repo.insertCheckout(tx, { id: checkoutId, userId: user.id, ...record }))) return undefined;
      if (!record.couponCode) return {};
      const coupon = await coupons.reserve(tx, {
        code: record.couponCode,
        checkoutId,
        until: new Date(expiresAt.getTime() + RESERVATION_MARGIN_MS),
        replacing: replacing?.id ?? null,
      });
      return {
        discount: {
          percent: coupon.discount_percent,
          duration: coupon.discount_type === 'forever' ? 'forever' : 'once',
          code: coupon.code,
        },
      };
    });
    if (!claimed) return undefined;
    const { discount } = claimed;
    const metadata: Record<string, string> = { checkout_id: checkoutId, user_id: user.id, kind: record.kind };
    if (record.plan) metadata.plan = record.plan;
    if (record.callId) metadata.call_id = record.callId;
    if (record.couponCode) metadata.coupon_code = record.couponCode;
    try {
      const created = await stripe.createCheckoutSession({
        ...session,
        discount,
        checkoutId,
        userId: user.id,
        customerEmail: user.email,
        customerId: current?.stripe_customer_id ?? null,
        metadata,
        expiresAt,
        submitMessage: checkoutLegalNote(origin),
      });
      await repo.setCheckoutSession(db, checkoutId, { id: created.id, url: created.url, expiresAt });
      return created.url;
    } catch (error) {
      await coupons.releaseReservation(checkoutId);
      await repo.deleteCheckout(db, checkoutId);
      if (error instanceof AppError) throw error;
      throw new AppError('provider_failed', 'Failed to create checkout');
    }
  }

  /** The coupon's terms for the checkout line; an unusable one is refused later, when it is held. */
  async function couponOf(code: string | undefined) {
    return code ? await coupons.findByCode(code) : undefined;
  }

  return {
    async createPlanCheckout(user: CheckoutUser, input: CreateCheckoutRequest): Promise<{ url: string }> {
      assertOwnUrl(input.success_url);
      assertOwnUrl(input.cancel_url);
      const plan = PLANS[input.plan];
      const isPass = plan.billing === 'subscription';
      const current = await subscription.find(user.id);
      const held = current && isUsable(current) ? current : undefined;
      if (held?.plan === input.plan)
        throw new AppError('conflict', planAlreadyHeldMessage(plan.name, held.cancel_at_period_end));
      // Pay Per Call would end a pass: its Stripe subscription, number and minutes with it.
      if (!isPass && held && PLANS[held.plan].billing === 'subscription')
        throw new AppError('conflict', passAlreadyActiveMessage(PLANS[held.plan].name));
      // A pass paid by a live Stripe subscription changes that subscription (decision 0012).
      if (isPass && held && passChange.applies(held)) {
        if (input.coupon_code) throw new AppError('bad_request', PAYMENT_MESSAGES.couponOnPassChange);
        return { url: await passChange.change(held, input.plan, input.success_url) };
      }
      const url = await open(
        user,
        { kind: 'plan', plan: input.plan, couponCode: input.coupon_code },
        {
          mode: isPass ? 'subscription' : 'payment',
          lineItem: {
            name: plan.name,
            amountCents: plan.priceCents,
            ...(isPass && plan.periodMonths ? { intervalMonths: plan.periodMonths } : {}),
            description: planTerms(plan, termsDiscountOf(await couponOf(input.coupon_code))),
          },
          successUrl: input.success_url,
          cancelUrl: input.cancel_url,
        },
        current,
      );
      return { url };
    },

    async purchaseRecording(user: CheckoutUser, callId: string): Promise<{ checkout_url: string }> {
      const call = await deps.calls.recordingStatus(user.id, callId);
      if (!call) throw new AppError('not_found', PAYMENT_MESSAGES.callNotFound);
      if (!call.hasRecording) throw new AppError('bad_request', PAYMENT_MESSAGES.noRecording);
      if (call.purchased) throw new AppError('conflict', PAYMENT_MESSAGES.recordingPurchased);
      const url = await open(
        user,
        { kind: 'recording', callId },
        {
          mode: 'payment',
          lineItem: { name: 'Call recording', amountCents: RECORDING_PRICE_CENTS },
          successUrl: checkoutReturnUrl(origin),
          cancelUrl: `${origin}/dashboard`,
        },
        await subscription.find(user.id),
      );
      return { checkout_url: url };
    },
  };
}

function termsDiscountOf(
  coupon: { discount_percent: number; discount_type: 'first_month' | 'forever' } | undefined,
) {
  return coupon ? { percent: coupon.discount_percent, type: coupon.discount_type } : null;
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
