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
  ELEVENLABS_API_KEY: 'xi-key',
  ELEVENLABS_AGENT_ID: 'agent_1',
  ELEVENLABS_WEBHOOK_SECRET: 'wsec_x',
  GOOGLE_CLIENT_ID: 'client',
  GOOGLE_CLIENT_SECRET: 'secret',
};

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
  const [problem, ...rest] = problemsOf({ NODE_ENV: 'production' });
  expect(rest).toEqual([]);
  expect(problem).toContain('NODE_ENV=production');
  for (const name of Object.keys(REAL_KEYS)) expect(problem).toContain(name);
});

test('in production a partly configured set of keys names only the missing ones', () => {
  const { GOOGLE_CLIENT_ID: _id, GOOGLE_CLIENT_SECRET: _secret, ...withoutGoogle } = REAL_KEYS;
  const [problem] = problemsOf({ NODE_ENV: 'production', ...withoutGoogle });
  expect(problem).toContain('GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET');
  expect(problem).not.toContain('STRIPE_SECRET_KEY');
});

test('in production sandboxes run only when ALLOW_SANDBOX=true is set explicitly', () => {
  expect(parseConfig({ NODE_ENV: 'production', ALLOW_SANDBOX: 'true' }).allowSandbox).toBe(true);
});

test('in production with every key set, start-up goes ahead with sandboxes off', () => {
  expect(parseConfig({ NODE_ENV: 'production', ...REAL_KEYS }).allowSandbox).toBe(false);
});

test('ALLOW_SANDBOX=false refuses a missing key in development too', () => {
  const [problem] = problemsOf({ ALLOW_SANDBOX: 'false' });
  expect(problem).toContain('ALLOW_SANDBOX=false');
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
