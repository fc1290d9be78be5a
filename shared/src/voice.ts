import { z } from 'zod';

/**
 * Wire formats of the voice webhooks. Unknown fields are allowed through: Twilio and
 * ElevenLabs add fields over time and a new field must never break a call.
 */

/** Twilio's voice webhook form (POST /api/voice/twilio/inbound). */
export const twilioInboundSchema = z.looseObject({
  CallSid: z.string().min(1),
  From: z.string().default(''),
  To: z.string().min(1),
  /** STIR/SHAKEN verdict on the caller ID, e.g. TN-Validation-Passed-A; absent when none was given. */
  StirVerstat: z.string().optional(),
});
export type TwilioInbound = z.infer<typeof twilioInboundSchema>;

/** Twilio's asynchronous answering-machine verdict (POST /api/voice/twilio/outbound/amd). */
export const twilioAmdSchema = z.looseObject({
  CallSid: z.string().min(1),
  /** human, machine_end_beep, machine_end_silence, machine_end_other, fax or unknown. */
  AnsweredBy: z.string().optional(),
});

export const TWILIO_FINAL_STATUSES = ['completed', 'failed', 'busy', 'no-answer', 'canceled'] as const;

/** Twilio's status callback form (POST /api/voice/twilio/status). */
export const twilioStatusSchema = z.looseObject({
  CallSid: z.string().min(1),
  CallStatus: z.string().min(1),
  CallDuration: z.coerce.number().int().min(0).optional(),
});
export type TwilioStatus = z.infer<typeof twilioStatusSchema>;

export const transcriptTurnSchema = z.looseObject({
  role: z.enum(['agent', 'user']),
  message: z.string().nullish(),
  time_in_call_secs: z.number().optional(),
});

export const postCallTranscriptionSchema = z.looseObject({
  type: z.literal('post_call_transcription'),
  event_timestamp: z.number().optional(),
  data: z.looseObject({
    agent_id: z.string().optional(),
    conversation_id: z.string().min(1).max(200),
    status: z.string().optional(),
    transcript: z.array(transcriptTurnSchema).default([]),
    metadata: z
      .looseObject({
        start_time_unix_secs: z.number().optional(),
        // No call lasts a day: a larger figure is a broken payload, not a bill to settle.
        call_duration_secs: z
          .number()
          .min(0)
          .max(24 * 60 * 60)
          .default(0),
        phone_call: z
          .looseObject({
            type: z.string().optional(),
            call_sid: z.string().optional(),
            external_number: z.string().optional(),
            agent_number: z.string().optional(),
          })
          .nullish(),
      })
      .default({ call_duration_secs: 0 }),
    analysis: z
      .looseObject({
        transcript_summary: z.string().nullish(),
        /** The agent's data-collection fields; `child_name` says which child spoke (decision 0024). */
        data_collection_results: z
          .record(z.string(), z.looseObject({ value: z.unknown().optional() }))
          .nullish()
          .catch(null),
      })
      .nullish(),
    conversation_initiation_client_data: z
      .looseObject({ dynamic_variables: z.record(z.string(), z.unknown()).nullish() })
      .nullish(),
  }),
});
export type PostCallTranscription = z.infer<typeof postCallTranscriptionSchema>;

export const postCallAudioSchema = z.looseObject({
  type: z.literal('post_call_audio'),
  event_timestamp: z.number().optional(),
  data: z.looseObject({
    agent_id: z.string().optional(),
    conversation_id: z.string().min(1).max(200),
    /** Base64 MP3 of the whole call. */
    full_audio: z.string().min(1),
  }),
});
export type PostCallAudio = z.infer<typeof postCallAudioSchema>;

/**
 * ElevenLabs could not start the conversation (the caller hung up while it connected, or the
 * agent refused the call). For a Twilio call, `metadata.body` is Twilio's own call form.
 */
export const callInitiationFailureSchema = z.looseObject({
  type: z.literal('call_initiation_failure'),
  event_timestamp: z.number().optional(),
  data: z.looseObject({
    agent_id: z.string().optional(),
    conversation_id: z.string().max(200).nullish(),
    failure_reason: z.string().nullish(),
    metadata: z
      .looseObject({
        type: z.string().optional(),
        body: z.record(z.string(), z.unknown()).nullish(),
      })
      .nullish(),
    conversation_initiation_client_data: z
      .looseObject({ dynamic_variables: z.record(z.string(), z.unknown()).nullish() })
      .nullish(),
  }),
});
export type CallInitiationFailure = z.infer<typeof callInitiationFailureSchema>;

/** Every ElevenLabs webhook names its type; types we do not handle are acknowledged at once. */
export const webhookEnvelopeSchema = z.looseObject({ type: z.string() });

/** POST /api/calls/sync-from-elevenlabs */
export const syncCallsResponseSchema = z.object({
  message: z.string(),
  /** Calls added to the history by this sync. */
  stored: z.number().int().min(0),
  /** Finished conversations the provider would not hand over this time; a later sync retries them. */
  unreadable: z.number().int().min(0),
});
export type SyncCallsResponse = z.infer<typeof syncCallsResponseSchema>;

const callsText = (count: number) => `${count} ${count === 1 ? 'call' : 'calls'}`;

/** What the parent reads after a sync, unreadable conversations included. */
export function syncMessage(stored: number, unreadable: number): string {
  const synced = `Synced ${callsText(stored)}`;
  if (unreadable === 0) return synced;
  const verb = unreadable === 1 ? 'it' : 'they';
  return `${synced}. ${callsText(unreadable)} could not be read right now; sync again later and ${verb} should come through.`;
}

export const SYNC_FAILED_MESSAGE = 'Failed to sync conversations';
export const RECORDING_LOCKED_MESSAGE = 'Unlock this recording for $0.99 to listen to it';
export const CALL_NOT_FOUND_MESSAGE = 'Call not found';
