import type { Logger } from 'pino';
import type { Db } from '../../db/db.ts';
import type { RecordingStorage } from '../../providers/storage/recording-storage.ts';
import * as earlyRecordings from './early-recordings.repository.ts';

/** A recording waits this long for its call; ElevenLabs sends both events within minutes. */
export const EARLY_RECORDING_WAIT_SECONDS = 24 * 60 * 60;
const BATCH = 100;

/**
 * Deletes recordings of children's voices that no call claimed (their transcription matched no
 * account, or the account was deleted before the audio came). Safe on every replica at once:
 * deleting a file or a note twice changes nothing.
 */
export async function deleteUnclaimedRecordings(deps: {
  db: Db;
  logger: Logger;
  recordings: RecordingStorage;
  waitSeconds?: number;
}): Promise<number> {
  const early = await earlyRecordings.findEarlyRecordings(
    deps.db,
    deps.waitSeconds ?? EARLY_RECORDING_WAIT_SECONDS,
    BATCH,
  );
  let deleted = 0;
  for (const recording of early) {
    if (!recording.claimed) {
      await deps.recordings.delete(recording.audio_key);
      deleted += 1;
    }
    await earlyRecordings.forgetEarlyRecording(deps.db, recording.conversation_id);
  }
  if (deleted > 0) deps.logger.info({ deleted }, 'deleted recordings that no call claimed');
  return deleted;
}
