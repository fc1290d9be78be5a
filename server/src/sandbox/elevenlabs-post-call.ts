import type { SandboxConversation } from '../providers/voice/sandbox-voice-engine.ts';

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The `phone_call` ElevenLabs adds to a Twilio conversation's metadata; a browser call has none. */
export interface TwilioPhoneCall {
  direction: 'inbound';
  phone_number_id: string;
  agent_number: string;
  external_number: string;
  type: 'twilio';
  call_sid: string;
}

/**
 * ElevenLabs' data collection of the agent's `child_name` field (decision 0024), as its LLM would
 * fill it: the name the child gave ("It's Noah", "my name is Zoe"), or null when none was given.
 */
export function collectChildName(transcript: { role: string; message?: string | null }[]) {
  const introduction = /\b(?:i'?m|i am|it'?s|this is|my name is|name's)\s+(\p{Lu}[\p{L}'-]*)/u;
  const value =
    transcript
      .filter((turn) => turn.role === 'user')
      .map((turn) => introduction.exec(turn.message ?? '')?.[1])
      .find(Boolean) ?? null;
  return {
    child_name: {
      data_collection_id: 'child_name',
      value,
      json_schema: { type: 'string', description: 'The first name of the child who is speaking' },
      rationale: value ? 'The child said their name.' : 'No child said their name.',
    },
  };
}

/** post_call_transcription, as ElevenLabs posts it once a conversation is over. */
export function transcriptionEvent(
  done: SandboxConversation,
  agentId: string,
  endedAt: Date,
  phoneCall: TwilioPhoneCall | null,
) {
  return {
    type: 'post_call_transcription',
    event_timestamp: unixSeconds(endedAt),
    data: {
      agent_id: agentId,
      conversation_id: done.conversationId,
      status: 'done',
      transcript: done.transcript,
      metadata: {
        start_time_unix_secs: unixSeconds(done.startedAt),
        call_duration_secs: done.durationSeconds,
        ...(phoneCall ? { phone_call: phoneCall } : {}),
      },
      analysis: {
        transcript_summary: done.summary,
        call_successful: 'success',
        data_collection_results: collectChildName(done.transcript),
      },
      conversation_initiation_client_data: { dynamic_variables: done.dynamicVariables },
    },
  };
}

/** post_call_audio: the whole recording, base64, sent after the transcription. */
export function audioEvent(done: SandboxConversation, agentId: string, endedAt: Date, audio: Buffer | null) {
  return {
    type: 'post_call_audio',
    event_timestamp: unixSeconds(endedAt),
    data: {
      agent_id: agentId,
      conversation_id: done.conversationId,
      full_audio: (audio ?? Buffer.alloc(0)).toString('base64'),
    },
  };
}
