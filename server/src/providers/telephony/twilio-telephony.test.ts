import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import {
  ACCOUNT_PATH,
  ACCOUNT_SID,
  AUTH_TOKEN,
  page,
  startTwilioApiFake,
  twilioError,
  type Reply,
  type TwilioApiFake,
} from '../../../test/fixtures/twilio-api.ts';
import { signTwilioRequest } from './twilio-signature.ts';
import { NoNumbersAvailableError, NumberPurchaseRefusedError } from './twilio-number-purchase.ts';
import { TwilioTelephony, type TwilioTelephonyOptions } from './twilio-telephony.ts';

let fake: TwilioApiFake;
let telephony: TwilioTelephony;

const US_SEARCH = `${ACCOUNT_PATH}/AvailablePhoneNumbers/US/Local.json`;
const PURCHASE = `${ACCOUNT_PATH}/IncomingPhoneNumbers.json`;
const WEBHOOKS = {
  voiceUrl: 'https://santa.example/api/voice/twilio/inbound',
  statusCallbackUrl: 'https://santa.example/api/voice/twilio/status',
  voiceFallbackUrl: 'https://santa.example/api/voice/twilio/fallback',
};

function telephonyWith(options: Partial<TwilioTelephonyOptions> = {}) {
  return new TwilioTelephony({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    hotlineNumber: '+15550100',
    apiBaseUrl: fake.baseUrl,
    ...options,
  });
}

/** Twilio's search answer: these numbers, each voice-capable. */
const offering = (...numbers: string[]): Reply =>
  page(
    'available_phone_numbers',
    numbers.map((phone_number) => ({
      phone_number,
      friendly_name: phone_number,
      capabilities: { voice: true },
    })),
  );

/** Twilio's purchase answer: numbers in `taken` went to another buyer, any other is ours. */
function sellingExcept(...taken: string[]) {
  return (request: { form: Record<string, string> }): Reply =>
    taken.includes(request.form.PhoneNumber ?? '')
      ? twilioError(400, 21422, `Phone number ${request.form.PhoneNumber} is not available`)
      : {
          status: 201,
          body: { sid: 'PN123', phone_number: request.form.PhoneNumber, account_sid: ACCOUNT_SID },
        };
}

const purchasesTried = () =>
  fake.seen.filter((r) => r.method === 'POST' && r.path === PURCHASE).map((r) => r.form.PhoneNumber);
const searches = () =>
  fake.seen.filter((r) => r.method === 'GET' && r.path.includes('/AvailablePhoneNumbers/'));
const buy = (tel = telephony) => tel.purchaseNumber({ ...WEBHOOKS, friendlyName: 'Santa line' });

beforeAll(async () => {
  fake = await startTwilioApiFake();
  telephony = telephonyWith();
});
afterAll(() => fake.close());

beforeEach(() => {
  fake.reset();
  fake.on('GET', US_SEARCH, offering('+14155550123'));
  fake.on('POST', PURCHASE, sellingExcept());
  fake.on('DELETE', `${ACCOUNT_PATH}/IncomingPhoneNumbers/PN123.json`, { status: 204 });
  fake.on('GET', `${ACCOUNT_PATH}/Calls/CA123.json`, {
    status: 200,
    body: { sid: 'CA123', status: 'completed', duration: '95', account_sid: ACCOUNT_SID },
  });
  fake.on('GET', `${ACCOUNT_PATH}/Calls/CA456.json`, {
    status: 200,
    body: { sid: 'CA456', status: 'in-progress', duration: null, account_sid: ACCOUNT_SID },
  });
  fake.on('POST', `${ACCOUNT_PATH}/Messages.json`, {
    status: 201,
    body: { sid: 'SM123', status: 'queued', account_sid: ACCOUNT_SID },
  });
  fake.on('POST', `${ACCOUNT_PATH}/Calls/CA123.json`, {
    status: 200,
    body: { sid: 'CA123', status: 'completed', account_sid: ACCOUNT_SID },
  });
});

const basicAuth = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;

test('buying a number searches local numbers, then buys one with our voice, fallback and status webhooks', async () => {
  expect(await buy()).toEqual({ phoneNumber: '+14155550123', sid: 'PN123' });
  expect(fake.seen[0]).toMatchObject({ method: 'GET', authorization: basicAuth });
  expect(fake.seen[0]!.path).toContain('/AvailablePhoneNumbers/US/Local.json');
  expect(fake.seen[0]!.path).toContain('VoiceEnabled=true');
  // Numbers needing an address could not be bought without one.
  expect(fake.seen[0]!.path).toContain('ExcludeAllAddressRequired=true');
  expect(fake.seen[0]!.path).toContain('PageSize=5');
  expect(fake.seen[1]).toMatchObject({ method: 'POST', path: PURCHASE });
  expect(fake.seen[1]!.form).toEqual({
    PhoneNumber: '+14155550123',
    VoiceUrl: 'https://santa.example/api/voice/twilio/inbound',
    VoiceMethod: 'POST',
    VoiceFallbackUrl: 'https://santa.example/api/voice/twilio/fallback',
    VoiceFallbackMethod: 'POST',
    StatusCallback: 'https://santa.example/api/voice/twilio/status',
    StatusCallbackMethod: 'POST',
    FriendlyName: 'Santa line',
  });
});

