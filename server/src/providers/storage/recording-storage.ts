/** Where call recordings live: a local folder (the embedded default) or an S3-compatible bucket. */
export interface ByteRange {
  /** Inclusive. */
  start: number;
  /** Inclusive. */
  end: number;
}

export interface RecordingStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Size in bytes, or null when nothing is stored under the key. */
  size(key: string): Promise<number | null>;
  /** The bytes of the key (or of one range of it); null when nothing is stored. */
  read(key: string, range?: ByteRange): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,200}$/;

/** Keys come from provider ids; anything that could escape the folder is refused. */
export function assertSafeKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error('Invalid recording key');
}
