import {
  pronunciationPreviewText,
  type PronunciationPreviewSandbox,
  type PronunciationPreviewRequest,
} from '@santa/shared/santa';
import type { Logger } from 'pino';
import { AppError } from '../../http/errors.ts';

/** The voice provider, as far as the preview needs it. */
export interface SantaSpeech {
  /** MP3 of Santa's own voice, or null when the sandbox leaves speaking to the browser. */
  speakAsSanta(text: string): Promise<Buffer | null>;
}

export type PronunciationPreview = { audio: Buffer } | PronunciationPreviewSandbox;

export const PREVIEW_FAILED_MESSAGE =
  "Santa's voice could not be reached just now. Please try again in a minute.";

/** Names said lately, kept so a parent pressing play again (or a sibling's name) costs nothing. */
const KEPT_PREVIEWS = 500;

/** "Hear how Santa says it": the greeting Santa opens the call with, the name said as written. */
export function createPronunciationService(speech: SantaSpeech, logger: Logger) {
  const kept = new Map<string, Buffer>();
  function keep(text: string, audio: Buffer): void {
    if (kept.size >= KEPT_PREVIEWS) kept.delete(kept.keys().next().value!);
    kept.set(text, audio);
  }

  return {
    async preview(input: {
      kid_name: string;
      name_pronunciation: string | null;
    }): Promise<PronunciationPreview> {
      const text = pronunciationPreviewText(input.kid_name, input.name_pronunciation);
      const known = kept.get(text);
      if (known) return { audio: known };
      let audio: Buffer | null;
      try {
        audio = await speech.speakAsSanta(text);
        if (audio) keep(text, audio);
      } catch (error) {
        logger.warn({ err: error }, 'the voice provider could not speak the name preview');
        throw new AppError('provider_failed', PREVIEW_FAILED_MESSAGE);
      }
      return audio ? { audio } : { mode: 'browser', text };
    },
  };
}

export type PronunciationService = ReturnType<typeof createPronunciationService>;
export type { PronunciationPreviewRequest };