test('a number lost to another buyer is replaced by the next candidate', async () => {
  fake.on('GET', US_SEARCH, offering('+14155550001', '+14155550002', '+14155550003'));
  fake.on('POST', PURCHASE, sellingExcept('+14155550001'));
  expect(await buy()).toEqual({ phoneNumber: '+14155550002', sid: 'PN123' });
  expect(purchasesTried()).toEqual(['+14155550001', '+14155550002']);
  expect(searches()).toHaveLength(1);
});

test('when every candidate was taken, a second search supplies fresh ones and taken ones are not retried', async () => {
  let search = 0;
  fake.on('GET', US_SEARCH, () =>
    (search += 1) === 1 ? offering('+14155550001', '+14155550002') : offering('+14155550002', '+14155550004'),
  );
  fake.on('POST', PURCHASE, sellingExcept('+14155550001', '+14155550002'));
  expect(await buy()).toEqual({ phoneNumber: '+14155550004', sid: 'PN123' });
  expect(purchasesTried()).toEqual(['+14155550001', '+14155550002', '+14155550004']);
});

test('after two searches whose numbers were all taken, the purchase gives up with a clear error', async () => {
  fake.on('GET', US_SEARCH, offering('+14155550001', '+14155550002'));
  fake.on('POST', PURCHASE, sellingExcept('+14155550001', '+14155550002'));
  const failure = buy();
  await expect(failure).rejects.toBeInstanceOf(NoNumbersAvailableError);
  await expect(failure).rejects.toThrow(/Could not buy any of 2 local US numbers.*not available/);
  expect(searches()).toHaveLength(2);
  expect(purchasesTried()).toEqual(['+14155550001', '+14155550002']);
});

test('a search with no numbers at all gives up without buying', async () => {
  fake.on('GET', US_SEARCH, offering());
  await expect(buy()).rejects.toThrow('Twilio has no local US voice numbers available');
  expect(purchasesTried()).toEqual([]);
});

test("a trial account's refusal is surfaced at once with what to do, not retried on other numbers", async () => {
  fake.on('GET', US_SEARCH, offering('+14155550001', '+14155550002'));
  fake.on('POST', PURCHASE, twilioError(400, 21404, 'Trial accounts are allowed only one Twilio number.'));
  const failure = buy();
  await expect(failure).rejects.toBeInstanceOf(NumberPurchaseRefusedError);
  await expect(failure).rejects.toThrow(/Twilio error 21404.*upgrade the account/);
  expect(purchasesTried()).toEqual(['+14155550001']);
});

test('credentials without the right to buy are refused at once, whatever the code', async () => {
  fake.on('GET', US_SEARCH, offering('+14155550001', '+14155550002'));
  fake.on('POST', PURCHASE, twilioError(403, 20403, 'Permission denied'));
  await expect(buy()).rejects.toBeInstanceOf(NumberPurchaseRefusedError);
  expect(purchasesTried()).toEqual(['+14155550001']);
});

test('Twilio failing is not mistaken for a taken number: the error goes to the caller to retry', async () => {
  fake.on('GET', US_SEARCH, offering('+14155550001', '+14155550002'));
  fake.on('POST', PURCHASE, twilioError(503, 20503, 'Service unavailable'));
  await expect(buy()).rejects.toMatchObject({ status: 503 });
  expect(purchasesTried()).toEqual(['+14155550001']);
});

test('UK numbers are searched among those needing an address and bought with the bundle and address', async () => {
  const uk = telephonyWith({
    purchase: {
      country: 'GB',
      bundleSid: 'BU00000000000000000000000000000001',
      addressSid: 'AD00000000000000000000000000000001',
    },
  });
  fake.on('GET', `${ACCOUNT_PATH}/AvailablePhoneNumbers/GB/Local.json`, offering('+442071234567'));
  expect(await buy(uk)).toEqual({ phoneNumber: '+442071234567', sid: 'PN123' });
  expect(fake.seen[0]!.path).not.toContain('ExcludeAllAddressRequired');
  expect(fake.seen[1]!.form).toMatchObject({
    PhoneNumber: '+442071234567',
    BundleSid: 'BU00000000000000000000000000000001',
    AddressSid: 'AD00000000000000000000000000000001',
  });
});

test('releasing a number deletes it', async () => {
  await telephony.releaseNumber('PN123');
  expect(fake.seen).toMatchObject([
    { method: 'DELETE', path: `${ACCOUNT_PATH}/IncomingPhoneNumbers/PN123.json` },
  ]);
});

