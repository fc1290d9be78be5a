import type { Diagnosable } from '../diagnosis.ts';

/** One rendered email, both parts: clients without HTML (and spam filters) read the text. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Sends email: a real SMTP server, or the sandbox mailbox at /sandbox/mail. */
export interface Mailer extends Diagnosable {
  /** The sender every email carries (EMAIL_FROM). */
  readonly from: string;
  /** Resolves once the server has accepted the message; rejects to have the job retried. */
  send(email: OutgoingEmail): Promise<void>;
}
