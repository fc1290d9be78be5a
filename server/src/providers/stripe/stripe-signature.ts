import { createHmac, timingSafeEqual } from 'node:crypto';
import { StripeSignatureError } from './stripe-provider.ts';

/** Stripe's default: a signature older than five minutes is refused (replay window). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** The Stripe-Signature header Stripe sends: `t=<unix seconds>,v1=<HMAC-SHA256(secret, t.payload)>`. */
export function signStripePayload(
  secret: string,
  payload: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  return `t=${timestamp},v1=${hmac(secret, timestamp, payload)}`;
}

/** Verifies a Stripe-Signature header the way stripe.webhooks.constructEvent does. */
export function verifyStripeSignature(
  secret: string,
  payload: string,
  header: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new StripeSignatureError('No Stripe-Signature header');
  const parts = header.split(',').map((part) => part.split('=') as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw new StripeSignatureError('Malformed Stripe-Signature header');
  }
  const expected = Buffer.from(hmac(secret, timestamp, payload), 'utf8');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new StripeSignatureError('Stripe signature does not match');
  if (Math.abs(nowSeconds - timestamp) > STRIPE_SIGNATURE_TOLERANCE_SECONDS) {
    throw new StripeSignatureError('Stripe signature timestamp is outside the tolerance');
  }
}
