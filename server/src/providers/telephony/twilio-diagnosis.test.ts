import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import {
  ACCOUNT_PATH,
  ACCOUNT_SID,
  AUTH_TOKEN,
  page,
  startTwilioApiFake,
  twilioError,
  type TwilioApiFake,
} from '../../../test/fixtures/twilio-api.ts';
import type { Db } from '../../db/db.ts';
import type { Finding } from '../diagnosis.ts';
import { SandboxTelephony } from './sandbox-telephony.ts';
import { TwilioTelephony, type TwilioTelephonyOptions } from './twilio-telephony.ts';

const PUBLIC_URL = 'https://santa.example';
const HOTLINE = '+15550100';
const NUMBERS = `${ACCOUNT_PATH}/IncomingPhoneNumbers.json`;
let fake: TwilioApiFake;

/** An IncomingPhoneNumber as Twilio lists it, set up the way the app needs unless overridden. */
function owned(phoneNumber: string, friendlyName: string, overrides: Record<string, string | null> = {}) {
  return {
    sid: `PN${phoneNumber.replace(/\D/g, '').padStart(32, '0')}`,
    phone_number: phoneNumber,
    friendly_name: friendlyName,
    voice_url: `${PUBLIC_URL}/api/voice/twilio/inbound`,
    voice_method: 'POST',
    voice_fallback_url: `${PUBLIC_URL}/api/voice/twilio/fallback`,
    voice_fallback_method: 'POST',
    status_callback: `${PUBLIC_URL}/api/voice/twilio/status`,
    status_callback_method: 'POST',
    ...overrides,
  };
}

function account(type: 'Full' | 'Trial', status = 'active') {
  return { status: 200, body: { sid: ACCOUNT_SID, friendly_name: 'Santa Calls', status, type } };
}

function diagnose(options: Partial<TwilioTelephonyOptions> = {}) {
  const telephony = new TwilioTelephony({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    hotlineNumber: HOTLINE,
    apiBaseUrl: fake.baseUrl,
    ...options,
  });
  return telephony.diagnose({ publicUrl: PUBLIC_URL });
}

const finding = (findings: Finding[], check: string) => findings.find((f) => f.check === check);
const problems = (findings: Finding[]) => findings.filter((f) => f.severity !== 'ok');

beforeAll(async () => {
  fake = await startTwilioApiFake();
});
afterAll(() => fake.close());
const HOTLINE_SID = owned(HOTLINE, 'Santa hotline').sid;

/** Voice geo permissions of one country, as Twilio's Voice API answers them. */
function dialing(isoCode: string, overrides: Record<string, boolean> = {}) {
  return {
    status: 200,
    body: {
      iso_code: isoCode,
      name: isoCode,
      continent: 'NORTH_AMERICA',
      country_codes: ['+1'],
      low_risk_numbers_enabled: true,
      high_risk_special_numbers_enabled: false,
      high_risk_tollfraud_numbers_enabled: false,
      ...overrides,
    },
  };
}

beforeEach(() => {
  fake.reset();
  fake.on('GET', `${ACCOUNT_PATH}.json`, account('Full'));
  fake.on('GET', NUMBERS, page('incoming_phone_numbers', [owned(HOTLINE, 'Santa hotline')]));
  for (const iso of ['US', 'CA', 'GB'])
    fake.on('GET', `/v1/DialingPermissions/Countries/${iso}`, dialing(iso));
  fake.on('GET', '/v1/TrustProducts', page('results', [{ sid: 'BU1', status: 'twilio-approved' }]));
  fake.on(
    'GET',
    '/v1/TrustProducts/BU1/ChannelEndpointAssignments',
    page('results', [
      { sid: 'RA1', channel_endpoint_sid: HOTLINE_SID, channel_endpoint_type: 'phone-number' },
    ]),
  );
});

