import { z } from 'zod';
import { callRecapSchema } from './recap.ts';
import { callSafetySchema } from './safety.ts';
import { SANTA_LANGUAGES } from './languages.ts';

/** Why a call cost nothing, when it did not. */
export const notChargedReasonSchema = z.enum(['short_call']);
export type NotChargedReason = z.infer<typeof notChargedReasonSchema>;

/** Where the child talked to Santa: a phone line, or the parent's browser (decision 0035). */
export const callChannelSchema = z.enum(['phone', 'browser']);
export type CallChannel = z.infer<typeof callChannelSchema>;

export const callItemSchema = z.object({
  id: z.string(),
  /** ISO 8601 */
  created_at: z.string(),
  /** Seconds. */
  duration: z.number().int(),
  summary: z.string(),
  transcript: z.string(),
  /** `/api/calls/{id}/recording` when audio exists (playable once purchased), else null. */
  audio_url: z.string().nullable(),
  recording_purchased: z.boolean(),
  /** The number the child called from (E.164), when known. */
  phone_number: z.string().nullable(),
  /** The safety read after the call (null until it has run); the banner shows when flagged. */
  safety: callSafetySchema.nullable(),
  /** "What Olivia told Santa", in the child's words; null until the summary job has run. */
  recap: callRecapSchema.nullable(),
  /** Set when the call was not charged, saying why; null for a call billed as usual. */
  not_charged: notChargedReasonSchema.nullable(),
  /** The child who spoke (decision 0024), and their name now; null when no child could be told. */
  child_id: z.string().nullable(),
  child_name: z.string().nullable(),
  channel: callChannelSchema,
});
export type CallItem = z.infer<typeof callItemSchema>;

/** GET /api/calls/history: the signed-in parent's calls, newest first. */
/** GET /api/calls/history?child=<id>: only that child's calls. */
export const callHistoryQuerySchema = z.object({ child: z.string().uuid('Child not found').optional() });

export const callHistorySchema = z.object({ calls: z.array(callItemSchema) });
export type CallHistory = z.infer<typeof callHistorySchema>;

/**
 * POST /api/calls/browser: a call admitted for the parent's browser, minutes already reserved.
 * `conversation` is what the official client sends when it connects (ElevenLabs' conversation
 * initiation data): it comes from our server, and settlement bills at most the reservation.
 */
export const browserCallStartedSchema = z.object({
  /** The voice agent's conversation id: the call's key until it is in the history. */
  call_id: z.string(),
  /** One-time: a second connection with it is refused. */
  signed_url: z.string(),
  /** ISO 8601: the call must start before this. */
  expires_at: z.string(),
  /** What the call may last, in seconds; the screen counts it down. */
  allowed_seconds: z.number().int(),
  conversation: z.object({
    dynamic_variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    prompt: z.string(),
    first_message: z.string(),
    /** The child's language: the agent's language override when it is not English. */
    language: z.enum(SANTA_LANGUAGES),
  }),
});
export type BrowserCallStarted = z.infer<typeof browserCallStartedSchema>;
