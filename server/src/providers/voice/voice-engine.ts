import type { SantaLanguage } from '@santa/shared/languages';
import type { Diagnosable } from '../diagnosis.ts';

/** The voice agent in our words: ElevenLabs Agents, or the sandbox's scripted Santa. */
export interface RegisterCallInput {
  fromNumber: string;
  toNumber: string;
  callSid: string;
  /** ElevenLabs dynamic_variables: every script placeholder, allowed minutes, our user id for sync. */
  dynamicVariables: Record<string, string | number | boolean>;
  /** The rendered Santa prompt (conversation_config_override.agent.prompt.prompt). */
  prompt: string;
  /** Greets the child by name (conversation_config_override.agent.first_message). */
  firstMessage: string;
  /**
   * The agent ends the conversation after this (conversation_config_override.conversation
   * .max_duration_seconds): the family's reserved minutes, not only the agent's own maximum.
   */
  maxDurationSeconds: number;
  /** Who rang whom: Santa's scheduled calls are outbound (register-call's `direction`). */
  direction?: 'inbound' | 'outbound';
  /** The child's language (conversation_config_override.agent.language); English when missing. */
  language?: SantaLanguage;
}

/** A call in the parent's browser: what the agent is told, as for a phone call, minus the numbers. */
export type BrowserConversationInput = Pick<
  RegisterCallInput,
  'dynamicVariables' | 'prompt' | 'firstMessage' | 'maxDurationSeconds' | 'language'
>;

/** A one-time signed URL the browser's official client connects with (decision 0035). */
export interface BrowserConversation {
  conversationId: string;
  signedUrl: string;
  /** The agent refuses to start the conversation after this; a started one runs on. */
  expiresAt: Date;
}

/** ElevenLabs: "Signed URLs are valid for 15 minutes" (a started conversation may last longer). */
export const SIGNED_URL_TTL_MS = 15 * 60_000;

/** The agent has no such conversation (never started, or deleted): getConversation throws this. */
export class ConversationNotFoundError extends Error {
  constructor(readonly conversationId: string) {
    super('Conversation not found');
  }
}

export type ConversationStatus = 'initiated' | 'in-progress' | 'processing' | 'done' | 'failed';

export interface ConversationSummary {
  conversationId: string;
  status: ConversationStatus;
  startTime: Date;
  durationSeconds: number;
}

export interface TranscriptTurn {
  role: 'agent' | 'user';
  message: string;
  timeInCallSecs?: number;
}

export interface ConversationDetail extends ConversationSummary {
  transcript: TranscriptTurn[];
  summary: string | null;
  callSid: string | null;
  fromNumber: string | null;
  toNumber: string | null;
  dynamicVariables: Record<string, unknown>;
  hasAudio: boolean;
}

export interface ListConversationsOptions {
  cursor?: string;
  pageSize?: number;
  /** Our account id, as registerCall sent it in the `user_id` dynamic variable. */
  ownerId?: string;
}

/** diagnose() checks the agent is set up for phone calls placed through register-call. */
export interface VoiceEngine extends Diagnosable {
  readonly isSandbox: boolean;
  /** POST /v1/convai/twilio/register-call; answers the TwiML to hand back to Twilio as it is. */
  registerCall(input: RegisterCallInput): Promise<string>;
  /**
   * GET /v1/convai/conversation/get-signed-url with include_conversation_id: a URL that starts
   * one conversation, once, whose id is known before it starts (so its reservation is keyed by it).
   */
  startBrowserConversation(input: BrowserConversationInput): Promise<BrowserConversation>;
  /** Newest first; with ownerId, only calls registered with that `user_id` dynamic variable. */
  listConversations(options: ListConversationsOptions): Promise<{
    conversations: ConversationSummary[];
    nextCursor: string | null;
  }>;
  getConversation(conversationId: string): Promise<ConversationDetail>;
  /** MP3 bytes, or null when the conversation has no audio. */
  getConversationAudio(conversationId: string): Promise<Buffer | null>;
  deleteConversation(conversationId: string): Promise<void>;
  /**
   * Santa's own voice (the agent's voice) saying a short line, as MP3: the parent's "hear how
   * Santa says it". Null in the sandbox, where the browser's speech synthesis speaks instead.
   */
  speakAsSanta(text: string): Promise<Buffer | null>;
  /** ElevenLabs-Signature `t=…,v0=…`: HMAC-SHA256 of `t.rawBody`, 30-minute tolerance. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined, now?: Date): boolean;
}
