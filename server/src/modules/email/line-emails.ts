import { z } from 'zod';
import type { EmailContent, EmailKind } from './templates/email-content.ts';

type QueueEmail = (request: {
  kind: EmailKind;
  eventKey: string;
  userId: string;
  data?: object;
}) => Promise<boolean>;

const lockedSchema = z.object({ lockedUntil: z.string() });

/** "4:35 PM UTC": the email cannot know the parent's zone, so it says which one it uses. */
const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }) + ' UTC';

/** The emails about who may reach Santa on the family's line. */
export function lineEmailRequests(queue: QueueEmail) {
  return {
    /** Once per lockout: its end is the event's key. */
    familyCodeLocked: (userId: string, lockedUntil: Date) =>
      queue({
        kind: 'family_code_locked',
        eventKey: `${userId}:${lockedUntil.toISOString()}`,
        userId,
        data: { lockedUntil: lockedUntil.toISOString() },
      }),
  };
}

/** Fills in a line email when it is sent; undefined for the other kinds. */
export function lineContent(
  row: { kind: EmailKind; data: Record<string, unknown> },
  name: string,
  publicUrl: string,
): EmailContent | undefined {
  if (row.kind !== 'family_code_locked') return undefined;
  const { lockedUntil } = lockedSchema.parse(row.data);
  return {
    kind: 'family_code_locked',
    name,
    lockedUntil: timeOf(lockedUntil),
    settingsUrl: `${publicUrl}/dashboard`,
  };
}
