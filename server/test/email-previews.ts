/**
 * Renders every email with sample content to <outDir>/<kind>.html, for the Playwright spec to
 * photograph the ones a journey cannot reach (a Stripe payment failure, a finished call).
 * Usage: node --import tsx server/test/email-previews.ts <outDir> [publicUrl]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EmailContent } from '../src/modules/email/templates/email-content.ts';
import { renderEmail } from '../src/modules/email/templates/render-email.tsx';

export function sampleEmails(publicUrl: string): EmailContent[] {
  return [
    { kind: 'welcome', name: 'Pat Parent', verifyUrl: `${publicUrl}/verify-email#token=sample` },
    {
      kind: 'verify_email',
      name: 'Pat Parent',
      email: 'pat.new@example.com',
      change: true,
      verifyUrl: `${publicUrl}/verify-email#token=sample`,
    },
    {
      kind: 'password_reset',
      name: 'Pat Parent',
      resetUrl: `${publicUrl}/reset-password#token=sample`,
      validMinutes: 30,
    },
    {
      kind: 'call_recap',
      name: 'Pat Parent',
      kidName: 'Olivia',
      minutes: 4,
      summary: 'Olivia told Santa about her loose tooth and her hopes for a red bike.',
      recap: {
        wishes: ['I really want a red bike with a bell'],
        news: ['My tooth is wobbly and I lost one last week'],
        questions: ['Does Rudolph like carrots?'],
        promises: ["I'll leave carrots for Rudolph"],
      },
      callsUrl: `${publicUrl}/calls`,
      preferencesUrl: `${publicUrl}/account#email-preferences`,
    },
    {
      kind: 'inactivity_warning',
      name: 'Pat Parent',
      deleteOn: 'January 23, 2027',
      inactiveMonths: 24,
      signInUrl: `${publicUrl}/auth`,
    },
    {
      kind: 'payment_failed',
      name: 'Pat Parent',
      updateUrl: 'https://invoice.stripe.com/i/acct_sample/sample_invoice',
      dashboardUrl: `${publicUrl}/dashboard`,
    },
    {
      kind: 'gift_receipt',
      buyerName: 'Grandma Jo',
      recipientName: 'Robin',
      planName: '3-Month Pass',
      amount: '$89',
      deliverOn: 'December 24, 2026',
      giftUrl: `${publicUrl}/gift`,
    },
    {
      kind: 'gift_delivery',
      giverName: 'Grandma Jo',
      recipientName: 'Robin',
      message: 'Merry Christmas, Robin! Love, Grandma Jo',
      planName: '3-Month Pass',
      redeemUrl: `${publicUrl}/gift/sample-code`,
    },
  ];
}

const [outDir, publicUrl = 'http://localhost:3000'] = process.argv.slice(2);
if (outDir) {
  mkdirSync(outDir, { recursive: true });
  for (const content of sampleEmails(publicUrl)) {
    const rendered = await renderEmail(content, publicUrl);
    writeFileSync(path.join(outDir, `${content.kind}.html`), rendered.html);
  }
}
