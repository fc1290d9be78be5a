import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  startTwilioApiFake,
  twilioError,
  type Reply,
  type TwilioApiFake,
} from '../../../test/fixtures/twilio-api.ts';
import { CodeNotSentError } from './phone-verifier.ts';
import { TwilioVerify } from './twilio-verify.ts';

const SERVICE_SID = 'VA0123456789abcdef0123456789abcdef';
const SERVICE = `/v2/Services/${SERVICE_SID}`;
const PHONE = '+14155550142';
const basicAuth = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;

let fake: TwilioApiFake;
let verify: TwilioVerify;

/** Verify's Verification resource as its API answers it. */
const verification = (status: string, channel = 'sms'): Reply => ({
  status: 201,
  body: {
    sid: 'VE0123456789abcdef0123456789abcdef',
    service_sid: SERVICE_SID,
    account_sid: ACCOUNT_SID,
    to: PHONE,
    channel,
    status,
    valid: status === 'approved',
    date_created: '2026-11-27T10:00:00Z',
    date_updated: '2026-11-27T10:00:00Z',
    send_code_attempts: [{ time: '2026-11-27T10:00:00Z', channel, attempt_sid: 'VL01' }],
    url: `https://verify.twilio.com${SERVICE}/Verifications/VE0123456789abcdef0123456789abcdef`,
  },
});
const checked = (status: string): Reply => ({ ...verification(status), status: 200 });

beforeAll(async () => {
  fake = await startTwilioApiFake();
  verify = new TwilioVerify({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    serviceSid: SERVICE_SID,
    countries: ['US', 'CA', 'GB'],
    apiBaseUrl: fake.baseUrl,
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

test('a code is sent by Verify to the number, by text', async () => {
  fake.on('POST', `${SERVICE}/Verifications`, verification('pending'));
  await verify.sendCode(PHONE, 'sms');
  expect(fake.seen).toEqual([
    {
      method: 'POST',
      path: `${SERVICE}/Verifications`,
      authorization: basicAuth,
      form: { To: PHONE, Channel: 'sms' },
    },
  ]);
});

test('"call me with the code" asks Verify for its voice channel', async () => {
  fake.on('POST', `${SERVICE}/Verifications`, verification('pending', 'call'));
  await verify.sendCode(PHONE, 'call');
  expect(fake.seen[0]?.form).toEqual({ To: PHONE, Channel: 'call' });
});

test.each([
  [400, 60200, 'invalid_number'],
  [429, 60203, 'too_many_sends'],
  [403, 60410, 'blocked'],
  [403, 60605, 'blocked'],
] as const)(
  'Verify refusing to send (%i, error %i) is a refusal we can name: %s',
  async (status, code, reason) => {
    fake.on('POST', `${SERVICE}/Verifications`, twilioError(status, code, 'refused'));
    const error = await verify.sendCode(PHONE, 'sms').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodeNotSentError);
    expect((error as CodeNotSentError).reason).toBe(reason);
  },
);

test('a Verify outage is an error, not a refusal', async () => {
  fake.on('POST', `${SERVICE}/Verifications`, twilioError(503, 20503, 'Service unavailable'));
  const error = await verify.sendCode(PHONE, 'sms').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  expect(error).not.toBeInstanceOf(CodeNotSentError);
});

test('the right code is approved by a VerificationCheck of the number and code', async () => {
  fake.on('POST', `${SERVICE}/VerificationCheck`, checked('approved'));
  expect(await verify.checkCode(PHONE, '123456')).toBe('approved');
  expect(fake.seen).toEqual([
    {
      method: 'POST',
      path: `${SERVICE}/VerificationCheck`,
      authorization: basicAuth,
      form: { To: PHONE, Code: '123456' },
    },
  ]);
});

test('a wrong code leaves the verification pending, which is a wrong code', async () => {
  fake.on('POST', `${SERVICE}/VerificationCheck`, checked('pending'));
  expect(await verify.checkCode(PHONE, '000000')).toBe('wrong');
});

test('no pending code (expired, 404 20404) or five wrong tries (429 60202) is an expired code', async () => {
  fake.on('POST', `${SERVICE}/VerificationCheck`, twilioError(404, 20404, 'not found'));
  expect(await verify.checkCode(PHONE, '123456')).toBe('expired');
  fake.on('POST', `${SERVICE}/VerificationCheck`, twilioError(429, 60202, 'Max check attempts reached'));
  expect(await verify.checkCode(PHONE, '123456')).toBe('expired');
});

test('the doctor finds the Verify service and names the countries its geo permissions must allow', async () => {
  fake.on('GET', SERVICE, {
    status: 200,
    body: { sid: SERVICE_SID, account_sid: ACCOUNT_SID, friendly_name: 'Santa Calls', code_length: 6 },
  });
  const findings = await verify.diagnose();
  expect(findings.map((f) => f.severity)).toEqual(['ok', 'ok']);
  expect(findings[0]?.detail).toContain('"Santa Calls", 6-digit codes');
  expect(findings[1]?.detail).toContain('US, CA, GB');
});

test('the doctor calls a missing Verify service fatal, with how to make one', async () => {
  const findings = await verify.diagnose();
  expect(findings).toMatchObject([{ severity: 'fatal', check: 'Verify service' }]);
  expect(findings[0]?.fix).toMatch(/TWILIO_VERIFY_SERVICE_SID/);
});
