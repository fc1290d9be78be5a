import type { ByteRange } from '@santa/shared/byte-range';
import { fatal, ok, type Diagnosable, type Finding } from '../diagnosis.ts';

export type { ByteRange };

/** Where call recordings live: a local folder (the embedded default) or an S3-compatible bucket. */
export interface RecordingStorage extends Diagnosable {
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

const PROBE_KEY = 'doctor-probe';

/** Writes, reads back and deletes a small object: what storing a call's recording needs. */
export async function probeStorage(storage: RecordingStorage, where: string, fix: string): Promise<Finding> {
  const probe = Buffer.from(`santa-calls doctor ${new Date().toISOString()}`);
  try {
    await storage.put(PROBE_KEY, probe);
    const back = await storage.read(PROBE_KEY);
    await storage.delete(PROBE_KEY);
    if (!back?.equals(probe)) return fatal('write', `${where} answered other bytes than were written`, fix);
    return ok('write', `${where} stores, reads and deletes recordings`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return fatal('write', `${where}: ${message.split('\n')[0]!.slice(0, 200)}`, fix);
  }
}
