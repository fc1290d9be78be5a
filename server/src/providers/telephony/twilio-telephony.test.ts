import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signTwilioRequest } from './twilio-signature.ts';
import { TwilioTelephony } from './twilio-telephony.ts';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

const ACCOUNT_SID = 'AC00000000000000000000000000000001';
const AUTH_TOKEN = 'test-auth-token';
let server: Server;
let seen: Seen[] = [];
let telephony: TwilioTelephony;

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/** Stands in for api.twilio.com with the JSON shapes Twilio answers. */
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push({
      method: req.method ?? '',
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
      form: await readForm(req),
    });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    const base = `/2010-04-01/Accounts/${ACCOUNT_SID}`;
    if (req.method === 'GET' && url.pathname === `${base}/AvailablePhoneNumbers/US/Local.json`) {
      return json(200, {
        available_phone_numbers: [
          { phone_number: '+14155550123', friendly_name: '(415) 555-0123', capabilities: { voice: true } },
        ],
        uri: url.pathname,
        end: 0,
        page: 0,
        page_size: 1,
        start: 0,
        next_page_uri: null,
      });
    }
    if (req.method === 'POST' && url.pathname === `${base}/IncomingPhoneNumbers.json`) {
      return json(201, { sid: 'PN123', phone_number: '+14155550123', account_sid: ACCOUNT_SID });
    }
    if (req.method === 'DELETE' && url.pathname === `${base}/IncomingPhoneNumbers/PN123.json`) {
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && url.pathname === `${base}/Calls/CA123.json`) {
      return json(200, { sid: 'CA123', status: 'completed', duration: '95', account_sid: ACCOUNT_SID });
    }
    if (req.method === 'GET' && url.pathname === `${base}/Calls/CA456.json`) {
      return json(200, { sid: 'CA456', status: 'in-progress', duration: null, account_sid: ACCOUNT_SID });
    }
    if (req.method === 'POST' && url.pathname === `${base}/Messages.json`) {
      return json(201, { sid: 'SM123', status: 'queued', account_sid: ACCOUNT_SID });
    }
    if (req.method === 'POST' && url.pathname === `${base}/Calls/CA123.json`) {
      return json(200, { sid: 'CA123', status: 'completed', account_sid: ACCOUNT_SID });
    }
    json(404, { code: 20404, message: 'Not found', status: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  telephony = new TwilioTelephony({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    hotlineNumber: '+15550100',
    apiBaseUrl: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const basicAuth = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;

test('buying a number searches local numbers, then buys one with our voice and status webhooks', async () => {
  seen = [];
  const bought = await telephony.purchaseNumber({
    voiceUrl: 'https://santa.example/api/voice/twilio/inbound',
    statusCallbackUrl: 'https://santa.example/api/voice/twilio/status',
    friendlyName: 'Santa line',
  });
  expect(bought).toEqual({ phoneNumber: '+14155550123', sid: 'PN123' });
  expect(seen[0]).toMatchObject({ method: 'GET', authorization: basicAuth });
  expect(seen[0]!.path).toContain('/AvailablePhoneNumbers/US/Local.json');
  expect(seen[0]!.path).toContain('VoiceEnabled=true');
  expect(seen[1]).toMatchObject({
    method: 'POST',
    path: `/2010-04-01/Accounts/${ACCOUNT_SID}/IncomingPhoneNumbers.json`,
    form: {
      PhoneNumber: '+14155550123',
      VoiceUrl: 'https://santa.example/api/voice/twilio/inbound',
      VoiceMethod: 'POST',
      StatusCallback: 'https://santa.example/api/voice/twilio/status',
      StatusCallbackMethod: 'POST',
      FriendlyName: 'Santa line',
    },
  });
});

test('releasing a number deletes it', async () => {
  seen = [];
  await telephony.releaseNumber('PN123');
  expect(seen).toMatchObject([
    { method: 'DELETE', path: `/2010-04-01/Accounts/${ACCOUNT_SID}/IncomingPhoneNumbers/PN123.json` },
  ]);
});

test('ending a call updates it to completed', async () => {
  seen = [];
  await telephony.endCall('CA123');
  expect(seen).toMatchObject([
    {
      method: 'POST',
      path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Calls/CA123.json`,
      form: { Status: 'completed' },
    },
  ]);
});

test("fetching a call reads Twilio's status and duration in seconds", async () => {
  seen = [];
  expect(await telephony.fetchCall('CA123')).toEqual({ status: 'completed', durationSeconds: 95 });
  expect(seen).toMatchObject([
    { method: 'GET', path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Calls/CA123.json` },
  ]);
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

test('a verification code is texted from the hotline number with Twilio Messaging', async () => {
  seen = [];
  await telephony.sendSms('+14155550142', '123456 is your Santa Calls code.');
  expect(seen).toEqual([
    {
      method: 'POST',
      path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`,
      authorization: basicAuth,
      form: { To: '+14155550142', From: '+15550100', Body: '123456 is your Santa Calls code.' },
    },
  ]);
});
