import { twiml } from './twiml.ts';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { sandboxFinding, type Finding } from '../diagnosis.ts';
import type {
  CallRecord,
  PlaceCallOptions,
  PurchaseNumberOptions,
  PurchasedNumber,
  Telephony,
} from './telephony.ts';
import { isValidTwilioSignature, signTwilioRequest } from './twilio-signature.ts';

/** Fictional numbers +1 555 0101 … 0199 (+1 555 0100 is the hotline). */
const POOL = Array.from({ length: 99 }, (_, i) => `+1555${String(101 + i).padStart(4, '0')}`);

export class SandboxPoolExhaustedError extends Error {}

/**
 * Plays Twilio's part on a fresh machine: numbers come from the 555-01xx range and are kept in
 * the database (like Twilio's account state), and requests are signed exactly as Twilio signs.
 */
export class SandboxTelephony implements Telephony {
  readonly sayAndHangUp = twiml.sayAndHangUp;
  readonly askForDigits = twiml.askForDigits;
  readonly emptyResponse = twiml.emptyResponse;
  readonly isSandbox = true;
  private readonly endedCalls = new Set<string>();
  private readonly endedListeners = new Set<(callSid: string) => void>();

  constructor(
    private readonly db: Db,
    private readonly authToken: string,
    readonly hotlineNumber: string,
  ) {}

  async purchaseNumber(options: PurchaseNumberOptions): Promise<PurchasedNumber> {
    const sid = `PN${randomBytes(16).toString('hex')}`;
    const { rows } = await this.db.query<{ phone_number: string }>(
      `insert into sandbox_twilio_numbers (phone_number, sid, voice_url, status_callback_url, friendly_name)
       select candidate, $2, $3, $4, $5
       from unnest($1::text[]) with ordinality as pool(candidate, position)
       where candidate <> $6
         and not exists (select 1 from sandbox_twilio_numbers n where n.phone_number = candidate)
       order by position
       limit 1
       on conflict (phone_number) do nothing
       returning phone_number`,
      [POOL, sid, options.voiceUrl, options.statusCallbackUrl, options.friendlyName, this.hotlineNumber],
    );
    const phoneNumber = rows[0]?.phone_number;
    if (!phoneNumber) throw new SandboxPoolExhaustedError('No sandbox numbers are left in the 555-01xx pool');
    return { phoneNumber, sid };
  }

  async diagnose(): Promise<Finding[]> {
    return sandboxFinding(
      'Set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN (Twilio console → Account → API keys & tokens) ' +
        'and SANTA_HOTLINE_NUMBER to a number that account owns.',
    );
  }

  async releaseNumber(sid: string): Promise<void> {
    await this.db.query('delete from sandbox_twilio_numbers where sid = $1', [sid]);
  }

  /** Kept for the sandbox phone to show, as the phone it was sent to would. */
  async sendSms(to: string, body: string): Promise<void> {
    await this.db.query('insert into sandbox_sms_messages (to_number, body) values ($1, $2)', [to, body]);
  }

  /** The texts sent to a phone, newest first. */
  async messagesTo(phone: string): Promise<{ body: string; sent_at: Date }[]> {
    const { rows } = await this.db.query<{ body: string; sent_at: Date }>(
      'select body, created_at as sent_at from sandbox_sms_messages where to_number = $1 order by id desc limit 20',
      [phone],
    );
    return rows;
  }

  /** Rings the sandbox phone that typed `to` in "Calling from" (it polls ringingCallsTo). */
  async placeCall(options: PlaceCallOptions): Promise<{ callSid: string }> {
    const callSid = `CA${randomBytes(16).toString('hex')}`;
    await this.db.query(
      `insert into sandbox_twilio_calls
         (call_sid, status, to_number, from_number, answer_url, status_callback_url, amd_callback_url)
       values ($1, 'ringing', $2, $3, $4, $5, $6)`,
      [
        callSid,
        options.to,
        this.hotlineNumber,
        options.answerUrl,
        options.statusCallbackUrl,
        options.amdCallbackUrl,
      ],
    );
    return { callSid };
  }

