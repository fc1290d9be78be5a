/**
 * A short, valid MP3 of silence for the sandbox's post_call_audio: MPEG-1 Layer III frames at
 * 32 kbit/s, 32 kHz, mono. Each frame is 144 bytes (144 × bitrate / sample rate) and holds 1152
 * samples (36 ms); a zeroed side-info and main-data section decodes to silence.
 */
const FRAME_BYTES = 144;
const FRAME_SECONDS = 1152 / 32_000;
// 0xFFFB: sync, MPEG-1, Layer III, no CRC. 0x18: 32 kbit/s, 32 kHz, no padding. 0xC4: mono, original.
const HEADER = [0xff, 0xfb, 0x18, 0xc4];

export function silentMp3(seconds = 2): Buffer {
  const frames = Math.max(1, Math.ceil(seconds / FRAME_SECONDS));
  const audio = Buffer.alloc(frames * FRAME_BYTES);
  for (let frame = 0; frame < frames; frame += 1) audio.set(HEADER, frame * FRAME_BYTES);
  return audio;
}
