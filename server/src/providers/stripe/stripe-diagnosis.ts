import type Stripe from 'stripe';
import { fatal, ok, unreachable, warning, type Finding } from '../diagnosis.ts';
import { STRIPE_WEBHOOK_EVENTS, STRIPE_WEBHOOK_PATH } from './stripe-provider.ts';

const DASHBOARD_WEBHOOKS = "In Stripe's dashboard, Developers → Webhooks";

/** sk_live_/rk_live_ take real money; test keys are for rehearsals. */
export function keyMode(secretKey: string): Finding {
  if (/^(sk|rk)_live_/.test(secretKey)) return ok('key', 'live mode: payments are real');
  if (/^(sk|rk)_test_/.test(secretKey)) {
    return warning(
      'key',
      'test mode: no payment is real',
      'Use the live secret key (sk_live_…) and the live webhook secret when you take real payments.',
    );
  }
  return fatal(
    'key',
    'not a Stripe secret key',
    'Set STRIPE_SECRET_KEY to a key that starts sk_live_ or sk_test_.',
  );
}

function endpointFindings(endpoints: Stripe.WebhookEndpoint[], url: string, apiVersion: string): Finding[] {
  const endpoint = endpoints.find((candidate) => candidate.url === url);
  const events = STRIPE_WEBHOOK_EVENTS.join(', ');
  if (!endpoint) {
    return [
      fatal(
        'webhook endpoint',
        `none at ${url}`,
        `${DASHBOARD_WEBHOOKS}: add an endpoint at ${url}, API version ${apiVersion}, with the events ${events}; put its signing secret in STRIPE_WEBHOOK_SECRET.`,
      ),
    ];
  }
  const findings: Finding[] = [];
  if (endpoint.status !== 'enabled') {
    findings.push(
      fatal('webhook endpoint', `${url} is ${endpoint.status}`, `${DASHBOARD_WEBHOOKS}: enable it.`),
    );
  }
  const sent = new Set(endpoint.enabled_events);
  const missing = sent.has('*') ? [] : STRIPE_WEBHOOK_EVENTS.filter((event) => !sent.has(event));
  findings.push(
    missing.length === 0
      ? ok('webhook events', `every handled event is sent to ${url}`)
      : fatal(
          'webhook events',
          `not sent: ${missing.join(', ')}`,
          `${DASHBOARD_WEBHOOKS} → ${url}: add ${missing.join(', ')}.`,
        ),
  );
  findings.push(
    endpoint.api_version === apiVersion
      ? ok('webhook API version', apiVersion)
      : warning(
          'webhook API version',
          `${endpoint.api_version ?? "the account's default"}, not ${apiVersion}`,
          `Create the endpoint again with API version ${apiVersion} (an endpoint's version cannot be changed), then update STRIPE_WEBHOOK_SECRET.`,
        ),
  );
  return findings;
}

/**
 * "Manage billing" promises the parent: cancel at period end (the pass runs out, it is not cut
 * short), a new card, the invoices; and no plan switching there, since a change of pass goes
 * through the pricing page and its confirmation (decision 0012).
 */
function portalFinding(config: Stripe.BillingPortal.Configuration, live: boolean): Finding {
  const { features } = config;
  const problems: string[] = [];
  if (!features.subscription_cancel.enabled) problems.push('turn on cancelling subscriptions');
  else if (features.subscription_cancel.mode !== 'at_period_end')
    problems.push('set cancellations to "at the end of the billing period"');
  if (!features.payment_method_update.enabled) problems.push('let customers update their payment method');
  if (!features.invoice_history.enabled) problems.push('show the invoice history');
  if (features.subscription_update.enabled) problems.push('turn off switching plans in the portal');
  return problems.length === 0
    ? ok('customer portal', 'cancel at period end, payment method and invoices')
    : (live ? fatal : warning)(
        'customer portal',
        'set up differently from what "Manage billing" promises',
        `In Stripe's dashboard, Settings → Billing → Customer portal: ${problems.join('; ')}, then save.`,
      );
}

/** Checks the account as the app will use it: key mode, the webhook endpoint, the Customer Portal. */
export async function diagnoseStripe(
  client: Stripe,
  input: { secretKey: string; publicUrl: string; apiVersion: string },
): Promise<Finding[]> {
  const findings = [keyMode(input.secretKey)];
  const url = `${input.publicUrl}${STRIPE_WEBHOOK_PATH}`;
  try {
    const endpoints = await client.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
    findings.push(...endpointFindings(endpoints, url, input.apiVersion));
  } catch (error) {
    findings.push(
      unreachable(
        'webhook endpoint',
        error,
        'Check that this server can reach api.stripe.com and that Stripe accepts STRIPE_SECRET_KEY.',
      ),
    );
    return findings;
  }
  try {
    const portals = await client.billingPortal.configurations.list({
      is_default: true,
      active: true,
      limit: 1,
    });
    const config = portals.data[0];
    // In live mode a parent pressing "Manage billing" would get an error: that stops the start.
    const live = input.secretKey.startsWith('sk_live_') || input.secretKey.startsWith('rk_live_');
    findings.push(
      config
        ? portalFinding(config, live)
        : (live ? fatal : warning)(
            'customer portal',
            'not configured',
            "In Stripe's dashboard, Settings → Billing → Customer portal: allow cancelling at period end, updating the payment method and viewing invoices, then save.",
          ),
    );
  } catch (error) {
    findings.push(
      unreachable('customer portal', error, 'Check that the key may read billing portal settings.'),
    );
  }
  return findings;
}
