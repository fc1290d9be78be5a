import { expect, test } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { createProviders } from './providers/providers.ts';
import { loadSandboxSecrets } from './providers/sandbox-secrets.ts';
import { LocalRecordingStorage } from './providers/storage/local-recording-storage.ts';
import { S3RecordingStorage } from './providers/storage/s3-recording-storage.ts';

const REAL_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  TWILIO_ACCOUNT_SID: 'AC0123',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_VERIFY_SERVICE_SID: 'VA0123456789abcdef0123456789abcdef',
  ELEVENLABS_API_KEY: 'xi-key',
  ELEVENLABS_AGENT_ID: 'agent_1',
  ELEVENLABS_WEBHOOK_SECRET: 'wsec_x',
  GOOGLE_CLIENT_ID: 'client',
  GOOGLE_CLIENT_SECRET: 'secret',
  PUBLIC_URL: 'https://santa.example',
  SANTA_HOTLINE_NUMBER: '+14155550100',
  SMTP_URL: 'smtp://santa:secret@smtp.example:587?requireTLS=true',
  EMAIL_FROM: 'Santa Calls <santa@santa.example>',
};
/** Every key, and recordings in a bucket: what a production start needs. */
const PRODUCTION = { NODE_ENV: 'production', ...REAL_KEYS, RECORDINGS_S3_BUCKET: 'santa-recordings' };
const SANDBOX_TOKEN = 'a-long-enough-sandbox-pages-token';

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

test('sandboxes are on by default in development', () => {
  expect(parseConfig({}).allowSandbox).toBe(true);
});

test('in production sandboxes are off and start-up refuses, naming every missing key', () => {
  const [problem, ...rest] = problemsOf({ NODE_ENV: 'production', RECORDINGS_S3_BUCKET: 'santa-recordings' });
  expect(rest).toEqual([]);
  expect(problem).toContain('NODE_ENV=production');
  for (const name of Object.keys(REAL_KEYS)) expect(problem).toContain(name);
});

test('in production a partly configured set of keys names only the missing ones', () => {
  const { GOOGLE_CLIENT_ID: _id, GOOGLE_CLIENT_SECRET: _secret, ...withoutGoogle } = REAL_KEYS;
  const [problem] = problemsOf({
    ...PRODUCTION,
    ...withoutGoogle,
    GOOGLE_CLIENT_ID: '',
    GOOGLE_CLIENT_SECRET: '',
  });
  expect(problem).toContain('GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET');
  expect(problem).not.toContain('STRIPE_SECRET_KEY');
});

test('in production sandboxes run only when ALLOW_SANDBOX=true is set explicitly, with the sandbox pages token', () => {
  const config = parseConfig({
    NODE_ENV: 'production',
    ALLOW_SANDBOX: 'true',
    SANDBOX_PAGES_TOKEN: SANDBOX_TOKEN,
  });
  expect(config.allowSandbox).toBe(true);
  expect(config.sandboxPagesToken).toBe(SANDBOX_TOKEN);
});

test('in production with every key set, start-up goes ahead with sandboxes off', () => {
  expect(parseConfig(PRODUCTION).allowSandbox).toBe(false);
});

test('production with sandboxes on refuses to start without a long enough sandbox pages token', () => {
  for (const token of [undefined, 'short']) {
    const env = {
      NODE_ENV: 'production',
      ALLOW_SANDBOX: 'true',
      ...(token ? { SANDBOX_PAGES_TOKEN: token } : {}),
    };
    expect(problemsOf(env)).toEqual([expect.stringContaining('SANDBOX_PAGES_TOKEN')]);
  }
});

test('development with sandboxes needs no sandbox pages token, and asks for none', () => {
  expect(parseConfig({}).sandboxPagesToken).toBeUndefined();
});

test('production refuses an http PUBLIC_URL', () => {
  expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: 'http://santa.example' })).toEqual([
    expect.stringContaining('PUBLIC_URL: must be https://'),
  ]);
});

test('production refuses a hotline that is not in E.164', () => {
  expect(problemsOf({ ...PRODUCTION, SANTA_HOTLINE_NUMBER: '(415) 555-0100' })).toContainEqual(
    expect.stringContaining('SANTA_HOTLINE_NUMBER: must be in E.164'),
  );
});

