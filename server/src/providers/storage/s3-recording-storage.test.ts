import { createServer, type AddressInfo, type Socket } from 'node:net';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { S3RecordingStorage } from './s3-recording-storage.ts';

// What only the bucket has: the shared behaviour of both storages is in recording-storage.test.ts.

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
});

const AUDIO = Buffer.from('ID3 pretend this is an mp3 of Santa laughing');

test('keys sit under the configured prefix', async () => {
  const prefixed = new S3RecordingStorage(s3.settings('recordings/'));
  await prefixed.put('conv_prefixed.mp3', AUDIO);
  expect(await new S3RecordingStorage(s3.settings()).size('conv_prefixed.mp3')).toBeNull();
  expect(await prefixed.size('conv_prefixed.mp3')).toBe(AUDIO.length);
  // Looked up without our class, so a prefix applied twice or not at all cannot cancel out.
  const settings = s3.settings();
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId!, secretAccessKey: settings.secretAccessKey! },
  });
  const head = await client.send(
    new HeadObjectCommand({ Bucket: settings.bucket, Key: 'recordings/conv_prefixed.mp3' }),
  );
  expect(head.ContentLength).toBe(AUDIO.length);
});

test('a bucket that cannot be reached is an error, not a missing recording', async () => {
  const unreachable = new S3RecordingStorage({ ...s3.settings(), endpoint: 'http://127.0.0.1:9' });
  await expect(unreachable.size('conv_whole.mp3')).rejects.toThrow();
});

test('a bucket that does not exist is an error when reading or storing, not a missing recording', async () => {
  const misnamed = new S3RecordingStorage({ ...s3.settings(), bucket: 'no-such-bucket' });
  await expect(misnamed.read('conv_whole.mp3')).rejects.toThrow();
  await expect(misnamed.put('conv_whole.mp3', AUDIO)).rejects.toThrow();
});

test('a bucket that accepts the connection and never answers fails the put within its timeout', async () => {
  const held: Socket[] = [];
  const stalled = createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  const { port } = stalled.address() as AddressInfo;
  try {
    const storage = new S3RecordingStorage({
      ...s3.settings(),
      endpoint: `http://127.0.0.1:${port}`,
      timeouts: { connectMs: 500, requestMs: 800 },
    });
    // Without a timeout this put waits for ever, and the test's own limit below fails it.
    await expect(storage.put('conv_stalled.mp3', AUDIO)).rejects.toThrow();
    expect(held.length).toBeGreaterThan(0);
  } finally {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => stalled.close(resolve));
  }
}, 30_000);
