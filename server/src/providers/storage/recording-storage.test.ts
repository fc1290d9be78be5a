import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { LocalRecordingStorage } from './local-recording-storage.ts';
import type { RecordingStorage } from './recording-storage.ts';
import { S3RecordingStorage } from './s3-recording-storage.ts';

let s3: TestS3Server;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server();
  folder = mkdtempSync(path.join(tmpdir(), 'santa-recordings-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(folder, { recursive: true, force: true });
});

const AUDIO = Buffer.from('ID3 pretend this is an mp3 of Santa laughing');

const storages: [string, () => RecordingStorage][] = [
  ['local disk', () => new LocalRecordingStorage(folder)],
  ['an S3-compatible bucket', () => new S3RecordingStorage(s3.settings())],
];

describe.each(storages)('recordings on %s', (_, storage) => {
  test('a stored recording has its size and reads back whole', async () => {
    await storage().put('conv_whole.mp3', AUDIO);
    expect(await storage().size('conv_whole.mp3')).toBe(AUDIO.length);
    expect(await storage().read('conv_whole.mp3')).toEqual(AUDIO);
  });

  test('a byte range reads just those bytes (inclusive)', async () => {
    await storage().put('conv_range.mp3', AUDIO);
    expect((await storage().read('conv_range.mp3', { start: 4, end: 10 }))?.toString()).toBe('pretend');
  });

  test('a key never stored has no size and no bytes', async () => {
    expect(await storage().size('conv_never.mp3')).toBeNull();
    expect(await storage().read('conv_never.mp3')).toBeNull();
  });

  test('a deleted recording is gone, and deleting it again is harmless', async () => {
    await storage().put('conv_deleted.mp3', AUDIO);
    await storage().delete('conv_deleted.mp3');
    expect(await storage().size('conv_deleted.mp3')).toBeNull();
    await expect(storage().delete('conv_deleted.mp3')).resolves.toBeUndefined();
  });

  test('a second put replaces the recording', async () => {
    await storage().put('conv_again.mp3', AUDIO);
    await storage().put('conv_again.mp3', Buffer.from('shorter'));
    expect((await storage().read('conv_again.mp3'))?.toString()).toBe('shorter');
  });

  test('keys that could leave the folder are refused', async () => {
    await expect(storage().put('../escape.mp3', AUDIO)).rejects.toThrow('Invalid recording key');
    await expect(storage().read('a/b.mp3')).rejects.toThrow('Invalid recording key');
  });
});

test('local disk makes its folder on the first recording, and again if it was removed', async () => {
  const dir = path.join(folder, 'made-on-first-put');
  const storage = new LocalRecordingStorage(dir);
  await storage.put('conv_first.mp3', AUDIO);
  rmSync(dir, { recursive: true });
  await storage.put('conv_second.mp3', AUDIO);
  expect(await storage.size('conv_second.mp3')).toBe(AUDIO.length);
});
