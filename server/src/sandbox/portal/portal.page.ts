import { billingTerms, formatBillingDate } from '@santa/shared/billing-terms';
import { formatPrice } from '@santa/shared/plans';
import type { PortalSubscription, PortalView } from '../../providers/stripe/sandbox-stripe-portal.ts';
import { escapeHtml, sandboxDocument } from '../sandbox-html.ts';

// Inline <style> is allowed by our CSP; scripts are not, so every action is a plain form.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f9fc;color:#1a1f36}
.banner{width:100%;background:#b3261e;color:#fff;text-align:center;padding:.6rem 1rem;font-weight:700;letter-spacing:.04em}
main{width:min(620px,calc(100% - 2rem));margin:2rem 0;display:flex;flex-direction:column;gap:1.25rem}
.back{color:#635bff;font-weight:600;text-decoration:none}
.card{background:#fff;border:1px solid #e3e8ee;border-radius:12px;padding:1.5rem;box-shadow:0 2px 8px rgba(50,50,93,.08)}
h1{font-size:1.5rem;margin:.25rem 0 0;overflow-wrap:anywhere}
@media (max-width:480px){h1{font-size:1.2rem}}
h2{font-size:.85rem;text-transform:uppercase;letter-spacing:.06em;color:#697386;margin:0 0 .75rem}
.plan{font-size:1.2rem;font-weight:700;margin:0}
.terms,.muted{color:#697386;margin:.25rem 0 0}
.notice{margin:.75rem 0 0;padding:.6rem .8rem;border-radius:8px;background:#fff4e5;color:#6b3f00}
.error{margin:0;padding:.75rem 1rem;border-radius:8px;background:#fde8e8;color:#8a1c1c}
.done{margin:0;padding:.75rem 1rem;border-radius:8px;background:#e6f6ec;color:#0a5b2b}
form{margin:0}
.row{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
button{font:inherit;font-weight:600;border-radius:8px;padding:.6rem 1rem;cursor:pointer;min-height:44px}
.primary{background:#635bff;color:#fff;border:0}
.danger{background:#fff;color:#b3261e;border:1px solid #e6b3b0}
.plain{background:#fff;color:#3c4257;border:1px solid #d5dbe1}
label{display:block;font-weight:600;font-size:.9rem;margin-top:.75rem}
input{font:inherit;width:100%;padding:.55rem .7rem;border:1px solid #d5dbe1;border-radius:8px;margin-top:.25rem}
.exp{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{text-align:left;padding:.45rem .25rem;border-bottom:1px solid #eef1f4}
th{font-size:.8rem;color:#697386;font-weight:600}
td.amount{text-align:right}
.note{font-size:.85rem;color:#697386;margin:0}
`;

const REASONS: Record<string, string> = {
  subscription_create: 'First payment',
  subscription_cycle: 'Renewal',
  subscription_update: 'Change of plan (prorated)',
};

function subscriptionCard(action: string, sub: PortalSubscription): string {
  const terms = billingTerms({ priceCents: sub.amountCents, periodMonths: sub.intervalMonths });
  const subAction = `${action}/subscriptions/${encodeURIComponent(sub.id)}`;
  const state = sub.cancelAtPeriodEnd
    ? `<p class="notice" role="status">Cancelled: ends on ${formatBillingDate(sub.currentPeriodEnd)}. You keep it until then; nothing more is charged.</p>`
    : `<p class="muted">Renews on ${formatBillingDate(sub.currentPeriodEnd)} for ${formatPrice(sub.amountCents)}.</p>`;
  const buttons = sub.cancelAtPeriodEnd
    ? `<form method="post" action="${subAction}/renew"><button class="primary" type="submit">Don't cancel</button></form>
  <form method="post" action="${subAction}/end-period"><button class="plain" type="submit">Sandbox: reach the period end now</button></form>`
    : `<form method="post" action="${subAction}/cancel"><button class="danger" type="submit">Cancel plan</button></form>`;
  return `<section class="card" aria-label="${escapeHtml(sub.name)}">
<h2>Current plan</h2>
<p class="plan">${escapeHtml(sub.name)}</p>
<p class="terms">${escapeHtml(terms)}</p>
${state}
<div class="row">${buttons}</div>
</section>`;
}

function paymentMethodCard(action: string, view: PortalView): string {
  const year = new Date().getFullYear();
  const card = view.card
    ? `<p class="muted">${escapeHtml(view.card.brand)} ending in ${escapeHtml(view.card.last4)}, expires ${view.card.expMonth}/${view.card.expYear}</p>`
    : `<p class="muted">The card used at checkout.</p>`;
  return `<section class="card" aria-labelledby="pm-heading">
<h2 id="pm-heading">Payment method</h2>
${card}
<form method="post" action="${action}/payment-method">
  <label for="card-number">Card number</label>
  <input id="card-number" name="number" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" required>
  <div class="exp">
    <div><label for="exp-month">Expiry month</label><input id="exp-month" name="exp_month" inputmode="numeric" placeholder="12" required></div>
    <div><label for="exp-year">Expiry year</label><input id="exp-year" name="exp_year" inputmode="numeric" placeholder="${year + 2}" required></div>
  </div>
  <div class="row"><button class="primary" type="submit">Update payment method</button></div>
</form>
<p class="note">Sandbox: 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 is declined.</p>
</section>`;
}

function invoicesCard(view: PortalView): string {
  const rows = view.invoices
    .map(
      (invoice) =>
        `<tr><td>${formatBillingDate(invoice.created)}</td><td>${escapeHtml(REASONS[invoice.billingReason] ?? 'Invoice')}</td><td>${escapeHtml(invoice.status)}</td><td class="amount">${formatPrice(invoice.amountPaidCents)}</td></tr>`,
    )
    .join('');
  return `<section class="card" aria-labelledby="invoices-heading">
<h2 id="invoices-heading">Invoice history</h2>
${
  rows
    ? `<table><thead><tr><th>Date</th><th>For</th><th>Status</th><th class="amount">Amount</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p class="muted">No invoices yet.</p>'
}
</section>`;
}

export function renderSandboxPortal(view: PortalView, message?: { error?: string; done?: string }): string {
  const action = `/sandbox/portal/${encodeURIComponent(view.id)}`;
  const flash = message?.error
    ? `<p class="error" role="alert">${escapeHtml(message.error)}</p>`
    : message?.done
      ? `<p class="done" role="status">${escapeHtml(message.done)}</p>`
      : '';
  const subscriptions = view.subscriptions.length
    ? view.subscriptions.map((sub) => subscriptionCard(action, sub)).join('\n')
    : '<section class="card"><h2>Current plan</h2><p class="muted">No active subscription.</p></section>';
  return sandboxDocument({
    title: 'SANDBOX · Billing',
    style: STYLE,
    body: `<div class="banner" role="note">SANDBOX — this is not Stripe. No card is charged and no money moves.</div>
<main>
<a class="back" href="${escapeHtml(view.returnUrl)}">← Return to Santa Calls</a>
<div><p class="muted">Santa Calls partners with Stripe for simplified billing.</p>
<h1>Billing for ${escapeHtml(view.customerEmail ?? 'your account')}</h1></div>
${flash}
${subscriptions}
${paymentMethodCard(action, view)}
${invoicesCard(view)}
<p class="note">Each change sends Stripe's webhook (customer.subscription.updated …), signed like Stripe signs it, to this app.</p>
</main>`,
  });
}
