/**
 * Where ElevenLabs' client loads its audio worklets from: files of our own origin, which the build
 * writes (client/elevenlabs-worklets.ts), since the Content-Security-Policy refuses blob: scripts.
 */
export const WORKLET_PATHS = {
  rawAudioProcessor: '/worklets/raw-audio-processor.js',
  audioConcatProcessor: '/worklets/audio-concat-processor.js',
} as const;
