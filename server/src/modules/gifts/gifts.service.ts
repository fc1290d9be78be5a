import type { Logger } from 'pino';
import {
  GIFT_MAX_DAYS_AHEAD,
  GIFT_MESSAGES,
  giftPlanHeldMessage,
  localDateOf,
  type GiftCheckoutRequest,
  type GiftView,
  type RedeemGiftResponse,
} from '@santa/shared/gifts';
import { PLANS, recordingsIncluded } from '@santa/shared/plans';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import { QUEUES, type JobSender } from '../../jobs/queues.ts';
import type { StripeProvider } from '../../providers/stripe/stripe-provider.ts';
import { hashToken } from '../auth/tokens.ts';
import { checkoutLegalNote } from '../payments/checkout.service.ts';
import type { GiftReceipt } from '../email/email.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { isUsable, planActivated } from '../subscription/subscription.service.ts';
import * as repo from './gifts.repository.ts';

/** Stripe accepts expires_at from 30 minutes ahead; as the plan checkout does. */
const SESSION_LIFETIME_MS = 35 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** A future day's email goes at 8 in the morning of the buyer's calendar, not at midnight. */
const DELIVERY_HOUR = 8;

export interface GiftDeliveryJob {
  giftId: string;
}

export interface GiftBuyer {
  id: string;
  email: string;
  name: string;
}

export interface GiftsDeps {
  db: Db;
  stripe: StripeProvider;
  jobs: JobSender;
  subscription: SubscriptionService;
  /** The email module: the buyer's receipt, the recipient's email, and their erasure. */
  emails: {
    giftReceipt(tx: Queryable, receipt: GiftReceipt): Promise<unknown>;
    giftDelivery(tx: Queryable, delivery: { giftId: string; to: string }): Promise<unknown>;
  };
  /** The voice module: a pass includes the family's recordings, as when it is bought. */
  calls: { includeRecordings(q: Queryable, userId: string): Promise<void> };
  numbers: { provisionDedicatedNumber(userId: string, email: string): Promise<unknown> };
  accounts: { lockAccount(q: Queryable, userId: string): Promise<boolean> };
  publicUrl: string;
  logger: Logger;
  now?: () => Date;
}

