import type { CallInitiationFailure, PostCallTranscription } from '@santa/shared/voice';
import type { TranscriptTurn } from '../../providers/voice/voice-engine.ts';

/** A finished conversation, from the post-call webhook or from the conversations API (sync). */
export interface FinishedCall {
  conversationId: string;
  callSid: string | null;
  /** Our user id from the call's dynamic variables, used only when no reservation matches. */
  userIdHint: string | null;
  fromNumber: string | null;
  kidName: string | null;
  /** The agent's `child_name` data-collection result: who spoke, in the engine's words. */
  childNameCollected?: string | null;
  startedAt: Date | null;
  durationSeconds: number;
  transcript: TranscriptTurn[];
  providerSummary: string | null;
  audio?: Buffer | null;
}

export function recordingKey(conversationId: string): string {
  return `${conversationId.replace(/[^A-Za-z0-9_-]/g, '_')}.mp3`;
}

export function formatTranscript(turns: TranscriptTurn[]): string {
  return turns
    .filter((turn) => turn.message.trim())
    .map((turn) => `${turn.role === 'agent' ? 'Santa' : 'Child'}: ${turn.message.trim()}`)
    .join('\n');
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export function finishedCallFromWebhook(payload: PostCallTranscription): FinishedCall {
  const { data } = payload;
  const dynamic = data.conversation_initiation_client_data?.dynamic_variables ?? {};
  const phoneCall = data.metadata.phone_call;
  return {
    conversationId: data.conversation_id,
    callSid: text(phoneCall?.call_sid) ?? text(dynamic.call_sid) ?? text(dynamic.system__call_sid),
    userIdHint: text(dynamic.user_id),
    fromNumber: text(phoneCall?.external_number) ?? text(dynamic.system__caller_id),
    kidName: text(dynamic.kid_name),
    childNameCollected: text(data.analysis?.data_collection_results?.child_name?.value),
    startedAt: data.metadata.start_time_unix_secs
      ? new Date(data.metadata.start_time_unix_secs * 1000)
      : null,
    durationSeconds: Math.round(data.metadata.call_duration_secs),
    transcript: data.transcript.map((turn) => ({
      role: turn.role,
      message: turn.message ?? '',
      timeInCallSecs: turn.time_in_call_secs,
    })),
    providerSummary: text(data.analysis?.transcript_summary),
  };
}

/** The Twilio call a failed initiation was for: Twilio's own form, else what register-call sent. */
export function callSidOfFailure(payload: CallInitiationFailure): string | null {
  const { data } = payload;
  const body = data.metadata?.body ?? {};
  const dynamic = data.conversation_initiation_client_data?.dynamic_variables ?? {};
  return (
    text(body.CallSid) ?? text(body.call_sid) ?? text(dynamic.call_sid) ?? text(dynamic.system__call_sid)
  );
}
