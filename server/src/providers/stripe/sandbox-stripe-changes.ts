import { addMonths, invoiceObject, nowSeconds, stripeId, type Json } from './sandbox-stripe-objects.ts';
import type { CheckoutLineItem } from './stripe-provider.ts';

/**
 * What Stripe does to a subscription when its price or its cancellation changes, on the sandbox's
 * JSON: pure, so the sandbox's API and its portal page share one behaviour.
 */

type Item = Json & { price: Json; current_period_start: number; current_period_end: number };

function firstItem(subscription: Json): Item {
  return ((subscription.items as Json).data as Item[])[0]!;
}

/** The part of a paid period not yet used, in cents, as Stripe credits it on a proration. */
export function unusedCents(subscription: Json, at: number): number {
  const item = firstItem(subscription);
  const length = item.current_period_end - item.current_period_start;
  const left = Math.max(0, item.current_period_end - at);
  return length > 0 ? Math.round((Number(item.price.unit_amount) * left) / length) : 0;
}

/**
 * A new price with a new period length: Stripe resets the billing cycle to now and invoices at once
 * the new price less the unused part of the old period (proration_behavior create_prorations).
 */
export function priceChanged(
  subscription: Json,
  lineItem: CheckoutLineItem,
): { subscription: Json; invoice: Json; previous: Json } {
  const now = nowSeconds();
  const item = firstItem(subscription);
  const months = lineItem.intervalMonths ?? 1;
  const credit = unusedCents(subscription, now);
  const price = {
    ...item.price,
    id: stripeId('price'),
    nickname: lineItem.name,
    product: stripeId('prod'),
    recurring: { interval: 'month', interval_count: months, usage_type: 'licensed' },
    unit_amount: lineItem.amountCents,
  };
  const changedItem = {
    ...item,
    price,
    current_period_start: now,
    current_period_end: addMonths(now, months),
  };
  const changed: Json = {
    ...subscription,
    billing_cycle_anchor: now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    items: { ...(subscription.items as Json), data: [changedItem] },
  };
  const due = Math.max(0, lineItem.amountCents - credit);
  const invoice = invoiceObject({
    subscription: changed,
    customer: String(subscription.customer),
    billingReason: 'subscription_update',
    amountPaid: due,
    subtotal: due,
  });
  invoice.lines = {
    object: 'list',
    data: [
      {
        id: stripeId('il'),
        object: 'line_item',
        amount: -credit,
        currency: 'usd',
        description: `Unused time on the previous pass`,
        period: { start: now, end: item.current_period_end },
        quantity: 1,
      },
      {
        id: stripeId('il'),
        object: 'line_item',
        amount: lineItem.amountCents,
        currency: 'usd',
        description: lineItem.name,
        period: { start: now, end: changedItem.current_period_end },
        quantity: 1,
      },
    ],
    has_more: false,
  };
  changed.latest_invoice = invoice.id;
  return {
    subscription: changed,
    invoice,
    previous: {
      items: subscription.items,
      cancel_at_period_end: subscription.cancel_at_period_end,
      latest_invoice: subscription.latest_invoice,
    },
  };
}

/** Cancel at period end, or take it back: the pass runs to the end of what was paid either way. */
export function cancellationSet(subscription: Json, cancel: boolean): Json {
  const end = firstItem(subscription).current_period_end;
  return {
    ...subscription,
    cancel_at_period_end: cancel,
    cancel_at: cancel ? end : null,
    canceled_at: cancel ? nowSeconds() : null,
    cancellation_details: { comment: null, feedback: null, reason: cancel ? 'cancellation_requested' : null },
  };
}