test('production refuses SMTP that could send in clear text; smtps and requireTLS are accepted', () => {
  expect(problemsOf({ ...PRODUCTION, SMTP_URL: 'smtp://santa:secret@smtp.example:587' })).toEqual([
    expect.stringContaining('SMTP_URL: must be smtps://'),
  ]);
  expect(problemsOf({ ...PRODUCTION, SMTP_URL: 'smtps://santa:secret@smtp.example:465' })).toEqual([]);
});

test('production keeps recordings in a bucket unless one replica on local disk is deliberate', () => {
  const { RECORDINGS_S3_BUCKET: _bucket, ...onDisk } = PRODUCTION;
  expect(problemsOf(onDisk)).toEqual([expect.stringContaining('RECORDINGS_S3_BUCKET')]);
  expect(problemsOf({ ...onDisk, RECORDINGS_LOCAL_DISK: 'single-replica' })).toEqual([]);
});

test('ALLOW_SANDBOX=false refuses a missing key in development too', () => {
  const [problem] = problemsOf({ ALLOW_SANDBOX: 'false' });
  expect(problem).toContain('ALLOW_SANDBOX=false');
});

test('with sandboxes off, the public URL and the hotline must be named, not defaulted to localhost and +1 555 0100', () => {
  const { PUBLIC_URL: _url, SANTA_HOTLINE_NUMBER: _hotline, ...rest } = REAL_KEYS;
  const problems = problemsOf({ ALLOW_SANDBOX: 'false', ...rest });
  expect(problems).toContainEqual(expect.stringContaining('missing: PUBLIC_URL, SANTA_HOTLINE_NUMBER.'));
});

test('an SMTP server without a sender address is refused, even with sandboxes on', () => {
  const problems = problemsOf({ SMTP_URL: 'smtp://santa:secret@smtp.example:587' });
  expect(problems[0]).toMatch(/^EMAIL_FROM: required with SMTP_URL/);
});

test('SMTP_URL must be an smtp:// or smtps:// address; without it email goes to the sandbox mailbox', () => {
  expect(problemsOf({ SMTP_URL: 'https://smtp.example', EMAIL_FROM: 'santa@santa.example' })).toEqual([
    expect.stringMatching(/^SMTP_URL: /),
  ]);
  const config = parseConfig({ PUBLIC_URL: 'https://santa.example' });
  expect(config.email).toEqual({ smtpUrl: undefined, from: 'Santa Calls <santa@santa.example>' });
});

test('a Stripe key without its webhook secret is refused, even with sandboxes on', () => {
  const problems = problemsOf({ STRIPE_SECRET_KEY: 'sk_test_x' });
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/);
});

test('ElevenLabs keys without the post-call webhook secret are refused', () => {
  const problems = problemsOf({ ELEVENLABS_API_KEY: 'xi', ELEVENLABS_AGENT_ID: 'agent_1' });
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^ELEVENLABS_WEBHOOK_SECRET: required with ELEVENLABS_API_KEY/);
});

test('real Twilio with the sandbox Santa is refused: real callers would be sent to a sandbox address', () => {
  const problems = problemsOf({
    TWILIO_ACCOUNT_SID: 'AC0123',
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_VERIFY_SERVICE_SID: REAL_KEYS.TWILIO_VERIFY_SERVICE_SID,
    SANTA_HOTLINE_NUMBER: '+14155550100',
  });
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^ELEVENLABS_API_KEY\/ELEVENLABS_AGENT_ID: required with real Twilio keys/);
});

test('real Twilio keys without a Verify service are refused: no family phone could be proven', () => {
  const { TWILIO_VERIFY_SERVICE_SID: _verify, ...rest } = REAL_KEYS;
  expect(problemsOf(rest)).toEqual([
    expect.stringMatching(/^TWILIO_VERIFY_SERVICE_SID: required with real Twilio keys/),
  ]);
  expect(problemsOf({ ...REAL_KEYS, TWILIO_VERIFY_SERVICE_SID: 'MG0123' })).toEqual([
    expect.stringMatching(/^TWILIO_VERIFY_SERVICE_SID: must be a Verify service SID/),
  ]);
});

test('real Twilio keys with the fictional sandbox hotline are refused', () => {
  const { SANTA_HOTLINE_NUMBER: _hotline, ...rest } = REAL_KEYS;
  expect(problemsOf(rest)).toEqual([
    expect.stringMatching(/^SANTA_HOTLINE_NUMBER: required with real Twilio keys/),
  ]);
});

