import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../../db/db.ts';
import { openTestDb } from '../../../test/test-db.ts';
import type { PostToApp } from '../sandbox-webhooks.ts';
import { SandboxStripe } from './sandbox-stripe.ts';
import { verifyStripeSignature } from './stripe-signature.ts';

const SECRET = 'whsec_delivery_test';
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

interface Delivery {
  path: string;
  type: string;
  signature: string;
  body: string;
}

/** A webhook route that records what arrives and how many deliveries overlap. */
function recordingApp(answer: (delivery: Delivery, attempt: number) => number = () => 200) {
  const deliveries: Delivery[] = [];
  const attempts = new Map<string, number>();
  let inFlight = 0;
  let mostInFlight = 0;
  const post: PostToApp = async (path, { headers, body }) => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight -= 1;
    const delivery = {
      path,
      type: (JSON.parse(body) as { type: string }).type,
      signature: headers['stripe-signature'] ?? '',
      body,
    };
    deliveries.push(delivery);
    const attempt = (attempts.get(delivery.type) ?? 0) + 1;
    attempts.set(delivery.type, attempt);
    return { status: answer(delivery, attempt), body: '' };
  };
  return { post, deliveries, mostInFlight: () => mostInFlight };
}

async function paidPass(stripe: SandboxStripe): Promise<void> {
  const session = await stripe.createCheckoutSession({
    mode: 'subscription',
    lineItem: { name: '3-Month Pass', amountCents: 2999, intervalMonths: 3 },
    checkoutId: crypto.randomUUID(),
    userId: crypto.randomUUID(),
    customerEmail: 'parent@example.com',
    metadata: { kind: 'plan', plan: 'subscription_3month' },
    successUrl: 'http://localhost:3000/dashboard',
    cancelUrl: 'http://localhost:3000/pricing',
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });
  await stripe.pay(session.id);
}

test('a paid pass sends its three events over HTTP to /api/stripe/webhook, signed as Stripe signs', async () => {
  const app = recordingApp();
  const stripe = new SandboxStripe(db, SECRET, 'http://localhost:3000');
  stripe.connectWebhook(app.post);
  await paidPass(stripe);
  expect(app.deliveries.map((d) => d.type).sort()).toEqual([
    'checkout.session.completed',
    'customer.subscription.created',
    'invoice.paid',
  ]);
  for (const delivery of app.deliveries) {
    expect(delivery.path).toBe('/api/stripe/webhook');
    expect(() => verifyStripeSignature(SECRET, delivery.body, delivery.signature)).not.toThrow();
  }
});

test('the events of one payment are delivered at once, not one after another', async () => {
  const app = recordingApp();
  const stripe = new SandboxStripe(db, SECRET, 'http://localhost:3000');
  stripe.connectWebhook(app.post);
  await paidPass(stripe);
  expect(app.mostInFlight()).toBe(3);
});

test('the events arrive in shuffled order', async () => {
  const orders = new Set<string>();
  for (let i = 0; i < 20 && orders.size < 2; i += 1) {
    const app = recordingApp();
    const stripe = new SandboxStripe(db, SECRET, 'http://localhost:3000');
    stripe.connectWebhook(app.post);
    await paidPass(stripe);
    orders.add(app.deliveries.map((d) => d.type).join(','));
  }
  // Twenty payments in one fixed order would happen with probability (1/6)^19.
  expect(orders.size).toBeGreaterThan(1);
});

test('an event the webhook refuses is delivered again until it is accepted', async () => {
  const app = recordingApp((delivery, attempt) =>
    delivery.type === 'invoice.paid' && attempt < 3 ? 500 : 200,
  );
  const stripe = new SandboxStripe(db, SECRET, 'http://localhost:3000');
  stripe.connectWebhook(app.post);
  await paidPass(stripe);
  expect(app.deliveries.filter((d) => d.type === 'invoice.paid')).toHaveLength(3);
});

test('an event the webhook never accepts makes the payment report the failure', async () => {
  const app = recordingApp((delivery) => (delivery.type === 'invoice.paid' ? 503 : 200));
  const stripe = new SandboxStripe(db, SECRET, 'http://localhost:3000');
  stripe.connectWebhook(app.post);
  await expect(paidPass(stripe)).rejects.toThrow(/invoice\.paid.*503/);
});
