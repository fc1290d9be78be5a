import { createHash } from 'node:crypto';
import { SANTA_PERSONALITIES, type SantaPersonality } from '@santa/shared/constants';
import { VOICE_SAMPLE_LINES } from '@santa/shared/voice-samples';
import type { Logger } from 'pino';
import { AppError } from '../../http/errors.ts';
import type { SantaSpeech } from './pronunciation.service.ts';

export interface VoiceSample {
  audio: Buffer;
  contentType: 'audio/mpeg' | 'audio/wav';
  /** Names these bytes, so a browser that kept them is answered 304. */
  etag: string;
}

function sampleOf(audio: Buffer, contentType: VoiceSample['contentType']): VoiceSample {
  return { audio, contentType, etag: `"${createHash('sha256').update(audio).digest('hex').slice(0, 20)}"` };
}

export interface VoiceSamplesDeps {
  /** The voice agent: a sandbox one has no voice to lend, so its samples are the stand-in. */
  speech: SantaSpeech & { readonly isSandbox: boolean };
  /** Where samples are kept once made (the recordings' storage: every replica sees them). */
  storage: {
    read(key: string): Promise<Buffer | null>;
    put(key: string, data: Buffer): Promise<void>;
  };
  /** What plays when no voice is configured (the sandbox): real audio, made locally. */
  standIn(line: string): Buffer;
  logger: Logger;
}

export const VOICE_SAMPLE_FAILED_MESSAGE =
  "Santa's voice could not be reached just now. Please try again in a minute.";

const SPOKEN = { extension: 'mp3', contentType: 'audio/mpeg' } as const;
const STAND_IN = { extension: 'wav', contentType: 'audio/wav' } as const;

/** Named for the line it says: a new line (or a new wording) is a new sample, made once. */
function keyOf(personality: SantaPersonality, extension: string): string {
  const line = createHash('sha256').update(VOICE_SAMPLE_LINES[personality]).digest('hex').slice(0, 12);
  return `voice-sample-${personality}-${line}.${extension}`;
}

/**
 * Each Santa's voice sample: made once with the agent's own voice (text-to-speech; the stand-in
 * in the sandbox), kept in storage, then served from memory. Text-to-speech is paid for, so a
 * sample is made once however many visitors ask for it at the same moment.
 */
export function createVoiceSamplesService(deps: VoiceSamplesDeps) {
  const ready = new Map<SantaPersonality, Promise<VoiceSample>>();

  // A deployment given its voice keys leaves the sandbox's stand-ins behind.
  const format = deps.speech.isSandbox ? STAND_IN : SPOKEN;

  async function stored(personality: SantaPersonality): Promise<VoiceSample | undefined> {
    const audio = await deps.storage.read(keyOf(personality, format.extension));
    return audio ? sampleOf(audio, format.contentType) : undefined;
  }

  async function make(personality: SantaPersonality): Promise<VoiceSample> {
    const line = VOICE_SAMPLE_LINES[personality];
    let spoken: Buffer | null;
    try {
      spoken = await deps.speech.speakAsSanta(line);
    } catch (error) {
      deps.logger.warn({ err: error, personality }, 'the voice provider could not make a voice sample');
      throw new AppError('provider_failed', VOICE_SAMPLE_FAILED_MESSAGE);
    }
    const audio = spoken ?? deps.standIn(line);
    await deps.storage.put(keyOf(personality, format.extension), audio);
    return sampleOf(audio, format.contentType);
  }

  /** Once per process: a failure is forgotten, so the next visitor tries again. */
  function remember(personality: SantaPersonality, work: () => Promise<VoiceSample>): Promise<VoiceSample> {
    const pending = work();
    ready.set(personality, pending);
    pending.catch(() => ready.delete(personality));
    return pending;
  }

  return {
    sample(personality: SantaPersonality): Promise<VoiceSample> {
      return (
        ready.get(personality) ??
        remember(personality, async () => (await stored(personality)) ?? make(personality))
      );
    },

    /** The admin's "Make voice samples": each made again (the agent's voice may have changed). */
    async remake(): Promise<SantaPersonality[]> {
      for (const personality of SANTA_PERSONALITIES) await remember(personality, () => make(personality));
      return [...SANTA_PERSONALITIES];
    },
  };
}

export type VoiceSamplesService = ReturnType<typeof createVoiceSamplesService>;
