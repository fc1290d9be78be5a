import type { CallItem } from '@santa/shared/calls';
import type { CallSafety } from '@santa/shared/safety';
import type { CallRow } from './call-records.repository.ts';

export function recordingPath(callId: string): string {
  return `/api/calls/${callId}/recording`;
}

export function presentCall(row: CallRow, safety: CallSafety | null = null): CallItem {
  return {
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    duration: row.duration,
    summary: row.summary,
    transcript: row.transcript,
    audio_url: row.audio_key ? recordingPath(row.id) : null,
    recording_purchased: row.recording_purchased,
    phone_number: row.phone_number,
    safety,
  };
}
