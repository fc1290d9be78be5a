import { formatBillingDate } from '@santa/shared/billing-terms';
import { callRecapSchema } from '@santa/shared/recap';
import type { ContentTable } from './email-content-of.ts';

/** The family's emails about its calls, its data and its account's life. */
export const familyContent: ContentTable = {
  call_recap: ({ name, data, publicUrl }) => ({
    kind: 'call_recap',
    name,
    kidName: typeof data.kidName === 'string' ? data.kidName : null,
    minutes: typeof data.minutes === 'number' ? data.minutes : 1,
    summary: typeof data.summary === 'string' ? data.summary : null,
    recap: callRecapSchema.safeParse(data.recap).data ?? null,
    callsUrl: `${publicUrl}/calls`,
    preferencesUrl: `${publicUrl}/account#email-preferences`,
  }),

  inactivity_warning: ({ name, data, publicUrl }) => ({
    kind: 'inactivity_warning',
    name,
    deleteOn: formatBillingDate(String(data.deleteOn)),
    inactiveMonths: typeof data.inactiveMonths === 'number' ? data.inactiveMonths : 24,
    signInUrl: `${publicUrl}/auth`,
  }),

  async export_ready({ name, data, links, publicUrl }) {
    if (!links.exportDownloadUrl || typeof data.exportId !== 'string')
      throw new Error('export_ready email without its download');
    const link = await links.exportDownloadUrl(data.exportId);
    return {
      kind: 'export_ready',
      name,
      downloadUrl: link.url,
      validHours: link.validHours,
      privacyUrl: `${publicUrl}/account/privacy`,
    };
  },

  payment_failed: ({ name, data, publicUrl }) => ({
    kind: 'payment_failed',
    name,
    updateUrl: typeof data.updateUrl === 'string' ? data.updateUrl : `${publicUrl}/dashboard`,
    dashboardUrl: `${publicUrl}/dashboard`,
  }),
};
