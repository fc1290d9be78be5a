/** Telephony in our words (design §4): numbers, ending calls, verifying Twilio's webhooks. */
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

export interface Telephony {
  readonly isSandbox: boolean;
  /** The common hotline, E.164. */
  readonly hotlineNumber: string;
  purchaseNumber(options: PurchaseNumberOptions): Promise<PurchasedNumber>;
  releaseNumber(sid: string): Promise<void>;
  /** Hangs up a live call (Twilio: calls(sid).update({ status: 'completed' })). */
  endCall(callSid: string): Promise<void>;
  /** X-Twilio-Signature over the exact public URL and the posted form parameters. */
  validateRequest(signature: string | undefined, url: string, params: Record<string, string>): boolean;
}
