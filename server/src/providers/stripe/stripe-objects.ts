import { z } from 'zod';

/**
 * The parts of Stripe's objects we read, parsed rather than trusted. Both the SDK
 * adapter and the sandbox hand back Stripe's JSON; these schemas turn it into our shapes.
 */
const idOrObject = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullish()
  .transform((value) => (value == null ? null : typeof value === 'string' ? value : value.id));

const metadataSchema = z
  .record(z.string(), z.string())
  .nullish()
  .transform((value) => value ?? {});

export const stripeEventSchema = z.object({
  id: z.string().min(1),
  object: z.literal('event'),
  type: z.string().min(1),
  created: z.number().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEvent = z.infer<typeof stripeEventSchema>;

export const checkoutSessionSchema = z.object({
  id: z.string(),
  object: z.literal('checkout.session'),
  mode: z.enum(['payment', 'subscription', 'setup']),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  status: z.string().nullish(),
  amount_total: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? 0),
  customer: idOrObject,
  subscription: idOrObject,
  client_reference_id: z.string().nullish(),
  metadata: metadataSchema,
});
export type StripeCheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;

const subscriptionObjectSchema = z.object({
  id: z.string(),
  object: z.literal('subscription'),
  status: z.enum(SUBSCRIPTION_STATUSES),
  customer: idOrObject,
  cancel_at_period_end: z.boolean().default(false),
  // Since API 2025-03-31 the period lives on the items; older versions have it on the object.
  current_period_end: z.number().nullish(),
  items: z
    .object({
      data: z.array(
        z.object({
          current_period_end: z.number().nullish(),
          price: z
            .object({
              unit_amount: z.number().int().nullish(),
              recurring: z.object({ interval: z.string(), interval_count: z.number().int() }).nullish(),
            })
            .nullish(),
        }),
      ),
    })
    .nullish(),
  metadata: metadataSchema,
});

export const subscriptionSchema = subscriptionObjectSchema.transform((sub) => {
  const item = sub.items?.data[0];
  const periodEnd = item?.current_period_end ?? sub.current_period_end ?? null;
  const recurring = item?.price?.recurring;
  return {
    id: sub.id,
    status: sub.status,
    customerId: sub.customer,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: periodEnd == null ? null : new Date(periodEnd * 1000),
    /** The price's period in months: which pass this subscription is now (upgrades change it). */
    intervalMonths:
      recurring?.interval === 'month'
        ? recurring.interval_count
        : recurring?.interval === 'year'
          ? recurring.interval_count * 12
          : null,
    metadata: sub.metadata,
  };
});
export type StripeSubscription = z.output<typeof subscriptionSchema>;

export const invoiceSchema = z
  .object({
    id: z.string(),
    object: z.literal('invoice'),
    billing_reason: z.string().nullish(),
    amount_paid: z.number().int().default(0),
    total: z.number().int().nullish(),
    hosted_invoice_url: z.string().nullish(),
    subscription: idOrObject.optional(),
    parent: z.object({ subscription_details: z.object({ subscription: idOrObject }).nullish() }).nullish(),
    lines: z
      .object({ data: z.array(z.object({ period: z.object({ end: z.number() }).nullish() })) })
      .nullish(),
  })
  .transform((invoice) => {
    const periodEnd = invoice.lines?.data[0]?.period?.end ?? null;
    return {
      id: invoice.id,
      billingReason: invoice.billing_reason ?? null,
      amountPaid: invoice.amount_paid,
      /** What the invoice came to after discounts and credits (a proration's net charge). */
      total: invoice.total ?? invoice.amount_paid,
      /** Where the customer can pay this invoice, with another card if need be. */
      hostedUrl: invoice.hosted_invoice_url ?? null,
      subscriptionId: invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null,
      periodEnd: periodEnd == null ? null : new Date(periodEnd * 1000),
    };
  });
export type StripeInvoice = z.output<typeof invoiceSchema>;

export function parseSubscription(json: unknown): StripeSubscription {
  return subscriptionSchema.parse(json);
}

/** A payment, as charge.refunded carries it: what was paid, what was given back. */
export const chargeSchema = z
  .object({
    id: z.string(),
    object: z.literal('charge'),
    amount: z.number().int(),
    amount_refunded: z.number().int().default(0),
    refunded: z.boolean().default(false),
    payment_intent: idOrObject,
    customer: idOrObject,
  })
  .transform((charge) => ({
    chargeId: charge.id,
    amountCents: charge.amount,
    /** The whole payment went back (a partial refund is a goodwill gesture, not an end). */
    fullyRefunded: charge.refunded || charge.amount_refunded >= charge.amount,
    paymentIntentId: charge.payment_intent,
    customerId: charge.customer,
  }));
export type StripeCharge = z.output<typeof chargeSchema>;

/** A dispute (a chargeback), as charge.dispute.created carries it. */
export const disputeSchema = z.object({
  id: z.string(),
  object: z.literal('dispute'),
  amount: z.number().int(),
  charge: idOrObject,
  payment_intent: idOrObject,
});
