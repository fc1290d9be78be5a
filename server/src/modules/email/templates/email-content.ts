/** What each email says, filled in when it is sent; the templates turn it into HTML and text. */
export type EmailContent =
  | { kind: 'welcome'; name: string; verifyUrl: string }
  | { kind: 'verify_email'; name: string; email: string; verifyUrl: string; change: boolean }
  | { kind: 'password_reset'; name: string; resetUrl: string; validMinutes: number }
  | {
      kind: 'call_recap';
      name: string;
      kidName: string | null;
      minutes: number;
      callsUrl: string;
      preferencesUrl: string;
    }
  | { kind: 'payment_failed'; name: string; updateUrl: string; dashboardUrl: string };

export type EmailKind = EmailContent['kind'];
