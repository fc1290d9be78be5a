import { santaWarblePcm } from '../../providers/voice/santa-warble.ts';

/** The sandbox agent's audio format, as its initiation metadata announces it. */
const SAMPLE_RATE = 16_000;
const SECONDS_PER_WORD = 0.12;
const LONGEST_SECONDS = 3;

/**
 * Santa's line as the sandbox agent "says" it: a soft, warbling low tone (16 kHz, 16-bit PCM,
 * little-endian, base64), as long as the line would take to say (up to 3 s). Recognisable as Santa
 * talking on a machine with no voice, and real audio for the browser's player to play.
 */
export function santaSpeech(line: string): string {
  const words = line.split(/\s+/).filter(Boolean).length;
  const seconds = Math.min(LONGEST_SECONDS, Math.max(0.4, words * SECONDS_PER_WORD));
  return santaWarblePcm(seconds, SAMPLE_RATE).toString('base64');
}