test('ending a call updates it to completed', async () => {
  await telephony.endCall('CA123');
  expect(fake.seen).toMatchObject([
    { method: 'POST', path: `${ACCOUNT_PATH}/Calls/CA123.json`, form: { Status: 'completed' } },
  ]);
});

test("fetching a call reads Twilio's status and duration in seconds", async () => {
  expect(await telephony.fetchCall('CA123')).toEqual({ status: 'completed', durationSeconds: 95 });
  expect(fake.seen).toMatchObject([{ method: 'GET', path: `${ACCOUNT_PATH}/Calls/CA123.json` }]);
  expect(await telephony.fetchCall('CA456')).toEqual({ status: 'in-progress', durationSeconds: null });
});

test('a call Twilio does not know is null, not an error', async () => {
  expect(await telephony.fetchCall('CA404')).toBeNull();
});

test('webhook signatures are checked with the auth token', () => {
  const url = 'https://santa.example/api/voice/twilio/inbound';
  const params = { CallSid: 'CA1', From: '+14155550000', To: '+15550100' };
  expect(telephony.validateRequest(signTwilioRequest(AUTH_TOKEN, url, params), url, params)).toBe(true);
  expect(telephony.validateRequest(signTwilioRequest('other-token', url, params), url, params)).toBe(false);
  expect(telephony.validateRequest(undefined, url, params)).toBe(false);
});

test('a text to a parent (a missed scheduled call) goes from the hotline number with Twilio Messaging', async () => {
  await telephony.sendSms('+14155550142', 'Santa tried to call.');
  expect(fake.seen).toEqual([
    {
      method: 'POST',
      path: `${ACCOUNT_PATH}/Messages.json`,
      authorization: basicAuth,
      form: { To: '+14155550142', From: '+15550100', Body: 'Santa tried to call.' },
    },
  ]);
});

test("Santa's scheduled call is dialled from the hotline with status callbacks and asynchronous answering-machine detection", async () => {
  fake.on('POST', `${ACCOUNT_PATH}/Calls.json`, {
    status: 201,
    body: { sid: 'CA789', status: 'queued', account_sid: ACCOUNT_SID },
  });
  const placed = await telephony.placeCall({
    to: '+14155550142',
    answerUrl: 'https://santa.example/api/voice/twilio/outbound/answer',
    statusCallbackUrl: 'https://santa.example/api/voice/twilio/outbound/status',
    amdCallbackUrl: 'https://santa.example/api/voice/twilio/outbound/amd',
  });
  expect(placed).toEqual({ callSid: 'CA789' });
  expect(fake.seen).toMatchObject([
    {
      method: 'POST',
      path: `${ACCOUNT_PATH}/Calls.json`,
      authorization: basicAuth,
      form: {
        To: '+14155550142',
        From: '+15550100',
        Url: 'https://santa.example/api/voice/twilio/outbound/answer',
        Method: 'POST',
        StatusCallback: 'https://santa.example/api/voice/twilio/outbound/status',
        StatusCallbackMethod: 'POST',
        // The fake keeps the last of a repeated field: the events are sent in order, 'completed' last.
        StatusCallbackEvent: 'completed',
        MachineDetection: 'DetectMessageEnd',
        AsyncAmd: 'true',
        AsyncAmdStatusCallback: 'https://santa.example/api/voice/twilio/outbound/amd',
        AsyncAmdStatusCallbackMethod: 'POST',
        Timeout: '30',
      },
    },
  ]);
});

test('a dial Twilio refuses is an error for the caller, who does not dial again', async () => {
  fake.on(
    'POST',
    `${ACCOUNT_PATH}/Calls.json`,
    twilioError(400, 21211, "The 'To' number is not a valid phone number."),
  );
  await expect(
    telephony.placeCall({
      to: '+1',
      answerUrl: 'https://santa.example/a',
      statusCallbackUrl: 'https://santa.example/s',
      amdCallbackUrl: 'https://santa.example/m',
    }),
  ).rejects.toThrow(/not a valid phone number/);
  expect(fake.seen.filter((r) => r.path === `${ACCOUNT_PATH}/Calls.json`)).toHaveLength(1);
});

test('a live call is redirected to say a message and hang up (a voicemail after its beep)', async () => {
  fake.on('POST', `${ACCOUNT_PATH}/Calls/CA321.json`, {
    status: 200,
    body: { sid: 'CA321', status: 'in-progress', account_sid: ACCOUNT_SID },
  });
  await telephony.sayAndHangUpLive('CA321', 'Ho ho ho, sorry I missed you!');
  const [update] = fake.seen.filter((r) => r.path === `${ACCOUNT_PATH}/Calls/CA321.json`);
  expect(update?.method).toBe('POST');
  expect(update?.form.Twiml).toContain('<Say');
  expect(update?.form.Twiml).toContain('Ho ho ho, sorry I missed you!');
  expect(update?.form.Twiml).toContain('<Hangup/>');
});
