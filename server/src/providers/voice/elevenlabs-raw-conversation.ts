import { z } from 'zod';
import type { ConversationDetail, ConversationStatus, ConversationSummary } from './voice-engine.ts';

/**
 * The fields of GET /v1/convai/conversations/{id} we use, read leniently. The SDK's strict parsing
 * refuses a whole conversation over a field we never read (a null phone_number_id, a key the API
 * stopped sending); then the same endpoint is read raw and checked against this instead.
 */
const rawConversationSchema = z.object({
  conversation_id: z.string(),
  status: z.string(),
  transcript: z
    .array(
      z.object({
        role: z.string(),
        message: z.string().nullish(),
        time_in_call_secs: z.number().nullish(),
      }),
    )
    .default([]),
  metadata: z.object({
    start_time_unix_secs: z.number(),
    call_duration_secs: z.number().default(0),
    phone_call: z
      .object({
        type: z.string().nullish(),
        call_sid: z.string().nullish(),
        external_number: z.string().nullish(),
        agent_number: z.string().nullish(),
      })
      .nullish(),
  }),
  analysis: z.object({ transcript_summary: z.string().nullish() }).nullish(),
  conversation_initiation_client_data: z
    .object({ dynamic_variables: z.record(z.string(), z.unknown()).nullish() })
    .nullish(),
  has_audio: z.boolean().default(false),
});

/** True when the SDK refused a response's shape (not the API refusing the request). */
export function isSdkParseError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ParseError';
}

/** A conversation read over plain HTTP from the same endpoint, with our schema. */
export async function fetchRawConversation(
  baseUrl: string,
  apiKey: string,
  conversationId: string,
  toStatus: (value: string) => ConversationStatus,
): Promise<ConversationDetail> {
  const url = `${baseUrl.replace(/\/$/, '')}/v1/convai/conversations/${encodeURIComponent(conversationId)}`;
  const response = await fetch(url, {
    headers: { 'xi-api-key': apiKey },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`ElevenLabs answered ${response.status} for a conversation`);
  const c = rawConversationSchema.parse(await response.json());
  const dynamicVariables = c.conversation_initiation_client_data?.dynamic_variables ?? {};
  const fromDynamic = dynamicVariables.call_sid ?? dynamicVariables.system__call_sid;
  const phoneCall = c.metadata.phone_call;
  return {
    conversationId: c.conversation_id,
    status: toStatus(c.status),
    startTime: new Date(c.metadata.start_time_unix_secs * 1000),
    durationSeconds: c.metadata.call_duration_secs,
    transcript: c.transcript.map((turn) => ({
      role: turn.role === 'agent' ? 'agent' : 'user',
      message: turn.message ?? '',
      timeInCallSecs: turn.time_in_call_secs ?? undefined,
    })),
    summary: c.analysis?.transcript_summary || null,
    callSid: phoneCall?.call_sid ?? (typeof fromDynamic === 'string' ? fromDynamic : null),
    fromNumber: phoneCall?.external_number ?? null,
    toNumber: phoneCall?.agent_number ?? null,
    dynamicVariables,
    hasAudio: c.has_audio,
  };
}

const rawPageSchema = z.object({
  conversations: z.array(
    z.object({
      conversation_id: z.string(),
      status: z.string(),
      start_time_unix_secs: z.number(),
      call_duration_secs: z.number().default(0),
    }),
  ),
  next_cursor: z.string().nullish(),
  has_more: z.boolean().default(false),
});

/** A page of GET /v1/convai/conversations read over plain HTTP, when the SDK refused it. */
export async function fetchRawConversationsPage(
  baseUrl: string,
  apiKey: string,
  query: { agentId: string; cursor?: string; ownerId?: string; pageSize: number },
  toStatus: (value: string) => ConversationStatus,
): Promise<{ conversations: ConversationSummary[]; nextCursor: string | null }> {
  const url = new URL(`${baseUrl.replace(/\/$/, '')}/v1/convai/conversations`);
  url.searchParams.set('agent_id', query.agentId);
  url.searchParams.set('page_size', String(query.pageSize));
  if (query.cursor) url.searchParams.set('cursor', query.cursor);
  if (query.ownerId) url.searchParams.set('dynamic_variable_params', `user_id:eq:${query.ownerId}`);
  const response = await fetch(url, {
    headers: { 'xi-api-key': apiKey },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`ElevenLabs answered ${response.status} for conversations`);
  const page = rawPageSchema.parse(await response.json());
  return {
    conversations: page.conversations.map((c) => ({
      conversationId: c.conversation_id,
      status: toStatus(c.status),
      startTime: new Date(c.start_time_unix_secs * 1000),
      durationSeconds: c.call_duration_secs,
    })),
    nextCursor: page.has_more && page.next_cursor ? page.next_cursor : null,
  };
}
