import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { STRIPE_API_VERSION, StripeAdapter } from './stripe-adapter.ts';
import { STRIPE_WEBHOOK_EVENTS } from './stripe-provider.ts';

const PUBLIC_URL = 'https://santa.example';
const WEBHOOK_URL = `${PUBLIC_URL}/api/stripe/webhook`;

/** What the fake api.stripe.com holds: the account's webhook endpoints and portal settings. */
let endpoints: Record<string, unknown>[] = [];
let portals: Record<string, unknown>[] = [];
let refuseKey = false;
let server: http.Server;
let port: number;

function list(url: string, data: unknown[]) {
  return { object: 'list', url, has_more: false, data };
}

function endpoint(overrides: Record<string, unknown> = {}) {
  return {
    id: 'we_1',
    object: 'webhook_endpoint',
    url: WEBHOOK_URL,
    status: 'enabled',
    api_version: STRIPE_API_VERSION,
    enabled_events: [...STRIPE_WEBHOOK_EVENTS],
    livemode: true,
    ...overrides,
  };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (refuseKey) {
      return send(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_live_***' },
      });
    }
    if (path === '/v1/webhook_endpoints') return send(200, list(path, endpoints));
    if (path === '/v1/billing_portal/configurations') return send(200, list(path, portals));
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function diagnose(secretKey = 'sk_live_123') {
  const adapter = new StripeAdapter({
    secretKey,
    webhookSecret: 'whsec_1',
    host: '127.0.0.1',
    port,
    protocol: 'http',
  });
  return adapter.diagnose({ publicUrl: PUBLIC_URL });
}

/** The portal as docs/going-live.md asks for it. */
const PORTAL_FEATURES = {
  subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
  payment_method_update: { enabled: true },
  invoice_history: { enabled: true },
  subscription_update: { enabled: false },
};

function setAccount(state: {
  endpoints?: Record<string, unknown>[];
  portal?: boolean;
  portalFeatures?: Record<string, unknown>;
  refuseKey?: boolean;
}) {
  endpoints = state.endpoints ?? [endpoint()];
  portals =
    state.portal === false
      ? []
      : [
          {
            id: 'bpc_1',
            object: 'billing_portal.configuration',
            active: true,
            is_default: true,
            features: { ...PORTAL_FEATURES, ...state.portalFeatures },
          },
        ];
  refuseKey = state.refuseKey ?? false;
}

test('a live account with its webhook endpoint and portal set up passes every check', async () => {
  setAccount({});
  const findings = await diagnose();
  expect(findings.map((f) => [f.check, f.severity])).toEqual([
    ['key', 'ok'],
    ['webhook events', 'ok'],
    ['webhook API version', 'ok'],
    ['customer portal', 'ok'],
  ]);
});

test('a test-mode key is a warning: no payment would be real', async () => {
  setAccount({});
  const [key] = await diagnose('sk_test_123');
  expect(key).toMatchObject({ severity: 'warning', detail: 'test mode: no payment is real' });
});

test('no endpoint at PUBLIC_URL is fatal, and the fix names the URL, the version and every event', async () => {
  setAccount({ endpoints: [endpoint({ url: 'https://old.example/api/stripe/webhook' })] });
  const finding = (await diagnose()).find((f) => f.check === 'webhook endpoint')!;
  expect(finding).toMatchObject({ severity: 'fatal', detail: `none at ${WEBHOOK_URL}` });
  expect(finding.fix).toContain(STRIPE_API_VERSION);
  for (const event of STRIPE_WEBHOOK_EVENTS) expect(finding.fix).toContain(event);
});

test('an endpoint missing invoice.payment_failed is fatal, naming it', async () => {
  const events = STRIPE_WEBHOOK_EVENTS.filter((e) => e !== 'invoice.payment_failed');
  setAccount({ endpoints: [endpoint({ enabled_events: events })] });
  const finding = (await diagnose()).find((f) => f.check === 'webhook events')!;
  expect(finding).toMatchObject({ severity: 'fatal', detail: 'not sent: invoice.payment_failed' });
});

test('an endpoint sent every event (*) needs nothing more', async () => {
  setAccount({ endpoints: [endpoint({ enabled_events: ['*'] })] });
  expect((await diagnose()).find((f) => f.check === 'webhook events')!.severity).toBe('ok');
});

test('a disabled endpoint is fatal', async () => {
  setAccount({ endpoints: [endpoint({ status: 'disabled' })] });
  expect((await diagnose()).find((f) => f.check === 'webhook endpoint')).toMatchObject({
    severity: 'fatal',
    detail: `${WEBHOOK_URL} is disabled`,
  });
});

test('an endpoint on another API version is a warning that tells how to recreate it', async () => {
  setAccount({ endpoints: [endpoint({ api_version: '2024-06-20' })] });
  const finding = (await diagnose()).find((f) => f.check === 'webhook API version')!;
  expect(finding).toMatchObject({ severity: 'warning', detail: `2024-06-20, not ${STRIPE_API_VERSION}` });
});

test('no Customer Portal configuration stops a live start, with where to set it', async () => {
  setAccount({ portal: false });
  const finding = (await diagnose()).find((f) => f.check === 'customer portal')!;
  expect(finding.severity).toBe('fatal');
  expect(finding.fix).toContain('Customer portal');
});

test('no Customer Portal configuration in test mode is a warning', async () => {
  setAccount({ portal: false });
  const finding = (await diagnose('sk_test_123')).find((f) => f.check === 'customer portal')!;
  expect(finding.severity).toBe('warning');
});

test('a live portal that cancels immediately, hides cards or invoices, or switches plans is fatal, naming each fix', async () => {
  setAccount({
    portalFeatures: {
      subscription_cancel: { enabled: true, mode: 'immediately' },
      payment_method_update: { enabled: false },
      invoice_history: { enabled: false },
      subscription_update: { enabled: true },
    },
  });
  const finding = (await diagnose()).find((f) => f.check === 'customer portal')!;
  expect(finding.severity).toBe('fatal');
  expect(finding.fix).toBe(
    'In Stripe\'s dashboard, Settings → Billing → Customer portal: set cancellations to "at the end of the billing period"; let customers update their payment method; show the invoice history; turn off switching plans in the portal, then save.',
  );
});

test('a key Stripe refuses is fatal, and the doctor goes on without throwing', async () => {
  setAccount({ refuseKey: true });
  const findings = await diagnose();
  expect(findings[1]).toMatchObject({ severity: 'fatal', check: 'webhook endpoint' });
  expect(findings[1]!.detail).toContain('Invalid API Key');
});
