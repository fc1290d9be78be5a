import type { EmailContent, EmailKind } from './templates/email-content.ts';

type QueueEmail = (request: {
  kind: EmailKind;
  eventKey: string;
  userId: string;
  data?: object;
}) => Promise<boolean>;

/** The emails about a call's recording. */
export function recordingEmailRequests(queue: QueueEmail) {
  return {
    /** Once per call: its recording could not be saved (call recovery gave up). */
    recordingLost: (userId: string, callId: string) =>
      queue({ kind: 'recording_lost', eventKey: callId, userId, data: { callId } }),
  };
}

/** Fills in a recording email when it is sent; undefined for the other kinds. */
export function recordingContent(
  row: { kind: EmailKind },
  name: string,
  publicUrl: string,
): EmailContent | undefined {
  if (row.kind !== 'recording_lost') return undefined;
  return { kind: 'recording_lost', name, callsUrl: `${publicUrl}/calls` };
}
