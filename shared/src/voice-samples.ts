import type { SantaPersonality } from './constants.ts';

/**
 * What each Santa says in his voice sample, so a family hears how he sounds before paying. Said
 * with the voice agent's own voice (text-to-speech) and kept; the sandbox plays a stand-in.
 */
export const VOICE_SAMPLE_LINES: Record<SantaPersonality, string> = {
  traditional:
    'Ho ho ho! Merry Christmas! Rudolph and I were just talking about you here at the North Pole. Have you been helping at home this year?',
  modern:
    "Hey there, it's Santa! The elves tell me you've had a really busy year. What was the best thing that happened at school?",
  mixed:
    "Ho ho ho, hello there! It's Santa. The reindeer are getting ready for the big night, and I would love to hear all your news.",
};

/** Where a personality's sample plays from (public, cached). */
export const voiceSamplePath = (personality: SantaPersonality) => `/api/voice-samples/${personality}`;

/** POST /api/admin/voice-samples: the samples made again, e.g. after the agent's voice changed. */
export interface VoiceSamplesMadeResponse {
  made: SantaPersonality[];
}
