import { accountOf, type ContentTable } from './email-content-of.ts';

/** The account's own emails: welcome, address checks and password resets, their links minted now. */
export const accountContent: ContentTable = {
  async welcome({ row, to, name, links }) {
    return { kind: 'welcome', name, verifyUrl: await links.verifyEmailUrl(accountOf(row), to) };
  },

  async verify_email({ row, to, name, data, links }) {
    return {
      kind: 'verify_email',
      name,
      email: to,
      change: data.change === true,
      verifyUrl: await links.verifyEmailUrl(accountOf(row), to),
    };
  },

  async password_reset({ row, name, links }) {
    const link = await links.passwordResetUrl(accountOf(row));
    return { kind: 'password_reset', name, resetUrl: link.url, validMinutes: link.validMinutes };
  },
};
