import type { CallItem } from '@santa/shared/calls';
import { callRecapSchema, type CallRecap } from '@santa/shared/recap';
import type { CallSafety } from '@santa/shared/safety';
import { nameOfCallChild, type NamedChild } from '../children/attribution.ts';
import type { HistoryCallRow } from './call-records.repository.ts';

export function recordingPath(callId: string): string {
  return `/api/calls/${callId}/recording`;
}

export function presentCall(
  row: HistoryCallRow,
  safety: CallSafety | null = null,
  children: readonly NamedChild[] = [],
): CallItem {
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
    recap: presentRecap(row.recap),
    not_charged: row.not_charged,
    child_id: row.child_id ?? null,
    child_name: nameOfCallChild(children, row.child_id),
    channel: row.channel,
  };
}

/** A stored recap read back through the shared schema; anything else shows as no recap. */
export function presentRecap(stored: unknown): CallRecap | null {
  if (stored === null || stored === undefined) return null;
  const parsed = callRecapSchema.safeParse(typeof stored === 'string' ? JSON.parse(stored) : stored);
  return parsed.success ? parsed.data : null;
}
