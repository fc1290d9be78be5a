import type { PhoneCodeChannel } from '@santa/shared/santa';
import type { Diagnosable } from '../diagnosis.ts';

/** What a check of a code found: the phone is proven, the code is wrong, or there is none to try. */
export type CodeCheck = 'approved' | 'wrong' | 'expired';

/** Why the verifier would not send a code, in our words (Twilio Verify's error codes map to these). */
export type SendRefusal =
  /** Not a number the verifier can reach (Verify 60200, 21211). */
  | 'invalid_number'
  /** Too many codes asked for this number before one was checked (Verify 60203). */
  | 'too_many_sends'
  /** Refused as likely fraud or by geo permissions (Verify 60410, 60605). */
  | 'blocked';

export class CodeNotSentError extends Error {
  constructor(
    readonly reason: SendRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'CodeNotSentError';
  }
}

/**
 * Proves that someone holds a phone: sends a one-time code by text or by a call that reads it out,
 * then checks the code they type. The verifier makes, keeps and expires the codes (Twilio Verify:
 * ten minutes, five tries); we never see them.
 */
export interface PhoneVerifier extends Diagnosable {
  /** Sends a code to `to` (E.164); a code asked for again within its life is the same code. */
  sendCode(to: string, channel: PhoneCodeChannel): Promise<void>;
  checkCode(to: string, code: string): Promise<CodeCheck>;
}
