import type { SandboxEmail } from '../../providers/email/sandbox-mailer.ts';
import { escapeHtml, sandboxDocument } from '../sandbox-html.ts';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f7f9;color:#1f2937}
.banner{background:#b3261e;color:#fff;text-align:center;padding:.6rem 1rem;font-weight:700;letter-spacing:.04em}
main{width:min(960px,calc(100% - 2rem));margin:2rem auto}
h1{font-size:1.6rem;margin:0 0 .25rem}
.lead{color:#4b5563;margin:0 0 1.5rem}
ol{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:.5rem}
li a{display:grid;grid-template-columns:1fr auto;gap:.25rem 1rem;padding:.9rem 1rem;background:#fff;border:1px solid #e5e7eb;
  border-radius:10px;text-decoration:none;color:inherit}
li a:hover,li a:focus-visible{border-color:#b3261e}
.subject{font-weight:600}
.meta{color:#6b7280;font-size:.9rem}
time{color:#6b7280;font-size:.9rem;white-space:nowrap}
.empty{padding:1.5rem;background:#fff;border-radius:10px;border:1px dashed #d1d5db;color:#4b5563}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:1rem;font-size:.95rem}
nav a{color:#b3261e}
`;

const BANNER = 'SANDBOX MAILBOX — no email left this machine. Set SMTP_URL to send real email.';

const when = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

/** Every message "sent", newest first. */
export function renderMailbox(emails: SandboxEmail[]): string {
  const items = emails
    .map(
      (email) => `<li><a href="/sandbox/mail/${email.id}">
  <span class="subject">${escapeHtml(email.subject)}</span><time datetime="${email.createdAt.toISOString()}">${when(email.createdAt)}</time>
  <span class="meta">To ${escapeHtml(email.to)}</span>
</a></li>`,
    )
    .join('\n');
  return sandboxDocument({
    title: 'SANDBOX · Mailbox',
    style: STYLE,
    body: `<div class="banner" role="note">${BANNER}</div>
<main>
<h1>Sandbox mailbox</h1>
<p class="lead">Every email Santa Calls has sent, newest first. Open one to see it as the parent would.</p>
${emails.length ? `<ol aria-label="Emails">${items}</ol>` : '<p class="empty">No email has been sent yet.</p>'}
</main>`,
  });
}

/**
 * The email's own HTML, as a mail client shows it, with the sandbox banner and the envelope on
 * top; its links are the real ones, so they can be followed from here.
 */
export function renderMessage(email: SandboxEmail): string {
  const header = `<div style="font:15px/1.5 system-ui,sans-serif;background:#fff;border-bottom:1px solid #e5e7eb">
<div role="note" style="background:#b3261e;color:#fff;text-align:center;padding:.6rem 1rem;font-weight:700;letter-spacing:.04em">${BANNER}</div>
<div style="max-width:960px;margin:0 auto;padding:.75rem 1rem;color:#1f2937">
<a href="/sandbox/mail" style="color:#b3261e">← Mailbox</a> · <a href="/sandbox/mail/${email.id}/text" style="color:#b3261e">Plain-text part</a>
<div><strong>${escapeHtml(email.subject)}</strong></div>
<div style="color:#4b5563">From ${escapeHtml(email.from)} · To ${escapeHtml(email.to)} · ${when(email.createdAt)}</div>
</div></div>`;
  const withBanner = email.html.replace(/<body([^>]*)>/i, (tag) => `${tag}${header}`);
  return withBanner === email.html ? header + email.html : withBanner;
}

export function renderPlainText(email: SandboxEmail): string {
  return sandboxDocument({
    title: `SANDBOX · ${escapeHtml(email.subject)}`,
    style: STYLE,
    body: `<div class="banner" role="note">${BANNER}</div>
<main>
<nav><a href="/sandbox/mail/${email.id}">← HTML part</a> · <a href="/sandbox/mail">Mailbox</a></nav>
<h1>${escapeHtml(email.subject)}</h1>
<p class="lead">To ${escapeHtml(email.to)} · ${when(email.createdAt)}</p>
<pre>${escapeHtml(email.text)}</pre>
</main>`,
  });
}
