import type { Db } from '../../db/db.ts';
import { cancellationSet } from './sandbox-stripe-changes.ts';
import { eventObject, nowSeconds, stripeId, type Json } from './sandbox-stripe-objects.ts';
import * as store from './sandbox-stripe-store.ts';

/** A portal action the sandbox refuses, with the words Stripe's portal would show. */
export class SandboxPortalError extends Error {}

export interface PortalSubscription {
  id: string;
  name: string;
  amountCents: number;
  intervalMonths: number;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
}

export interface PortalInvoice {
  id: string;
  created: Date;
  amountPaidCents: number;
  status: string;
  billingReason: string;
}

export interface PortalView {
  id: string;
  returnUrl: string;
  customerEmail: string | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  subscriptions: PortalSubscription[];
  invoices: PortalInvoice[];
}

/** Stripe's test cards: this one is declined, every other valid number is accepted. */
const DECLINED_CARD = '4000000000000002';

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function presentSubscription(subscription: Json): PortalSubscription {
  const item = ((subscription.items as Json).data as Json[])[0]!;
  const price = item.price as Json;
  return {
    id: String(subscription.id),
    name: String(price.nickname ?? 'Subscription'),
    amountCents: Number(price.unit_amount),
    intervalMonths: Number((price.recurring as Json).interval_count),
    status: String(subscription.status),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    currentPeriodEnd: new Date(Number(item.current_period_end) * 1000),
  };
}

/**
 * Stripe's customer portal, played by the sandbox: one customer's subscriptions (cancel at period
 * end, take it back), card on file and invoices. Every change is saved in Stripe's JSON and sent
 * to the app as the signed events Stripe's portal causes.
 */
export class SandboxStripePortal {
  constructor(
    private readonly db: Db,
    private readonly deliver: (event: Json) => Promise<void>,
    private readonly publicUrl: string,
  ) {}

  async createSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    if (!(await store.findCustomer(this.db, input.customerId))) {
      throw new SandboxPortalError(`No such customer: '${input.customerId}'`);
    }
    const id = stripeId('bps');
    await this.db.query(
      'insert into sandbox_stripe_portal_sessions (id, customer, return_url) values ($1, $2, $3)',
      [id, input.customerId, input.returnUrl],
    );
    return { url: `${this.publicUrl}/sandbox/portal/${id}` };
  }

  private async session(id: string): Promise<{ customer: string; return_url: string } | undefined> {
    const { rows } = await this.db.query<{ customer: string; return_url: string }>(
      'select customer, return_url from sandbox_stripe_portal_sessions where id = $1',
      [id],
    );
    return rows[0];
  }

  async view(id: string): Promise<PortalView | undefined> {
    const session = await this.session(id);
    if (!session) return undefined;
    const customer = await store.findCustomer(this.db, session.customer);
    const card = customer?.default_payment_method?.card as Json | undefined;
    const subscriptions = await store.customerSubscriptions(this.db, session.customer);
    const invoices = await store.customerInvoices(this.db, session.customer);
    return {
      id,
      returnUrl: session.return_url,
      customerEmail: customer?.email ?? null,
      card: card
        ? {
            brand: String(card.brand),
            last4: String(card.last4),
            expMonth: Number(card.exp_month),
            expYear: Number(card.exp_year),
          }
        : null,
      // The portal shows what can still be managed; an ended subscription shows in the invoices.
      subscriptions: subscriptions.filter((sub) => sub.status !== 'canceled').map(presentSubscription),
      invoices: invoices.map((invoice) => ({
        id: String(invoice.id),
        created: new Date(Number(invoice.created) * 1000),
        amountPaidCents: Number(invoice.amount_paid),
        status: String(invoice.status),
        billingReason: String(invoice.billing_reason ?? ''),
      })),
    };
  }

  /** Cancel at period end (cancel = true) or take the cancellation back; sends customer.subscription.updated. */
  async setCancelAtPeriodEnd(sessionId: string, subscriptionId: string, cancel: boolean): Promise<void> {
    const session = await this.session(sessionId);
    if (!session) throw new SandboxPortalError('This portal session has ended');
    const event = await this.db.transaction(async (tx) => {
      const subscription = await store.findSubscription(tx, subscriptionId, true);
      if (subscription.customer !== session.customer) throw new SandboxPortalError('No such subscription');
      if (subscription.status === 'canceled') throw new SandboxPortalError('This subscription has ended');
      if (subscription.cancel_at_period_end === cancel) return undefined;
      const changed = cancellationSet(subscription, cancel);
      await store.saveSubscription(tx, changed);
      return eventObject('customer.subscription.updated', changed, {
        cancel_at_period_end: subscription.cancel_at_period_end,
        cancel_at: subscription.cancel_at ?? null,
        canceled_at: subscription.canceled_at ?? null,
      });
    });
    if (event) await this.deliver(event);
  }

  /** A new card on file for future renewals; sends payment_method.attached and customer.updated. */
  async updateCard(
    sessionId: string,
    card: { number: string; expMonth: number; expYear: number },
  ): Promise<void> {
    const session = await this.session(sessionId);
    if (!session) throw new SandboxPortalError('This portal session has ended');
    const digits = card.number.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
      throw new SandboxPortalError('Your card number is invalid.');
    const now = new Date();
    const expired =
      card.expYear < now.getUTCFullYear() ||
      (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
    if (!(card.expMonth >= 1 && card.expMonth <= 12) || expired)
      throw new SandboxPortalError("Your card's expiration date is invalid.");
    if (digits === DECLINED_CARD) throw new SandboxPortalError('Your card was declined.');
    const paymentMethod: Json = {
      id: stripeId('pm'),
      object: 'payment_method',
      type: 'card',
      created: nowSeconds(),
      customer: session.customer,
      livemode: false,
      card: {
        brand: digits.startsWith('4') ? 'visa' : digits.startsWith('5') ? 'mastercard' : 'card',
        last4: digits.slice(-4),
        exp_month: card.expMonth,
        exp_year: card.expYear,
        funding: 'credit',
      },
    };
    const customer = await store.findCustomer(this.db, session.customer);
    await store.setDefaultPaymentMethod(this.db, session.customer, paymentMethod);
    const customerObject: Json = {
      id: session.customer,
      object: 'customer',
      email: customer?.email ?? null,
      invoice_settings: { default_payment_method: paymentMethod.id },
      livemode: false,
    };
    await this.deliver(eventObject('payment_method.attached', paymentMethod));
    await this.deliver(
      eventObject('customer.updated', customerObject, {
        invoice_settings: { default_payment_method: customer?.default_payment_method?.id ?? null },
      }),
    );
  }
}
