import { accountOf, type ContentTable } from './email-content-of.ts';

/**
 * The account's own emails: welcome, address checks and password resets, their links minted now.
 * An account deleted while its email was on its way gets none (no link can be minted for it).
 */
export const accountContent: ContentTable = {
  async welcome({ row, to, name, links }) {
    const verifyUrl = await links.verifyEmailUrl(accountOf(row), to);
    return verifyUrl ? { kind: 'welcome', name, verifyUrl } : undefined;
  },

  async verify_email({ row, to, name, data, links }) {
    const verifyUrl = await links.verifyEmailUrl(accountOf(row), to);
    if (!verifyUrl) return undefined;
    return { kind: 'verify_email', name, email: to, change: data.change === true, verifyUrl };
  },

  async password_reset({ row, name, links }) {
    const link = await links.passwordResetUrl(accountOf(row));
    if (!link) return undefined;
    return { kind: 'password_reset', name, resetUrl: link.url, validMinutes: link.validMinutes };
  },
};
