import { NodeHttpHandler } from '@smithy/node-http-handler';
import { VENDOR_TIMEOUTS } from '../vendor-timeouts.ts';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageSettings } from '../../config.ts';
import type { Finding } from '../diagnosis.ts';

export type { S3StorageSettings };
import { assertSafeKey, probeStorage, type ByteRange, type RecordingStorage } from './recording-storage.ts';

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  // A wrong bucket name is a misconfiguration to surface, not a recording that was never stored.
  // (HEAD answers have no body, so size() cannot tell the two apart; read() and put() can.)
  if (error.name === 'NoSuchBucket') return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

/**
 * Recordings in an S3-compatible bucket, shared by every replica: audio stored by one replica
 * plays from all of them, and deleting an account removes the objects wherever it is handled.
 */
export class S3RecordingStorage implements RecordingStorage {
  readonly isSandbox = false;
  private readonly client: S3Client;

  constructor(private readonly settings: S3StorageSettings) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? {
            credentials: {
              accessKeyId: settings.accessKeyId,
              secretAccessKey: settings.secretAccessKey,
            },
          }
        : {}),
      // A slow bucket must not hold a webhook for long: the SDK has no timeout of its own, so a
      // stalled server would hold the request for ever. One retry for a transient error.
      maxAttempts: 2,
      requestHandler: new NodeHttpHandler({
        connectionTimeout: (settings.timeouts ?? VENDOR_TIMEOUTS).connectMs,
        requestTimeout: (settings.timeouts ?? VENDOR_TIMEOUTS).requestMs,
        throwOnRequestTimeout: true,
      }),
    });
  }

  async diagnose(): Promise<Finding[]> {
    const where = `bucket ${this.settings.bucket}${this.settings.endpoint ? ` at ${this.settings.endpoint}` : ''}`;
    return [
      await probeStorage(
        this,
        where,
        'Check RECORDINGS_S3_* and that the credentials may put, get and delete objects in the bucket.',
      ),
    ];
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return `${this.settings.prefix}${key}`;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentType: 'audio/mpeg',
      }),
    );
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Buffer | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!object.Body) return Buffer.alloc(0);
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there: deleting twice is harmless.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
    );
  }
}
