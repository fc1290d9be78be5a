import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageSettings } from '../src/providers/storage/s3-recording-storage.ts';

export interface TestS3Server {
  endpoint: string;
  /** Settings for S3RecordingStorage against this server (s3rver's built-in account). */
  settings(prefix?: string): S3StorageSettings;
  env(): Record<string, string>;
  close(): Promise<void>;
}

const BUCKET = 'santa-recordings';

/** A real S3-compatible server (s3rver) on loopback, its objects in a temporary folder. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    settings: (prefix = '') => ({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix,
    }),
    env: () => ({
      RECORDINGS_S3_BUCKET: BUCKET,
      RECORDINGS_S3_ENDPOINT: endpoint,
      RECORDINGS_S3_ACCESS_KEY_ID: 'S3RVER',
      RECORDINGS_S3_SECRET_ACCESS_KEY: 'S3RVER',
      RECORDINGS_S3_FORCE_PATH_STYLE: 'true',
    }),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
