/** Telephony in our words: numbers, ending calls, verifying Twilio's webhooks. */
export interface PurchasedNumber {
  phoneNumber: string;
  sid: string;
}

export interface PurchaseNumberOptions {
  /** Our inbound webhook, set as the number's voiceUrl. */
  voiceUrl: string;
  statusCallbackUrl: string;
  friendlyName: string;
}

/** What Twilio knows of a call (its Call resource). */
export interface CallRecord {
  /** queued, ringing, in-progress, completed, busy, failed, no-answer or canceled. */
  status: string;
  /** Whole seconds the call was connected, once it has ended. */
  durationSeconds: number | null;
}

export interface Telephony {
  readonly isSandbox: boolean;
  /** The common hotline, E.164. */
  readonly hotlineNumber: string;
  purchaseNumber(options: PurchaseNumberOptions): Promise<PurchasedNumber>;
  releaseNumber(sid: string): Promise<void>;
  /** Sends a text message from the hotline number (Twilio: messages.create). */
  sendSms(to: string, body: string): Promise<void>;
  /** Hangs up a live call (Twilio: calls(sid).update({ status: 'completed' })). */
  endCall(callSid: string): Promise<void>;
  /** Twilio's record of a call (calls(sid).fetch()); null when Twilio has no such call. */
  fetchCall(callSid: string): Promise<CallRecord | null>;
  /** X-Twilio-Signature over the exact public URL and the posted form parameters. */
  validateRequest(signature: string | undefined, url: string, params: Record<string, string>): boolean;
  /** The answer to a ringing call that says `message` in Santa's voice and hangs up. */
  sayAndHangUp(message: string): string;
  /** The answer that asks for keypad digits, posted to `actionUrl`; `otherwise` if none come. */
  askForDigits(input: { digits: number; prompt: string; actionUrl: string; otherwise: string }): string;
  /** An answer that does nothing (to a status callback). */
  emptyResponse(): string;
}
