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
  const samples = Math.round(seconds * SAMPLE_RATE);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    const t = i / SAMPLE_RATE;
    // A deep voice's pitch, wavering a little, in syllables of about a fifth of a second.
    const pitch = 140 + 20 * Math.sin(2 * Math.PI * 3 * t);
    const syllable = 0.5 + 0.5 * Math.sin(2 * Math.PI * 5 * t);
    const value = Math.sin(2 * Math.PI * pitch * t) * syllable * 0.25;
    pcm.writeInt16LE(Math.round(value * 32_767), i * 2);
  }
  return pcm.toString('base64');
}
