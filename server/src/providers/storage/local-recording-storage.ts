import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { warning, type Finding } from '../diagnosis.ts';
import { assertSafeKey, probeStorage, type ByteRange, type RecordingStorage } from './recording-storage.ts';

/** Recordings as files in one folder (DATA_DIR/recordings by default). */
export class LocalRecordingStorage implements RecordingStorage {
  readonly isSandbox = false;

  constructor(private readonly dir: string) {}

  async diagnose(): Promise<Finding[]> {
    return [
      await probeStorage(
        this,
        path.resolve(this.dir),
        `Make ${path.resolve(this.dir)} writable by the app (or set DATA_DIR).`,
      ),
      warning(
        'replicas',
        'local disk: only this replica can serve the recordings it stores',
        'Set RECORDINGS_S3_BUCKET before running more than one replica.',
      ),
    ];
  }

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.dir, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    // Write then rename, so a reader never sees half a file.
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    try {
      await writeFile(temporary, data);
    } catch (error) {
      // The folder is made when first missing, not before every recording (a system call each).
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(this.dir, { recursive: true });
      await writeFile(temporary, data);
    }
    await rename(temporary, file);
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.file(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Buffer | null> {
    let handle;
    try {
      handle = await open(this.file(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      if (!range) return await handle.readFile();
      const length = range.end - range.start + 1;
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, range.start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}