test('a paid account whose hotline and numbers call this app back has nothing to fix', async () => {
  fake.on(
    'GET',
    NUMBERS,
    page('incoming_phone_numbers', [
      owned(HOTLINE, 'Santa hotline'),
      owned('+14155550001', 'Santa Calls u1'),
    ]),
  );
  const findings = await diagnose();
  expect(problems(findings)).toEqual([]);
  expect(findings.map((f) => f.check)).toEqual([
    'account',
    'number purchase',
    'hotline number',
    'hotline voice webhook',
    'hotline status callback',
    'hotline fallback webhook',
    'dedicated numbers',
    'voice geo permissions',
    'SHAKEN/STIR',
  ]);
  expect(finding(findings, 'hotline voice webhook')?.detail).toBe(
    `POST ${PUBLIC_URL}/api/voice/twilio/inbound`,
  );
  expect(finding(findings, 'dedicated numbers')?.detail).toMatch(/^1,/);
});

test('a hotline number written with spaces is still found among the E.164 numbers Twilio lists', async () => {
  const findings = await diagnose({ hotlineNumber: '+1 555 0100' });
  expect(finding(findings, 'hotline number')?.severity).toBe('ok');
});

test('a trial account is a warning that says to upgrade', async () => {
  fake.on('GET', `${ACCOUNT_PATH}.json`, account('Trial'));
  const findings = await diagnose();
  expect(finding(findings, 'account')).toMatchObject({
    severity: 'warning',
    detail: expect.stringContaining('trial'),
    fix: expect.stringContaining('Upgrade the account in the Twilio console'),
  });
});

test('a suspended account is fatal', async () => {
  fake.on('GET', `${ACCOUNT_PATH}.json`, account('Full', 'suspended'));
  expect(finding(await diagnose(), 'account')).toMatchObject({
    severity: 'fatal',
    detail: expect.stringContaining('suspended'),
  });
});

test('a hotline the account does not own is fatal, and the fix names SANTA_HOTLINE_NUMBER', async () => {
  fake.on('GET', NUMBERS, page('incoming_phone_numbers', [owned('+14155550001', 'Office line')]));
  const findings = await diagnose();
  expect(finding(findings, 'hotline number')).toMatchObject({
    severity: 'fatal',
    detail: `${HOTLINE} is not a number of this account`,
    fix: expect.stringContaining('Set SANTA_HOTLINE_NUMBER'),
  });
  expect(finding(findings, 'hotline voice webhook')).toBeUndefined();
});

test('a hotline calling another address, by GET, or without a fallback is told how to mend each', async () => {
  fake.on(
    'GET',
    NUMBERS,
    page('incoming_phone_numbers', [
      owned(HOTLINE, 'Santa hotline', {
        voice_url: 'https://old.example/api/voice/twilio/inbound',
        status_callback_method: 'GET',
        voice_fallback_url: null,
        voice_fallback_method: null,
      }),
    ]),
  );
  const findings = await diagnose();
  expect(finding(findings, 'hotline voice webhook')).toEqual({
    severity: 'fatal',
    check: 'hotline voice webhook',
    detail: `POST https://old.example/api/voice/twilio/inbound, expected POST ${PUBLIC_URL}/api/voice/twilio/inbound`,
    fix:
      `In the Twilio console, open ${HOTLINE} (Phone Numbers → Manage → Active numbers) and set ` +
      `"A call comes in" to HTTP POST ${PUBLIC_URL}/api/voice/twilio/inbound.`,
  });
  expect(finding(findings, 'hotline status callback')).toMatchObject({
    severity: 'fatal',
    detail: expect.stringMatching(/^GET /),
  });
  expect(finding(findings, 'hotline fallback webhook')).toMatchObject({
    severity: 'warning',
    detail: `not set, expected POST ${PUBLIC_URL}/api/voice/twilio/fallback`,
    fix: expect.stringContaining(
      `"Primary handler fails" to HTTP POST ${PUBLIC_URL}/api/voice/twilio/fallback`,
    ),
  });
});

test("our dedicated numbers with outdated webhooks are named; the account's other numbers are not ours to judge", async () => {
  fake.on(
    'GET',
    NUMBERS,
    page('incoming_phone_numbers', [
      owned(HOTLINE, 'Santa hotline'),
      owned('+14155550001', 'Santa Calls u1'),
      owned('+14155550002', 'Santa Calls u2', {
        status_callback: 'https://old.example/api/voice/twilio/status',
      }),
      owned('+14155550003', 'Office line', { voice_url: 'https://office.example/voice' }),
    ]),
  );
  const findings = await diagnose();
  expect(problems(findings)).toEqual([
    {
      severity: 'fatal',
      check: "dedicated numbers' status callback",
      detail: '1 of 2 differ (+14155550002: POST https://old.example/api/voice/twilio/status)',
      fix: `In the Twilio console, set "Call status changes" to HTTP POST ${PUBLIC_URL}/api/voice/twilio/status on +14155550002.`,
    },
  ]);
});

