import { twiml } from './twiml.ts';
import twilio from 'twilio';
import { createTwilioClient } from './twilio-client.ts';
import type { DiagnosisContext, Finding } from '../diagnosis.ts';
import type {
  CallRecord,
  PlaceCallOptions,
  PurchaseNumberOptions,
  PurchasedNumber,
  Telephony,
} from './telephony.ts';
import { diagnoseTwilio } from './twilio-diagnosis.ts';
import { purchaseLocalNumber, type NumberPurchaseSettings } from './twilio-number-purchase.ts';
import { isValidTwilioSignature } from './twilio-signature.ts';

export interface TwilioTelephonyOptions {
  accountSid: string;
  authToken: string;
  hotlineNumber: string;
  /** Where dedicated numbers are bought, and the regulatory documents the purchase names. */
  purchase?: NumberPurchaseSettings;
  /** Tests send every API request to a local server instead of *.twilio.com. */
  apiBaseUrl?: string;
  /** PHONE_COUNTRIES: the doctor checks the voice geo permissions allow them. */
  callCountries?: string[];
}

/** Twilio through the official SDK. */
export class TwilioTelephony implements Telephony {
  readonly sayAndHangUp = twiml.sayAndHangUp;
  readonly askForDigits = twiml.askForDigits;
  readonly emptyResponse = twiml.emptyResponse;
  readonly isSandbox = false;
  readonly hotlineNumber: string;
  private readonly client: twilio.Twilio;

  constructor(private readonly options: TwilioTelephonyOptions) {
    this.hotlineNumber = options.hotlineNumber;
    this.client = createTwilioClient(options);
  }

  private get purchaseSettings(): NumberPurchaseSettings {
    return this.options.purchase ?? { country: 'US' };
  }

  purchaseNumber(options: PurchaseNumberOptions): Promise<PurchasedNumber> {
    return purchaseLocalNumber(this.client, this.purchaseSettings, options);
  }

  diagnose(context: DiagnosisContext): Promise<Finding[]> {
    return diagnoseTwilio(
      this.client,
      {
        hotlineNumber: this.hotlineNumber,
        purchase: this.purchaseSettings,
        callCountries: this.options.callCountries ?? ['US', 'CA', 'GB'],
      },
      context,
    );
  }

  async releaseNumber(sid: string): Promise<void> {
    await this.client.incomingPhoneNumbers(sid).remove();
  }

  async sendSms(to: string, body: string): Promise<void> {
    await this.client.messages.create({ to, from: this.options.hotlineNumber, body });
  }

  async placeCall(options: PlaceCallOptions): Promise<{ callSid: string }> {
    const call = await this.client.calls.create({
      to: options.to,
      from: this.options.hotlineNumber,
      url: options.answerUrl,
      method: 'POST',
      statusCallback: options.statusCallbackUrl,
      statusCallbackMethod: 'POST',
      statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      // Asynchronous detection: the answer URL is asked at once, so a child hears Santa without
      // waiting while Twilio decides; the verdict comes to its own callback, after a voicemail's
      // beep (DetectMessageEnd), which is when Santa's message is left.
      machineDetection: 'DetectMessageEnd',
      asyncAmd: 'true',
      asyncAmdStatusCallback: options.amdCallbackUrl,
      asyncAmdStatusCallbackMethod: 'POST',
      // About six rings; a phone left ringing longer is a no-answer, tried again later.
      timeout: 30,
    });
    return { callSid: call.sid };
  }

  async endCall(callSid: string): Promise<void> {
    await this.client.calls(callSid).update({ status: 'completed' });
  }

  async sayAndHangUpLive(callSid: string, text: string): Promise<void> {
    await this.client.calls(callSid).update({ twiml: twiml.sayAndHangUp(text) });
  }

  async fetchCall(callSid: string): Promise<CallRecord | null> {
    try {
      const call = await this.client.calls(callSid).fetch();
      // Twilio gives the duration as a string of seconds, and none while the call is live.
      const seconds = call.duration ? Number(call.duration) : NaN;
      return { status: call.status, durationSeconds: Number.isFinite(seconds) ? seconds : null };
    } catch (error) {
      if (error instanceof twilio.RestException && error.status === 404) return null;
      throw error;
    }
  }

  validateRequest(signature: string | undefined, url: string, params: Record<string, string>): boolean {
    return isValidTwilioSignature(this.options.authToken, signature, url, params);
  }
}
