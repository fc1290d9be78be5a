/**
 * A deep voice's pitch, wavering a little, in syllables of about a fifth of a second: how the
 * sandbox "says" Santa's lines on a machine with no voice. 16-bit little-endian mono PCM.
 */
export function santaWarblePcm(seconds: number, sampleRate: number): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    const t = i / sampleRate;
    const pitch = 140 + 20 * Math.sin(2 * Math.PI * 3 * t);
    const syllable = 0.5 + 0.5 * Math.sin(2 * Math.PI * 5 * t);
    const value = Math.sin(2 * Math.PI * pitch * t) * syllable * 0.25;
    pcm.writeInt16LE(Math.round(value * 32_767), i * 2);
  }
  return pcm;
}

const WAV_RATE = 16_000;
const SECONDS_PER_WORD = 0.3;
const LONGEST_SECONDS = 8;

/**
 * Santa's line as a WAV file of the warble, as long as the line would take to say (up to 8 s):
 * real audio that any browser plays, for the sandbox's voice samples.
 */
export function santaWarbleWav(line: string): Buffer {
  const words = line.split(/\s+/).filter(Boolean).length;
  const pcm = santaWarblePcm(Math.min(LONGEST_SECONDS, Math.max(1, words * SECONDS_PER_WORD)), WAV_RATE);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16); // PCM format chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(WAV_RATE, 24);
  header.writeUInt32LE(WAV_RATE * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