test('the summary model is gpt-4o-mini unless OPENAI_MODEL names another', () => {
  expect(parseConfig({}).openai.model).toBe('gpt-4o-mini');
  expect(parseConfig({ OPENAI_MODEL: 'gpt-5-mini' }).openai.model).toBe('gpt-5-mini');
});

test('recordings stay on local disk unless a bucket is set', () => {
  expect(parseConfig({}).recordingsS3).toBeUndefined();
  expect(parseConfig({ RECORDINGS_S3_BUCKET: '' }).recordingsS3).toBeUndefined();
});

test('RECORDINGS_S3_* settings choose the S3-compatible bucket, path-style when asked', () => {
  const config = parseConfig({
    RECORDINGS_S3_BUCKET: 'santa-recordings',
    RECORDINGS_S3_ENDPOINT: 'http://127.0.0.1:9000',
    RECORDINGS_S3_FORCE_PATH_STYLE: 'true',
    RECORDINGS_S3_PREFIX: 'recordings/',
  });
  expect(config.recordingsS3).toEqual({
    bucket: 'santa-recordings',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9000',
    accessKeyId: undefined,
    secretAccessKey: undefined,
    forcePathStyle: true,
    prefix: 'recordings/',
  });
});

test('dedicated numbers are bought in the US unless TWILIO_NUMBER_COUNTRY says CA or GB', () => {
  expect(parseConfig({}).twilio).toMatchObject({
    numberCountry: 'US',
    bundleSid: undefined,
    addressSid: undefined,
  });
  const uk = parseConfig({
    TWILIO_NUMBER_COUNTRY: 'GB',
    TWILIO_BUNDLE_SID: 'BU0123456789abcdef0123456789abcdef',
    TWILIO_ADDRESS_SID: 'AD0123456789abcdef0123456789abcdef',
  }).twilio;
  expect(uk).toMatchObject({
    numberCountry: 'GB',
    bundleSid: 'BU0123456789abcdef0123456789abcdef',
    addressSid: 'AD0123456789abcdef0123456789abcdef',
  });
  expect(problemsOf({ TWILIO_NUMBER_COUNTRY: 'FR' })).toEqual([
    'TWILIO_NUMBER_COUNTRY: must be US, CA or GB',
  ]);
  // An Address SID pasted into the bundle setting is caught at start-up, not at the first purchase.
  expect(problemsOf({ TWILIO_BUNDLE_SID: 'AD0123456789abcdef0123456789abcdef' })).toEqual([
    expect.stringMatching(/^TWILIO_BUNDLE_SID: must be a Regulatory Bundle SID/),
  ]);
});

test('a RECORDINGS_S3_ENDPOINT that is not a URL stops start-up with its name', () => {
  expect(() => parseConfig({ RECORDINGS_S3_BUCKET: 'b', RECORDINGS_S3_ENDPOINT: 'minio' })).toThrow(
    /RECORDINGS_S3_ENDPOINT/,
  );
});

test('the providers store recordings in the bucket when one is set, else on local disk', () => {
  // Building the providers touches no database, so none is needed to see which storage is chosen.
  const recordingsFor = (env: Record<string, string>) =>
    createProviders({ config: parseConfig(env), db: {} as Db, sandboxSecrets: loadSandboxSecrets() })
      .recordings;
  expect(recordingsFor({ RECORDINGS_S3_BUCKET: 'santa-recordings' })).toBeInstanceOf(S3RecordingStorage);
  expect(recordingsFor({})).toBeInstanceOf(LocalRecordingStorage);
});

test('MAX_CONCURRENT_CALLS defaults to a modest ElevenLabs plan, and must be a whole number of calls', () => {
  expect(parseConfig({}).maxConcurrentCalls).toBe(10);
  expect(parseConfig({ MAX_CONCURRENT_CALLS: '30' }).maxConcurrentCalls).toBe(30);
  expect(problemsOf({ MAX_CONCURRENT_CALLS: '0' })).toEqual([
    expect.stringContaining('MAX_CONCURRENT_CALLS'),
  ]);
  expect(problemsOf({ MAX_CONCURRENT_CALLS: 'many' })).toEqual([
    expect.stringContaining('MAX_CONCURRENT_CALLS'),
  ]);
});
