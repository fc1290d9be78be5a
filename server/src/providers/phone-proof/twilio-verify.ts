import twilio from 'twilio';
import type { PhoneCodeChannel } from '@santa/shared/santa';
import { fatal, ok, unreachable, type Finding } from '../diagnosis.ts';
import { createTwilioClient, type TwilioCredentials } from '../telephony/twilio-client.ts';
import { CodeNotSentError, type CodeCheck, type PhoneVerifier, type SendRefusal } from './phone-verifier.ts';

export interface TwilioVerifyOptions extends TwilioCredentials {
  /** TWILIO_VERIFY_SERVICE_SID (VA…): the Verify service that sends and checks the codes. */
  serviceSid: string;
  /** PHONE_COUNTRIES: named in the doctor's reminder about Verify's geo permissions. */
  countries: string[];
}

/** Verify's refusals to send, by Twilio error code. */
const SEND_REFUSALS: Record<number, SendRefusal> = {
  60200: 'invalid_number',
  21211: 'invalid_number',
  60203: 'too_many_sends',
  60410: 'blocked',
  60605: 'blocked',
};

/** Verify's answers to a check that mean "no code to try": expired, approved or tried 5 times. */
const NO_PENDING_CODE = new Set([20404, 60202]);

const twilioCode = (error: unknown) => (error instanceof twilio.RestException ? error.code : undefined);

/**
 * Twilio Verify through the official SDK (verify.v2.services(sid).verifications and
 * verificationChecks). Verify sends from Twilio's own registered senders, so codes reach US phones
 * without an A2P registration of our number, and its Fraud Guard refuses likely SMS pumping.
 */
export class TwilioVerify implements PhoneVerifier {
  readonly isSandbox = false;
  private readonly client: twilio.Twilio;

  constructor(private readonly options: TwilioVerifyOptions) {
    this.client = createTwilioClient(options);
  }

  private get service() {
    return this.client.verify.v2.services(this.options.serviceSid);
  }

  async sendCode(to: string, channel: PhoneCodeChannel): Promise<void> {
    try {
      await this.service.verifications.create({ to, channel });
    } catch (error) {
      const code = twilioCode(error);
      const reason = code === undefined ? undefined : SEND_REFUSALS[code];
      if (reason) throw new CodeNotSentError(reason, `Twilio Verify refused the code (error ${code})`);
      throw error;
    }
  }

  async checkCode(to: string, code: string): Promise<CodeCheck> {
    try {
      const check = await this.service.verificationChecks.create({ to, code });
      return check.status === 'approved' ? 'approved' : 'wrong';
    } catch (error) {
      const errorCode = twilioCode(error);
      if (errorCode !== undefined && NO_PENDING_CODE.has(errorCode)) return 'expired';
      throw error;
    }
  }

  async diagnose(): Promise<Finding[]> {
    const check = 'Verify service';
    try {
      const service = await this.service.fetch();
      return [
        ok(check, `${service.sid} "${service.friendlyName}", ${service.codeLength}-digit codes`),
        ok(
          'Verify geo permissions',
          `kept only in the Twilio Console (Verify > Settings > Geo permissions): allow SMS and Voice ` +
            `for ${this.options.countries.join(', ')} and nothing else, so codes cannot be pumped elsewhere`,
        ),
      ];
    } catch (error) {
      if (twilioCode(error) === 20404)
        return [
          fatal(
            check,
            `${this.options.serviceSid} is not a Verify service of this account`,
            'Create one in the Twilio Console (Verify > Services) and set TWILIO_VERIFY_SERVICE_SID to its SID (VA…).',
          ),
        ];
      return [unreachable(check, error, 'Check TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN and Twilio status.')];
    }
  }
}
