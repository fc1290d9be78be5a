import { pino } from 'pino';
import { Writable } from 'node:stream';
import { expect, test } from 'vitest';
import { parseConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { fatal, ok, unreachable, warning, type Finding } from '../providers/diagnosis.ts';
import { createProviders, type Providers } from '../providers/providers.ts';
import { loadSandboxSecrets } from '../providers/sandbox-secrets.ts';
import { blockingFindings, diagnoseProviders, formatReports } from './diagnose-providers.ts';
import { checkProvidersAtStartUp } from './start-up-check.ts';

const CONTEXT = { publicUrl: 'https://santa.example' };

function sandboxProviders(): Providers {
  return createProviders({ config: parseConfig({}), db: {} as Db, sandboxSecrets: loadSandboxSecrets() });
}

/** The sandboxes, with some services replaced by real-looking ones that answer `findings`. */
function providersWith(
  findings: Partial<Record<'stripe' | 'telephony', Finding[] | (() => Promise<Finding[]>)>>,
) {
  const providers = sandboxProviders();
  const real = (answer: Finding[] | (() => Promise<Finding[]>)) =>
    ({ isSandbox: false, diagnose: typeof answer === 'function' ? answer : async () => answer }) as never;
  return {
    ...providers,
    ...(findings.stripe ? { stripe: real(findings.stripe) } : {}),
    ...(findings.telephony ? { telephony: real(findings.telephony) } : {}),
  } as Providers;
}

function capturedLogger() {
  const lines: { msg: string; level: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as { msg: string; level: number });
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

test('the doctor lists every provider, sandboxed ones as such, each with its fix', async () => {
  const reports = await diagnoseProviders(sandboxProviders(), CONTEXT);
  expect(reports.map((r) => [r.provider, r.mode])).toEqual([
    ['stripe', 'sandbox'],
    ['twilio', 'sandbox'],
    ['twilio verify', 'sandbox'],
    ['elevenlabs', 'sandbox'],
    ['openai', 'sandbox'],
    ['openai moderation', 'sandbox'],
    ['google', 'sandbox'],
    ['storage', 'real'],
    ['email', 'sandbox'],
  ]);
  for (const report of reports.filter((r) => r.mode === 'sandbox')) {
    expect(report.findings).toEqual([
      expect.objectContaining({ severity: 'warning', check: 'mode', fix: expect.any(String) }),
    ]);
  }
});

test("the doctor's table shows each finding, the fix under each problem, and the totals", () => {
  const table = formatReports([
    {
      provider: 'stripe',
      mode: 'real',
      findings: [
        ok('key', 'live mode'),
        fatal('webhook events', 'not sent: invoice.paid', 'Add invoice.paid.'),
      ],
    },
    { provider: 'openai', mode: 'sandbox', findings: [warning('mode', 'sandbox', 'Set OPENAI_API_KEY.')] },
  ]);
  expect(table.split('\n')).toEqual([
    'stripe (real)',
    '  ok     key             live mode',
    '  FATAL  webhook events  not sent: invoice.paid',
    '                         fix: Add invoice.paid.',
    'openai (sandbox)',
    '  WARN   mode            sandbox',
    '                         fix: Set OPENAI_API_KEY.',
    '',
    '1 fatal, 1 warnings, 1 ok',
  ]);
});

test('a provider whose diagnosis throws is reported as fatal instead of stopping the doctor', async () => {
  const reports = await diagnoseProviders(
    providersWith({
      stripe: async () => {
        throw new Error('boom');
      },
    }),
    CONTEXT,
  );
  expect(reports[0]!.findings).toEqual([
    expect.objectContaining({ severity: 'fatal', check: 'diagnosis', detail: 'boom' }),
  ]);
});

test('a set-up problem blocks start-up; a vendor that cannot be asked right now does not', () => {
  const outage = Object.assign(new Error('Service Unavailable'), { statusCode: 503 });
  const refusedKey = Object.assign(new Error('Invalid API Key'), { statusCode: 401 });
  const blocking = blockingFindings([
    {
      provider: 'stripe',
      mode: 'real',
      findings: [
        fatal('webhook endpoint', 'none at https://santa.example/api/stripe/webhook', 'Add it.'),
        unreachable('customer portal', outage, 'Try later.'),
        warning('key', 'test mode', 'Use the live key.'),
      ],
    },
    {
      provider: 'twilio',
      mode: 'real',
      findings: [unreachable('account', refusedKey, 'Check TWILIO_AUTH_TOKEN.')],
    },
  ]);
  expect(blocking).toEqual([
    'stripe webhook endpoint: none at https://santa.example/api/stripe/webhook. Fix: Add it.',
    'twilio account: failed: Invalid API Key. Fix: Check TWILIO_AUTH_TOKEN.',
  ]);
});

test('start-up logs one line per provider, real or sandbox', async () => {
  const { logger, lines } = capturedLogger();
  const providers = providersWith({ stripe: [ok('key', 'live mode')] });
  expect(await checkProvidersAtStartUp(providers, { ...CONTEXT, allowSandbox: true, logger })).toEqual([]);
  expect(lines.map((l) => l.msg)).toEqual([
    'provider stripe: real',
    'provider twilio: sandbox',
    'provider twilio verify: sandbox',
    'provider elevenlabs: sandbox',
    'provider openai: sandbox',
    'provider openai moderation: sandbox',
    'provider google: sandbox',
    'provider storage: real',
    'provider email: sandbox',
  ]);
});

test('with sandboxes off, a fatal finding is answered to stop start-up, with its fix', async () => {
  const { logger } = capturedLogger();
  const providers = providersWith({
    stripe: [fatal('webhook events', 'not sent: invoice.payment_failed', 'Add invoice.payment_failed.')],
  });
  expect(await checkProvidersAtStartUp(providers, { ...CONTEXT, allowSandbox: false, logger })).toEqual([
    'stripe webhook events: not sent: invoice.payment_failed. Fix: Add invoice.payment_failed.',
  ]);
});

test('with sandboxes on, start-up asks no vendor anything', async () => {
  const { logger } = capturedLogger();
  let asked = false;
  const providers = providersWith({
    stripe: async () => {
      asked = true;
      return [];
    },
  });
  await checkProvidersAtStartUp(providers, { ...CONTEXT, allowSandbox: true, logger });
  expect(asked).toBe(false);
});

test('a vendor that never answers does not hold start-up past its time limit', async () => {
  const { logger, lines } = capturedLogger();
  const providers = providersWith({ telephony: () => new Promise<Finding[]>(() => {}) });
  expect(
    await checkProvidersAtStartUp(providers, { ...CONTEXT, allowSandbox: false, logger, timeoutMs: 50 }),
  ).toEqual([]);
  expect(lines.at(-1)!.msg).toContain('did not answer the start-up check in time');
});