function addMonths(from: Date, months: number): Date {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

/**
 * When the recipient's email goes: now for today, else 8 am of that day where the buyer is.
 * Refuses a day before the buyer's today or more than a year after it.
 */
export function deliveryInstant(deliverOn: string, offsetMinutes: number, now: Date): Date {
  const today = localDateOf(now, offsetMinutes);
  const daysAhead = (Date.parse(deliverOn) - Date.parse(today)) / DAY_MS;
  if (!(daysAhead >= 0 && daysAhead <= GIFT_MAX_DAYS_AHEAD))
    throw new AppError('bad_request', GIFT_MESSAGES.dateOutOfRange);
  if (daysAhead === 0) return now;
  return new Date(Date.parse(deliverOn) + offsetMinutes * 60_000 + DELIVERY_HOUR * 60 * 60_000);
}

/**
 * Gifts (decision 0022): bought by anyone through a one-time Stripe Checkout, recorded paid by the
 * webhook once, emailed to the recipient on their day by a job, redeemed once by an account.
 */
export function createGiftsService(deps: GiftsDeps) {
  const { db, stripe, subscription, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const origin = new URL(deps.publicUrl).origin;

  return {
    async createCheckout(buyer: GiftBuyer | undefined, input: GiftCheckoutRequest): Promise<{ url: string }> {
      const buyerName = buyer?.name || input.buyer_name;
      const buyerEmail = buyer?.email ?? input.buyer_email;
      if (!buyerName || !buyerEmail) throw new AppError('bad_request', GIFT_MESSAGES.buyerRequired);
      const at = now();
      const deliverAt = deliveryInstant(input.deliver_on, input.tz_offset_minutes, at);
      const plan = PLANS[input.plan];
      const gift = await repo.insertGift(db, {
        plan: input.plan,
        buyer_user_id: buyer?.id ?? null,
        buyer_email: buyerEmail,
        buyer_name: buyerName,
        recipient_email: input.recipient_email,
        recipient_name: input.recipient_name,
        message: input.message || null,
        deliver_on: input.deliver_on,
        deliver_at: deliverAt,
      });
      try {
        // One payment even for a pass: the giver pays once and nothing renews (decision 0022).
        const session = await stripe.createCheckoutSession({
          mode: 'payment',
          lineItem: {
            name: `Gift: ${plan.name}`,
            amountCents: plan.priceCents,
            description: `For ${input.recipient_name}, emailed on ${input.deliver_on}. Paid once, never renews.`,
          },
          checkoutId: gift.id,
          userId: buyer?.id,
          customerEmail: buyerEmail,
          metadata: { kind: 'gift', gift_id: gift.id, plan: input.plan },
          successUrl: `${origin}/gift?sent=${input.deliver_on}`,
          cancelUrl: `${origin}/gift`,
          expiresAt: new Date(at.getTime() + SESSION_LIFETIME_MS),
          submitMessage: checkoutLegalNote(origin),
        });
        await repo.setSession(db, gift.id, session.id);
        return { url: session.url };
      } catch (error) {
        await repo.deleteGift(db, gift.id);
        if (error instanceof AppError) throw error;
        throw new AppError('provider_failed', 'Failed to create checkout');
      }
    },

    /**
     * Stripe says the gift's checkout is paid (in the webhook's transaction). Only the delivery
     * that marks it paid queues the receipt and the delivery job, so a replayed, concurrent or
     * reordered event changes nothing.
     */
    /** Its payment was refunded or disputed: see markReversed. In the event's transaction. */
    reverse: (tx: Queryable, sessionId: string) => repo.markReversed(tx, sessionId),

    async recordPaid(
      tx: Queryable,
      paid: { giftId: string; sessionId: string; amountCents: number },
    ): Promise<void> {
      const gift = await repo.markPaid(tx, {
        id: paid.giftId,
        sessionId: paid.sessionId,
        amountCents: paid.amountCents,
      });
      if (!gift) return;
      if (gift.buyer_email) {
        await deps.emails.giftReceipt(tx, {
          giftId: gift.id,
          userId: gift.buyer_user_id,
          to: gift.buyer_email,
          buyerName: gift.buyer_name,
          recipientName: gift.recipient_name,
          plan: gift.plan,
          amountCents: paid.amountCents,
          deliverOn: gift.deliver_on,
        });
      }
      // One job per gift; the queue holds it until its day, and one replica runs it.
      await deps.jobs.send(QUEUES.giftDelivery, { giftId: gift.id } satisfies GiftDeliveryJob, tx, {
        startAfter: new Date(gift.deliver_at),
      });
    },

    /** The delivery job: the recipient's email, once per gift. */
    async deliver(job: GiftDeliveryJob): Promise<void> {
      await db.transaction(async (tx) => {
        const gift = await repo.markDelivered(tx, job.giftId);
        if (gift?.recipient_email)
          await deps.emails.giftDelivery(tx, { giftId: gift.id, to: gift.recipient_email });
      });
    },

    async view(code: string): Promise<GiftView> {
      const gift = code ? await repo.findByTokenHash(db, hashToken(code)) : undefined;
      if (!gift) throw new AppError('not_found', GIFT_MESSAGES.notFound);
      return {
        giver_name: gift.buyer_name,
        recipient_name: gift.recipient_name,
        message: gift.message,
        plan: gift.plan,
        plan_name: PLANS[gift.plan].name,
        redeemed: gift.redeemed_at !== null,
      };
    },

    /**
     * Starts the gift's plan for the signed-in redeemer as a purchase would, in one transaction
     * under the gift's row lock: the code is spent exactly once. A running plan of the same kind
     * refuses it and leaves the code unspent.
     */
    async redeem(user: { id: string; email: string }, code: string): Promise<RedeemGiftResponse> {
      const gift = await db.transaction(async (tx) => {
        await deps.accounts.lockAccount(tx, user.id);
        const found = await repo.findByTokenHash(tx, hashToken(code), true);
        if (!found) throw new AppError('not_found', GIFT_MESSAGES.notFound);
        if (found.redeemed_at) throw new AppError('conflict', GIFT_MESSAGES.alreadyRedeemed);
        const current = await subscription.findForUpdate(tx, user.id);
        const held = current && isUsable(current) ? current : undefined;
        if (held && (held.plan === found.plan || PLANS[held.plan].billing === 'subscription'))
          throw new AppError('conflict', giftPlanHeldMessage(PLANS[held.plan].name));
        const plan = PLANS[found.plan];
        const activated = planActivated(current, {
          plan: found.plan,
          amountCents: 0,
          // A pass paid once: its period runs from today, and it does not renew.
          currentPeriodEnd: plan.periodMonths ? addMonths(now(), plan.periodMonths) : null,
        });
        await subscription.save(tx, user.id, { ...activated, cancel_at_period_end: !!plan.periodMonths });
        if (recordingsIncluded(found.plan)) await deps.calls.includeRecordings(tx, user.id);
        await repo.markRedeemed(tx, found.id, user.id);
        return found;
      });
      const plan = PLANS[gift.plan];
      if (plan.line === 'dedicated') {
        // After commit, as for a bought pass; the hourly upkeep retries a purchase that failed.
        await deps.numbers.provisionDedicatedNumber(user.id, user.email).catch((error: unknown) => {
          logger.error(
            { err: error, giftId: gift.id },
            'could not buy the dedicated number of a redeemed gift',
          );
        });
      }
      return { message: `Your ${plan.name} has started. Enjoy your calls with Santa!`, plan_name: plan.name };
    },
  };
}

export type GiftsService = ReturnType<typeof createGiftsService>;
