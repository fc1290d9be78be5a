import type { Diagnosable } from '../diagnosis.ts';

/** Telephony in our words: numbers, ending calls, verifying Twilio's webhooks. */
export interface PurchasedNumber {
  phoneNumber: string;
  sid: string;
}

export interface PurchaseNumberOptions {
  /** Our inbound webhook, set as the number's voiceUrl. */
  voiceUrl: string;
  statusCallbackUrl: string;
  /** What Twilio calls when voiceUrl fails or times out: Santa's apology, no database. */
  voiceFallbackUrl: string;
  friendlyName: string;
}

/** The webhooks every number of ours points at (the voice routes answer them). */
export function twilioWebhookUrls(publicUrl: string) {
  return {
    voiceUrl: `${publicUrl}/api/voice/twilio/inbound`,
    statusCallbackUrl: `${publicUrl}/api/voice/twilio/status`,
    voiceFallbackUrl: `${publicUrl}/api/voice/twilio/fallback`,
  };
}

/**
 * A dedicated number's friendly name at Twilio. No names or emails go to Twilio: the user id is
 * enough to trace a number back, and the prefix tells our numbers from others on the account.
 */
export const DEDICATED_NUMBER_PREFIX = 'Santa Calls ';
export const dedicatedNumberName = (userId: string) => `${DEDICATED_NUMBER_PREFIX}${userId}`;

/** What Twilio knows of a call (its Call resource). */
export interface CallRecord {
  /** queued, ringing, in-progress, completed, busy, failed, no-answer or canceled. */
  status: string;
  /** Whole seconds the call was connected, once it has ended. */
  durationSeconds: number | null;
}

/** Santa rings a family phone (a scheduled call, decision 0025). */
export interface PlaceCallOptions {
  /** The family phone, E.164. */
  to: string;
  /** Where Twilio asks what to say once the call is answered (with AnsweredBy). */
  answerUrl: string;
  /** Where Twilio reports ringing, answered and the final status. */
  statusCallbackUrl: string;
  /**
   * Where Twilio posts its answering-machine verdict (AnsweredBy) after the call is answered:
   * detection runs in the background, so a child who answers hears Santa at once.
   */
  amdCallbackUrl: string;
}

export interface Telephony extends Diagnosable {
  /** The common hotline, E.164. */
  readonly hotlineNumber: string;
  purchaseNumber(options: PurchaseNumberOptions): Promise<PurchasedNumber>;
  releaseNumber(sid: string): Promise<void>;
  /** Sends a text message from the hotline number (Twilio: messages.create). */
  sendSms(to: string, body: string): Promise<void>;
  /**
   * Dials out from the hotline (Twilio: calls.create with status callbacks and answering-machine
   * detection, so answerUrl learns whether a person or a voicemail picked up). Answers the call's sid.
   */
  placeCall(options: PlaceCallOptions): Promise<{ callSid: string }>;
  /** Hangs up a live call (Twilio: calls(sid).update({ status: 'completed' })). */
  endCall(callSid: string): Promise<void>;
  /** A live call leaves what it was doing, hears `text` and hangs up (a voicemail's message). */
  sayAndHangUpLive(callSid: string, text: string): Promise<void>;
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