  /** Calls the app placed to `phone` that are still ringing, oldest first. */
  async ringingCallsTo(
    phone: string,
  ): Promise<{ call_sid: string; from_number: string; answer_url: string; status_callback_url: string }[]> {
    const { rows } = await this.db.query<{
      call_sid: string;
      from_number: string;
      answer_url: string;
      status_callback_url: string;
    }>(
      `select call_sid, from_number, answer_url, status_callback_url from sandbox_twilio_calls
       where to_number = $1 and status = 'ringing' order by created_at, call_sid`,
      [phone],
    );
    return rows;
  }

  /** A call the app placed, as Twilio holds it: where to ask on answer and report its end. */
  async outboundCall(callSid: string): Promise<
    | {
        to_number: string;
        from_number: string;
        answer_url: string;
        status_callback_url: string;
        amd_callback_url: string | null;
        status: string;
      }
    | undefined
  > {
    const { rows } = await this.db.query<{
      to_number: string;
      from_number: string;
      answer_url: string;
      status_callback_url: string;
      amd_callback_url: string | null;
      status: string;
    }>(
      `select to_number, from_number, answer_url, status_callback_url, amd_callback_url, status from sandbox_twilio_calls
       where call_sid = $1 and answer_url is not null`,
      [callSid],
    );
    return rows[0];
  }

  /** The sandbox phone answered or declined a ringing call: Twilio's Call resource moves on. */
  async setCallStatus(callSid: string, status: string): Promise<void> {
    await this.db.query('update sandbox_twilio_calls set status = $2 where call_sid = $1', [callSid, status]);
  }

  async endCall(callSid: string): Promise<void> {
    this.endedCalls.add(callSid);
    for (const listener of this.endedListeners) listener(callSid);
  }

  /** As Twilio redirects a live call: the message is kept for the sandbox phone, and the call ends. */
  async sayAndHangUpLive(callSid: string, text: string): Promise<void> {
    await this.db.query('update sandbox_twilio_calls set voicemail_message = $2 where call_sid = $1', [
      callSid,
      text,
    ]);
    await this.endCall(callSid);
  }

  /** What a voicemail box was told on this call, if anything. */
  async voicemailOf(callSid: string): Promise<string | null> {
    const { rows } = await this.db.query<{ voicemail_message: string | null }>(
      'select voicemail_message from sandbox_twilio_calls where call_sid = $1',
      [callSid],
    );
    return rows[0]?.voicemail_message ?? null;
  }

  /** Twilio's Call resource: kept in the database, so it outlives a crash of the app. */
  async fetchCall(callSid: string): Promise<CallRecord | null> {
    const { rows } = await this.db.query<{ status: CallRecord['status']; duration_seconds: number | null }>(
      'select status, duration_seconds from sandbox_twilio_calls where call_sid = $1',
      [callSid],
    );
    const call = rows[0];
    return call ? { status: call.status, durationSeconds: call.duration_seconds } : null;
  }

  /** The phone simulator's call reached the app (its inbound webhook is being answered). */
  async callStarted(callSid: string): Promise<void> {
    await this.db.query(
      `insert into sandbox_twilio_calls (call_sid, status) values ($1, 'in-progress')
       on conflict (call_sid) do nothing`,
      [callSid],
    );
  }

  /** The phone simulator's call is over, as its status callback tells the app. */
  async callCompleted(callSid: string, durationSeconds: number): Promise<void> {
    await this.db.query(
      `update sandbox_twilio_calls set status = 'completed', duration_seconds = $2 where call_sid = $1`,
      [callSid, durationSeconds],
    );
  }

  validateRequest(signature: string | undefined, url: string, params: Record<string, string>): boolean {
    return isValidTwilioSignature(this.authToken, signature, url, params);
  }

  /** What Twilio would put in X-Twilio-Signature (the phone simulator posts with it). */
  sign(url: string, params: Record<string, string>): string {
    return signTwilioRequest(this.authToken, url, params);
  }

  /** Sandbox-only: lets the phone simulator and tests see calls the app hung up. */
  wasEnded(callSid: string): boolean {
    return this.endedCalls.has(callSid);
  }

  onCallEnded(listener: (callSid: string) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  async ownedNumbers(): Promise<{ phone_number: string; sid: string; voice_url: string }[]> {
    const { rows } = await this.db.query<{ phone_number: string; sid: string; voice_url: string }>(
      'select phone_number, sid, voice_url from sandbox_twilio_numbers order by phone_number',
    );
    return rows;
  }
}
