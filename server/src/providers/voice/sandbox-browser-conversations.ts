import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { withLanguage } from './sandbox-santa-languages.ts';
import {
  SIGNED_URL_TTL_MS,
  type BrowserConversation,
  type BrowserConversationInput,
} from './voice-engine.ts';

/** Where the sandbox agent's conversation WebSocket listens, under the app's own address. */
export const SANDBOX_CONVERSATION_PATH = '/sandbox/convai/conversation';
export const SANDBOX_AGENT_ID = 'sandbox-santa';

const digest = (signature: string) => createHash('sha256').update(signature).digest('hex');

/** The app's public address as a WebSocket one: http → ws, https → wss. */
function webSocketBase(publicUrl: string): string {
  const url = new URL(publicUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.origin;
}

/**
 * Keeps a browser call's personalisation on the sandbox agent's side, as ElevenLabs keeps an
 * agent's configuration, and answers a signed URL shaped like ElevenLabs' own
 * (`?agent_id=…&conversation_signature=…&conversation_id=…`). Only a hash of the signature is kept.
 */
export async function storeBrowserConversation(
  db: Db,
  publicUrl: string,
  input: BrowserConversationInput,
): Promise<BrowserConversation> {
  const conversationId = `conv_${randomUUID().replaceAll('-', '')}`;
  const signature = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + SIGNED_URL_TTL_MS);
  await db.query(
    `insert into sandbox_voice_conversations
       (conversation_id, call_sid, from_number, to_number, prompt, first_message, dynamic_variables,
        status, signature_hash, signature_expires_at)
     values ($1, $1, '', '', $2, $3, $4::jsonb, 'initiated', $5, $6)`,
    [
      conversationId,
      input.prompt,
      input.firstMessage,
      JSON.stringify({
        ...withLanguage(input.dynamicVariables, input.language),
        call_sid: conversationId,
        max_duration_seconds: input.maxDurationSeconds,
      }),
      digest(signature),
      expiresAt,
    ],
  );
  const url = new URL(SANDBOX_CONVERSATION_PATH, webSocketBase(publicUrl));
  url.searchParams.set('agent_id', SANDBOX_AGENT_ID);
  url.searchParams.set('conversation_signature', signature);
  url.searchParams.set('conversation_id', conversationId);
  return { conversationId, signedUrl: url.toString(), expiresAt };
}

/**
 * The browser connects with its signed URL: the conversation starts, once. A second connection
 * with the same URL, an expired one or a wrong signature starts nothing (null).
 */
export async function claimSignedConversation(
  db: Db,
  conversationId: string,
  signature: string,
): Promise<{ maxDurationSeconds: number } | null> {
  const { rows } = await db.query<{ max_duration_seconds: number }>(
    `update sandbox_voice_conversations
        set signature_hash = null, status = 'in-progress', started_at = now(),
            deadline_at = now() + ((dynamic_variables ->> 'max_duration_seconds')::integer * interval '1 second')
      where conversation_id = $1 and signature_hash = $2 and signature_expires_at > now()
        and status = 'initiated'
      returning (dynamic_variables ->> 'max_duration_seconds')::integer as max_duration_seconds`,
    [conversationId, digest(signature)],
  );
  return rows[0] ? { maxDurationSeconds: rows[0].max_duration_seconds } : null;
}
