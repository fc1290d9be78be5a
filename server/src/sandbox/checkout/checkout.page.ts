import { formatPrice } from '@santa/shared/plans';
import type { SandboxCheckoutView } from '../../providers/stripe/sandbox-stripe.ts';
import { escapeHtml, sandboxDocument } from '../sandbox-html.ts';

// Inline <style> is allowed by our CSP; scripts are not, so Pay and Cancel are plain forms.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f9fc;color:#1a1f36}
.banner{width:100%;background:#b3261e;color:#fff;text-align:center;padding:.6rem 1rem;font-weight:700;letter-spacing:.04em}
.card{width:min(460px,calc(100% - 2rem));margin:2.5rem 0;background:#fff;border:1px solid #e3e8ee;border-radius:12px;
  padding:2rem;box-shadow:0 2px 8px rgba(50,50,93,.08)}
.merchant{color:#697386;font-weight:600;margin:0}
h1{font-size:1.6rem;margin:.25rem 0 1.5rem}
dl{margin:0;display:grid;grid-template-columns:1fr auto;row-gap:.6rem}
dt{color:#3c4257}
dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.discount{color:#0a7d3b}
.total{border-top:1px solid #e3e8ee;padding-top:.75rem;font-weight:700;font-size:1.1rem}
.actions{display:flex;flex-direction:column;gap:.75rem;margin-top:1.75rem}
form{margin:0}
button{width:100%;font:inherit;font-weight:600;border-radius:8px;padding:.75rem 1rem;cursor:pointer}
.pay{background:#635bff;color:#fff;border:0}
.pay:hover,.pay:focus-visible{background:#4b45c6}
.cancel{background:#fff;color:#3c4257;border:1px solid #d5dbe1}
.terms{margin:-1rem 0 1.25rem;color:#3c4257;font-weight:600}
.note{font-size:.85rem;color:#697386;margin:1.25rem 0 0}
.state{padding:1rem;border-radius:8px;background:#fff4e5;color:#6b3f00}
`;

function priceLine(view: SandboxCheckoutView): string {
  const months = view.lineItem.intervalMonths;
  const price = formatPrice(view.subtotalCents);
  return months ? `${price} every ${months} months` : `${price} one-time`;
}

/** The terms our checkout request carried (the product description Stripe shows under the item). */
function termsLine(view: SandboxCheckoutView): string {
  return view.lineItem.description ? `<p class="terms">${escapeHtml(view.lineItem.description)}</p>` : '';
}

/** Stripe's custom text beside the pay button (`custom_text.submit`), its addresses made links. */
function submitNote(view: SandboxCheckoutView): string {
  if (!view.submitMessage) return '';
  const linked = escapeHtml(view.submitMessage).replace(
    /https?:\/\/[^\s()]+/g,
    (url) => `<a href="${url}">${url}</a>`,
  );
  return `<p class="note">${linked}</p>`;
}

function discountLine(view: SandboxCheckoutView): string {
  if (!view.discount) return '';
  const when = view.discount.duration === 'once' ? 'first payment' : 'every payment';
  return `<dt>Coupon ${escapeHtml(view.discount.code)} (${view.discount.percent}% off, ${when})</dt>
  <dd class="discount">−${formatPrice(view.discountCents)}</dd>`;
}

export function renderSandboxCheckout(view: SandboxCheckoutView): string {
  const action = `/sandbox/checkout/${encodeURIComponent(view.id)}`;
  const body =
    view.status === 'open'
      ? `<div class="actions">
  <form method="post" action="${action}/pay"><button class="pay" type="submit">Pay ${formatPrice(view.totalCents)}</button></form>
  <form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</div>
${submitNote(view)}`
      : `<p class="state" role="status">This checkout session is ${view.status === 'complete' ? 'already paid' : 'expired'}.</p>
<div class="actions"><form method="post" action="${action}/cancel"><button class="cancel" type="submit">Back to Santa Calls</button></form></div>`;
  return sandboxDocument({
    title: 'SANDBOX · Checkout',
    style: STYLE,
    body: `<div class="banner" role="note">SANDBOX — this is not Stripe. No card is charged and no money moves.</div>
<main class="card">
<p class="merchant">Santa Calls</p>
<h1>${escapeHtml(view.lineItem.name)}</h1>
${termsLine(view)}
<dl>
  <dt>${escapeHtml(view.lineItem.name)}</dt><dd>${priceLine(view)}</dd>
  ${discountLine(view)}
  <dt class="total">Total due today</dt><dd class="total">${formatPrice(view.totalCents)}</dd>
</dl>
${body}
<p class="note">Pay sends Stripe's checkout.session.completed event, signed like Stripe signs it, to this app's webhook.</p>
</main>`,
  });
}
