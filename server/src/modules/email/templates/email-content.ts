import type { CallRecap } from '@santa/shared/recap';
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
      /** The summary and "what the child told Santa"; null for a recap queued before them. */
      summary: string | null;
      recap: CallRecap | null;
      callsUrl: string;
      preferencesUrl: string;
    }
  | { kind: 'payment_failed'; name: string; updateUrl: string; dashboardUrl: string }
  | { kind: 'export_ready'; name: string; downloadUrl: string; validHours: number; privacyUrl: string }
  | ({ kind: 'purchase_receipt' } & ReceiptContent)
  | ({ kind: 'renewal_receipt' } & ReceiptContent)
  | ({ kind: 'upgrade_receipt' } & ReceiptContent)
  | {
      kind: 'renewal_reminder';
      name: string;
      planName: string;
      /** "$89", what the renewal will charge. */
      amount: string;
      renewsOn: string;
      terms: string;
      dashboardUrl: string;
    }
  | { kind: 'plan_gift'; name: string; minutes: number; note: string | null; dashboardUrl: string }
  | {
      kind: 'discount_revoked';
      name: string;
      planName: string;
      discountPercent: number;
      /** The paid period still runs to this date; null when we do not know it. */
      endsOn: string | null;
      dashboardUrl: string;
    }
  | {
      kind: 'inactivity_warning';
      name: string;
      /** "December 24, 2026": the day the account goes unless the parent signs in. */
      deleteOn: string;
      inactiveMonths: number;
      signInUrl: string;
    }
  | {
      kind: 'plan_cancelled';
      name: string;
      planName: string;
      /** What was left when it stopped, in seconds. */
      secondsLeft: number;
      pricingUrl: string;
      dashboardUrl: string;
    }
  | GiftEmailContent
  | { kind: 'family_code_locked'; name: string; lockedUntil: string; settingsUrl: string }
  | { kind: 'recording_lost'; name: string; callsUrl: string }
  | { kind: 'checkout_payment_failed'; name: string; planName: string; pricingUrl: string }
  | { kind: 'gift_reversed'; name: string; pricingUrl: string }
  | {
      kind: 'listener_invite';
      familyName: string;
      inviteeName: string;
      acceptUrl: string;
      validDays: number;
    };

/** A gift: the buyer's receipt, and the recipient's email with the single-use redeem link. */
export type GiftEmailContent =
  | {
      kind: 'gift_receipt';
      buyerName: string;
      recipientName: string | null;
      planName: string;
      amount: string;
      deliverOn: string;
      giftUrl: string;
    }
  | {
      kind: 'gift_delivery';
      giverName: string;
      recipientName: string | null;
      message: string | null;
      planName: string;
      redeemUrl: string;
    };

/** A receipt: what was bought, what Stripe charged, and for a pass how it renews and how to stop it. */
export interface ReceiptContent {
  name: string;
  planName: string;
  /** "$89" or "$44.50": Stripe's total, as stored. */
  amount: string;
  paidOn: string;
  /** Only for a pass: its renewal terms and next renewal date. */
  renewal: { terms: string; renewsOn: string | null } | null;
  dashboardUrl: string;
}

export type EmailKind = EmailContent['kind'];

/** An email as it is sent: its subject, and its HTML and plain-text parts. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}
