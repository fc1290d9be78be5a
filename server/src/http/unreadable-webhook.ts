import type { Logger } from 'pino';
import type { ZodError } from 'zod';
import type { Queryable } from '../db/db.ts';

export interface UnreadableWebhook {
  provider: 'stripe' | 'elevenlabs';
  eventId?: string | null;
  eventType?: string | null;
  /** What could not be read: the schema's first issue, never the payload itself. */
  reason: string;
}

/** The schema's first complaint, as a path and message (no values: they may be a child's words). */
export function reasonOf(error: ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(payload)'}: ${issue.message}` : 'unreadable payload';
}

/**
 * A signed webhook we cannot read is acknowledged (a retry would fail the same way for days),
 * recorded for someone to look at, and logged as an error so it is seen.
 */
export async function recordUnreadableWebhook(
  q: Queryable,
  logger: Logger,
  webhook: UnreadableWebhook,
): Promise<void> {
  await q.query(
    'insert into unreadable_webhooks (provider, event_id, event_type, reason) values ($1, $2, $3, $4)',
    [webhook.provider, webhook.eventId ?? null, webhook.eventType ?? null, webhook.reason],
  );
  logger.error(webhook, 'signed webhook could not be read; acknowledged and recorded');
}
