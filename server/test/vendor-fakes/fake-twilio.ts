import { createHmac, randomBytes } from 'node:crypto';
import { matchPath, startFakeServer, type FakeRequest, type FakeResponse } from './fake-http.ts';

/** A webhook as Twilio would POST it: where to, the form, and its X-Twilio-Signature. */
export interface TwilioWebhook {
  url: string;
  params: Record<string, string>;
  signature: string;
}

interface IncomingNumber {
  sid: string;
  phone_number: string;
  friendly_name: string | null;
  voice_url: string | null;
  voice_method: string;
  status_callback: string | null;
  status_callback_method: string;
}

interface Call {
  sid: string;
  from: string;
  to: string;
  status: string;
  answeredAt: number;
  duration: string | null;
}

export interface SentMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
}

/** A code Verify sent: what the phone received, and Verify's own count of sends and checks. */
export interface SentCode {
  sid: string;
  to: string;
  channel: string;
  code: string;
  status: 'pending' | 'approved';
  sends: number;
  checks: number;
}

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

const notFound = (path: string): FakeResponse => ({
  status: 404,
  json: {
    code: 20404,
    message: `The requested resource ${path} was not found`,
    more_info: 'https://www.twilio.com/docs/errors/20404',
    status: 404,
  },
});

/**
 * api.twilio.com for the calls TwilioTelephony makes (numbers, calls, messages), holding what it
 * sold and the calls it carries, and Twilio's side of a call: the voice webhook when a number
 * rings and the status callback when it ends, signed with the account's auth token.
 */
export class FakeTwilio {
  readonly accountSid = `AC${randomBytes(16).toString('hex')}`;
  readonly authToken = randomBytes(16).toString('hex');
  /** Local numbers still for sale, in the order Twilio offers them. */
  readonly forSale = ['+14155550901', '+14155550902', '+14155550903'];
  readonly numbers = new Map<string, IncomingNumber>();
  readonly calls = new Map<string, Call>();
  readonly messages: SentMessage[] = [];
  readonly verifyServiceSid = `VA${randomBytes(16).toString('hex')}`;
  /** Codes Verify sent, newest last. */
  readonly codes: SentCode[] = [];

  private constructor(private readonly server: Awaited<ReturnType<typeof startFakeServer>>) {}

  static async start(): Promise<FakeTwilio> {
    const holder: { fake?: FakeTwilio } = {};
    const server = await startFakeServer((req) => holder.fake!.answer(req));
    holder.fake = new FakeTwilio(server);
    return holder.fake;
  }

  get requests(): FakeRequest[] {
    return this.server.requests;
  }

  /** TwilioTelephony's apiBaseUrl option. */
  get apiBaseUrl(): string {
    return this.server.url;
  }

  close = () => this.server.close();

  private answer(req: FakeRequest): FakeResponse {
    const basic = Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64');
    if (req.headers.authorization !== `Basic ${basic}`) {
      return { status: 401, json: { code: 20003, message: 'Authenticate', status: 401 } };
    }
    const verify = matchPath(/^\/v2\/Services\/(VA\w+)\/(Verifications|VerificationCheck)$/, req.path);
    if (verify && req.method === 'POST') return this.verify(verify[0]!, verify[1]!, req);
    const path = matchPath(/^\/2010-04-01\/Accounts\/([^/]+)\/(.+)\.json$/, req.path);
    if (!path || path[0] !== this.accountSid) return notFound(req.path);
    const resource = path[1]!;
    const form = Object.fromEntries(new URLSearchParams(req.body));

    if (req.method === 'GET' && resource === 'AvailablePhoneNumbers/US/Local') {
      const size = Number(req.query.get('PageSize') ?? 50);
      const offered = this.forSale.slice(0, size).map((phone) => ({
        phone_number: phone,
        friendly_name: phone,
        iso_country: 'US',
        address_requirements: 'none',
        capabilities: { voice: true, SMS: true, MMS: true },
      }));
      return { json: this.page('available_phone_numbers', offered, req.path, size) };
    }
    if (req.method === 'POST' && resource === 'IncomingPhoneNumbers') {
      const index = this.forSale.indexOf(form.PhoneNumber ?? '');
      if (index < 0) {
        return { status: 400, json: { code: 21422, message: 'PhoneNumber is not available', status: 400 } };
      }
      this.forSale.splice(index, 1);
      const number: IncomingNumber = {
        sid: sid('PN'),
        phone_number: form.PhoneNumber!,
        friendly_name: form.FriendlyName ?? null,
        voice_url: form.VoiceUrl ?? null,
        voice_method: form.VoiceMethod ?? 'POST',
        status_callback: form.StatusCallback ?? null,
        status_callback_method: form.StatusCallbackMethod ?? 'POST',
      };
      this.numbers.set(number.sid, number);
      return { status: 201, json: { ...number, account_sid: this.accountSid } };
    }
    const number = matchPath(/^IncomingPhoneNumbers\/(PN\w+)$/, resource);
    if (number && req.method === 'DELETE') {
      if (!this.numbers.delete(number[0]!)) return notFound(req.path);
      return { status: 204 };
    }
    const call = matchPath(/^Calls\/(CA\w+)$/, resource);
    if (call) {
      const found = this.calls.get(call[0]!);
      if (!found) return notFound(req.path);
      if (req.method === 'POST' && form.Status === 'completed') this.end(found);
      return { json: this.callJson(found) };
    }
    if (req.method === 'POST' && resource === 'Messages') {
      const message = { sid: sid('SM'), to: form.To ?? '', from: form.From ?? '', body: form.Body ?? '' };
      this.messages.push(message);
      return { status: 201, json: { ...message, account_sid: this.accountSid, status: 'queued' } };
    }
    return notFound(req.path);
  }