test('numbers on later pages of the account are checked too', async () => {
  fake.on('GET', NUMBERS, (_request, url) =>
    url.searchParams.get('Page') === '1'
      ? page('incoming_phone_numbers', [
          owned('+14155550009', 'Santa Calls u9', { voice_fallback_url: null }),
        ])
      : page('incoming_phone_numbers', [owned(HOTLINE, 'Santa hotline')], `${NUMBERS}?PageSize=1000&Page=1`),
  );
  const findings = await diagnose();
  expect(finding(findings, "dedicated numbers' fallback webhook")).toMatchObject({
    severity: 'warning',
    fix: expect.stringContaining('on +14155550009.'),
  });
});

test('UK numbers without a regulatory bundle and address are fatal before any purchase fails', async () => {
  const findings = await diagnose({
    purchase: { country: 'GB', bundleSid: 'BU00000000000000000000000000000001' },
  });
  expect(finding(findings, 'number purchase')).toMatchObject({
    severity: 'fatal',
    fix: expect.stringContaining('set TWILIO_BUNDLE_SID and TWILIO_ADDRESS_SID'),
  });
});

test('wrong credentials are a finding, not an exception, and nothing else is asked', async () => {
  fake.on('GET', `${ACCOUNT_PATH}.json`, twilioError(401, 20003, 'Authenticate'));
  const findings = await diagnose();
  expect(findings).toEqual([
    {
      severity: 'fatal',
      check: 'account',
      detail: 'failed: Authenticate',
      fix: expect.stringContaining('Check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN'),
      // A refused key is a set-up problem: it stops a production start-up.
      transient: false,
    },
  ]);
  expect(fake.seen).toHaveLength(1);
});

test('numbers that cannot be listed are a finding after what was learnt of the account', async () => {
  fake.on('GET', NUMBERS, twilioError(500, 20500, 'Internal Server Error'));
  const findings = await diagnose();
  expect(findings.map((f) => [f.check, f.severity])).toEqual([
    ['account', 'ok'],
    ['number purchase', 'ok'],
    ['phone numbers', 'fatal'],
  ]);
});

test('the sandbox says it is one, and which settings make it real', async () => {
  // The sandbox answers from configuration alone; its database is never read for this.
  const sandbox = new SandboxTelephony(undefined as unknown as Db, AUTH_TOKEN, HOTLINE);
  expect(await sandbox.diagnose()).toEqual([
    {
      severity: 'warning',
      check: 'mode',
      detail: 'sandbox (no real service is called)',
      fix: expect.stringContaining('Set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN'),
    },
  ]);
});

test('a country Santa calls that the geo permissions do not allow is a warning naming it', async () => {
  fake.on('GET', '/v1/DialingPermissions/Countries/CA', dialing('CA', { low_risk_numbers_enabled: false }));
  expect(finding(await diagnose(), 'voice geo permissions')).toMatchObject({
    severity: 'warning',
    detail: 'calls to CA are not allowed',
  });
});

test('high-risk toll-fraud numbers allowed in a country Santa calls are a warning', async () => {
  fake.on(
    'GET',
    '/v1/DialingPermissions/Countries/GB',
    dialing('GB', { high_risk_tollfraud_numbers_enabled: true }),
  );
  expect(finding(await diagnose(), 'voice geo permissions')?.detail).toBe(
    'high-risk numbers of GB are allowed',
  );
});

test('a hotline in no approved SHAKEN/STIR trust product is a warning with the Trust Hub steps', async () => {
  fake.on('GET', '/v1/TrustProducts/BU1/ChannelEndpointAssignments', page('results', []));
  const shaken = finding(await diagnose(), 'SHAKEN/STIR');
  expect(shaken?.severity).toBe('warning');
  expect(shaken?.fix).toContain('Trust Hub');
});
