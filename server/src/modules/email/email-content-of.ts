import type { EmailRow } from './email.repository.ts';
import type { EmailContent, EmailKind } from './templates/email-content.ts';

/** What an email's content is filled in from, when it is sent. */
export interface ContentSource {
  row: EmailRow;
  /** The address it goes to. */
  to: string;
  name: string;
  data: Record<string, unknown>;
  links: EmailLinks;
  publicUrl: string;
}

/** Undefined: the email is no longer wanted (an invitation accepted meanwhile). */
export type ContentOf = (
  source: ContentSource,
) => Promise<EmailContent | undefined> | EmailContent | undefined;

export type ContentTable = Partial<Record<EmailKind, ContentOf>>;

/** An account email's owner: every kind but a gift's has one. */
export function accountOf(row: EmailRow): string {
  if (!row.user_id) throw new Error(`${row.kind} email without its account`);
  return row.user_id;
}

/**
 * Single-use links are minted when the email is sent, not when it is asked for: the token then
 * exists only in the email itself (the database keeps its hash), never in the queue's tables.
 */
export interface EmailLinks {
  /** Undefined once the account is gone (deleted while its email was on its way). */
  passwordResetUrl(userId: string): Promise<{ url: string; validMinutes: number } | undefined>;
  /** Undefined once the account is gone. */
  verifyEmailUrl(userId: string, email: string): Promise<string | undefined>;
  /** The family's download link (privacy module), minted when its email is sent. */
  exportDownloadUrl?(exportId: string): Promise<{ url: string; validHours: number }>;
  /** A gift's redeem link (gifts module), its code minted as the recipient's email is sent. */
  giftRedeemLink?(giftId: string): Promise<GiftRedeemLink>;
  /** A fresh link for an invitation to listen (decision 0026); undefined once it was accepted. */
  listenerInviteLink?(inviteId: string): Promise<{ url: string; inviteeName: string } | undefined>;
}

/** What the recipient's email says; the code in `redeemUrl` exists nowhere else. */
export interface GiftRedeemLink {
  redeemUrl: string;
  giverName: string;
  recipientName: string | null;
  message: string | null;
  planName: string;
}