  /** verify.twilio.com: one pending code per number, the same code when asked again, 5 checks. */
  private verify(service: string, resource: string, req: FakeRequest): FakeResponse {
    if (service !== this.verifyServiceSid) return notFound(req.path);
    const form = Object.fromEntries(new URLSearchParams(req.body));
    const pending = this.codes.find((c) => c.to === form.To && c.status === 'pending');
    if (resource === 'Verifications') {
      const sent = pending ?? {
        sid: sid('VE'),
        to: form.To ?? '',
        channel: form.Channel ?? 'sms',
        code: String(100000 + Math.floor(Math.random() * 900000)),
        status: 'pending' as const,
        sends: 0,
        checks: 0,
      };
      if (sent.sends >= 5)
        return { status: 429, json: { code: 60203, message: 'Max send attempts reached', status: 429 } };
      sent.sends += 1;
      if (!pending) this.codes.push(sent);
      return { status: 201, json: this.verificationJson(service, sent) };
    }
    if (!pending) return notFound(req.path);
    if (pending.checks >= 5)
      return { status: 429, json: { code: 60202, message: 'Max check attempts reached', status: 429 } };
    pending.checks += 1;
    if (form.Code === pending.code) pending.status = 'approved';
    return { json: this.verificationJson(service, pending) };
  }

  private verificationJson(service: string, sent: SentCode) {
    return {
      sid: sent.sid,
      service_sid: service,
      account_sid: this.accountSid,
      to: sent.to,
      channel: sent.channel,
      status: sent.status,
      valid: sent.status === 'approved',
    };
  }

  private page(key: string, items: unknown[], uri: string, size: number) {
    return {
      [key]: items,
      uri,
      page: 0,
      page_size: size,
      start: 0,
      end: items.length - 1,
      next_page_uri: null,
    };
  }

  private callJson(call: Call) {
    return {
      sid: call.sid,
      account_sid: this.accountSid,
      from: call.from,
      to: call.to,
      status: call.status,
      direction: 'inbound',
      duration: call.duration,
    };
  }

  private end(call: Call, seconds = Math.round((Date.now() - call.answeredAt) / 1000)): void {
    if (call.status === 'completed') return;
    call.status = 'completed';
    call.duration = String(seconds);
  }

  private numberCalled(phoneNumber: string): IncomingNumber {
    const number = [...this.numbers.values()].find((n) => n.phone_number === phoneNumber);
    if (!number) throw new Error(`FakeTwilio: ${phoneNumber} is not a number on this account`);
    return number;
  }

  /** Someone dials one of the account's numbers: Twilio asks its voice URL what to do. */
  ring(from: string, to: string, options: { stirVerstat?: string } = {}): TwilioWebhook {
    const number = this.numberCalled(to);
    if (!number.voice_url) throw new Error(`FakeTwilio: ${to} has no voice URL`);
    const call: Call = {
      sid: sid('CA'),
      from,
      to,
      status: 'ringing',
      answeredAt: Date.now(),
      duration: null,
    };
    this.calls.set(call.sid, call);
    return this.webhook(number.voice_url, {
      ...this.callParams(call),
      ...(options.stirVerstat ? { StirVerstat: options.stirVerstat } : {}),
    });
  }

  /** Twilio connected the call to what the voice URL answered. */
  answered(callSid: string): void {
    const call = this.calls.get(callSid);
    if (!call) throw new Error(`FakeTwilio: no call ${callSid}`);
    call.status = 'in-progress';
    call.answeredAt = Date.now();
  }

  /** The caller hangs up after `seconds`: the number's status callback, if it has one. */
  hangUp(callSid: string, seconds: number): TwilioWebhook | undefined {
    const call = this.calls.get(callSid);
    if (!call) throw new Error(`FakeTwilio: no call ${callSid}`);
    this.end(call, seconds);
    const number = this.numberCalled(call.to);
    if (!number.status_callback) return undefined;
    return this.webhook(number.status_callback, {
      ...this.callParams(call),
      CallDuration: call.duration!,
      Timestamp: new Date().toUTCString(),
      SequenceNumber: '0',
    });
  }

  private callParams(call: Call): Record<string, string> {
    return {
      AccountSid: this.accountSid,
      ApiVersion: '2010-04-01',
      CallSid: call.sid,
      CallStatus: call.status,
      Called: call.to,
      Caller: call.from,
      Direction: 'inbound',
      From: call.from,
      To: call.to,
    };
  }

  private webhook(url: string, params: Record<string, string>): TwilioWebhook {
    return { url, params, signature: this.sign(url, params) };
  }

  /**
   * X-Twilio-Signature as Twilio computes it: HMAC-SHA1 with the auth token over the full URL
   * followed by each POST parameter's name and value, names sorted, base64.
   */
  sign(url: string, params: Record<string, string>): string {
    const data = Object.keys(params)
      .sort()
      .reduce((text, key) => text + key + params[key], url);
    return createHmac('sha1', this.authToken).update(data, 'utf8').digest('base64');
  }
}
