import type { Db } from '../../db/db.ts';
import type { Json } from './sandbox-stripe-objects.ts';
import { StripeObjectMissingError } from './stripe-provider.ts';

/** The sandbox Stripe's own records, in Stripe's JSON: what its API and its portal read and write. */
export type Q = Pick<Db, 'query'>;

export async function saveSubscription(q: Q, subscription: Json): Promise<void> {
  await q.query(
    `insert into sandbox_stripe_subscriptions (id, object) values ($1, $2)
     on conflict (id) do update set object = excluded.object, updated_at = now()`,
    [subscription.id, JSON.stringify(subscription)],
  );
}

/** Throws StripeObjectMissingError, as Stripe answers resource_missing. */
export async function findSubscription(q: Q, id: string, lock = false): Promise<Json> {
  const { rows } = await q.query<{ object: Json }>(
    `select object from sandbox_stripe_subscriptions where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  if (!rows[0]) throw new StripeObjectMissingError(`No such subscription: '${id}'`);
  return rows[0].object;
}

export async function customerSubscriptions(q: Q, customer: string): Promise<Json[]> {
  const { rows } = await q.query<{ object: Json }>(
    `select object from sandbox_stripe_subscriptions where object->>'customer' = $1 order by updated_at desc`,
    [customer],
  );
  return rows.map((row) => row.object);
}

export async function saveInvoice(q: Q, invoice: Json): Promise<void> {
  await q.query(
    `insert into sandbox_stripe_invoices (id, customer, object) values ($1, $2, $3)
     on conflict (id) do update set object = excluded.object`,
    [invoice.id, invoice.customer, JSON.stringify(invoice)],
  );
}

/** Newest first, as the portal lists them. */
export async function customerInvoices(q: Q, customer: string): Promise<Json[]> {
  const { rows } = await q.query<{ object: Json }>(
    'select object from sandbox_stripe_invoices where customer = $1 order by created_at desc, id',
    [customer],
  );
  return rows.map((row) => row.object);
}

export interface SandboxCustomer {
  id: string;
  email: string | null;
  default_payment_method: Json | null;
}

export async function findCustomer(q: Q, id: string): Promise<SandboxCustomer | undefined> {
  const { rows } = await q.query<SandboxCustomer>(
    'select id, email, default_payment_method from sandbox_stripe_customers where id = $1',
    [id],
  );
  return rows[0];
}

export async function setDefaultPaymentMethod(q: Q, customer: string, paymentMethod: Json): Promise<void> {
  await q.query('update sandbox_stripe_customers set default_payment_method = $2 where id = $1', [
    customer,
    JSON.stringify(paymentMethod),
  ]);
}
