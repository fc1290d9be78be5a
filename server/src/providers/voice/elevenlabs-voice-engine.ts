import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import {
  ConversationNotFoundError,
  SIGNED_URL_TTL_MS,
  type BrowserConversation,
  type ConversationDetail,
  type ConversationStatus,
  type ConversationSummary,
  type ListConversationsOptions,
  type RegisterCallInput,
  type TranscriptTurn,
  type VoiceEngine,
} from './voice-engine.ts';
import { verifyElevenLabsSignature } from './elevenlabs-signature.ts';
import {
  fetchRawConversation,
  fetchRawConversationsPage,
  isSdkParseError,
} from './elevenlabs-raw-conversation.ts';
import { diagnoseElevenLabs } from './elevenlabs-diagnosis.ts';
import { unreachable, type DiagnosisContext, type Finding } from '../diagnosis.ts';

export interface ElevenLabsVoiceEngineOptions {
  apiKey: string;
  agentId: string;
  webhookSecret: string;
  /** Tests point the SDK at a local server; production uses the SDK's default host. */
  baseUrl?: string;
}

/** The SDK's own default host, for the raw reads that bypass its parsing. */
const ELEVENLABS_API = 'https://api.elevenlabs.io';
/** How long the agent's voice is remembered: a changed voice reaches the preview within minutes. */
const VOICE_TTL_MS = 5 * 60_000;
/** What the agent speaks with when its configuration names no model. */
const DEFAULT_TTS_MODEL = 'eleven_flash_v2_5';

const STATUSES: ConversationStatus[] = ['initiated', 'in-progress', 'processing', 'done', 'failed'];

function toStatus(value: string): ConversationStatus {
  return (STATUSES as string[]).includes(value) ? (value as ConversationStatus) : 'processing';
}

/** ElevenLabs Agents through the official SDK; the only file importing it. */
export class ElevenLabsVoiceEngine implements VoiceEngine {
  readonly isSandbox = false;
  private readonly client: ElevenLabsClient;
  private voice: { voiceId: string; modelId: string; until: number } | undefined;

  constructor(private readonly options: ElevenLabsVoiceEngineOptions) {
    this.client = new ElevenLabsClient({
      apiKey: options.apiKey,
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    });
  }

  async registerCall(input: RegisterCallInput): Promise<string> {
    // Twilio gives up on the webhook after 15 s, so a retry would only make a late answer later.
    return this.client.conversationalAi.twilio.registerCall(
      {
        agentId: this.options.agentId,
        fromNumber: input.fromNumber,
        toNumber: input.toNumber,
        direction: input.direction ?? 'inbound',
        conversationInitiationClientData: {
          dynamicVariables: { ...input.dynamicVariables, call_sid: input.callSid },
          conversationConfigOverride: {
            agent: {
              prompt: { prompt: input.prompt },
              firstMessage: input.firstMessage,
              // Only when not English: an agent without the language override still takes English calls.
              ...(input.language && input.language !== 'en' ? { language: input.language } : {}),
            },
            conversation: { maxDurationSeconds: input.maxDurationSeconds },
          },
        },
      },
      { maxRetries: 0, timeoutInSeconds: 10 },
    );
  }

  /**
   * The overrides cannot go with the signed URL: the browser's client sends them when it connects,
   * and settlement bills at most what was reserved whatever it sent (decision 0035).
   */
  async startBrowserConversation(): Promise<BrowserConversation> {
    const expiresAt = new Date(Date.now() + SIGNED_URL_TTL_MS);
    // A retry only mints another unused URL, so one is safe.
    const { signedUrl } = await this.client.conversationalAi.conversations.getSignedUrl(
      { agentId: this.options.agentId, includeConversationId: true },
      { maxRetries: 1, timeoutInSeconds: 10 },
    );
    const conversationId = new URL(signedUrl).searchParams.get('conversation_id');
    if (!conversationId) throw new Error('ElevenLabs answered a signed URL without its conversation id');
    return { conversationId, signedUrl, expiresAt };
  }

  async diagnose(context: DiagnosisContext): Promise<Finding[]> {
    try {
      return await diagnoseElevenLabs(this.client, this.options.agentId, context);
    } catch (error) {
      // An agent answered in a shape the checks did not expect is a finding too.
      return [
        unreachable(
          'agent',
          error,
          'Run the check again; if it persists, compare the agent with docs/going-live.md, "ElevenLabs".',
        ),
      ];
    }
  }

  async listConversations(options: ListConversationsOptions) {
    try {
      return await this.listParsedConversations(options);
    } catch (error) {
      if (!isSdkParseError(error)) throw error;
      return fetchRawConversationsPage(
        this.options.baseUrl ?? ELEVENLABS_API,
        this.options.apiKey,
        { agentId: this.options.agentId, ...options, pageSize: options.pageSize ?? 100 },
        toStatus,
      );
    }
  }

  private async listParsedConversations(options: ListConversationsOptions) {
    const page = await this.client.conversationalAi.conversations.list({
      agentId: this.options.agentId,
      ...(options.cursor ? { cursor: options.cursor } : {}),
      ...(options.ownerId ? { dynamicVariableParams: `user_id:eq:${options.ownerId}` } : {}),
      pageSize: options.pageSize ?? 100,
    });
    const conversations: ConversationSummary[] = page.conversations.map((conversation) => ({
      conversationId: conversation.conversationId,
      status: toStatus(conversation.status),
      startTime: new Date(conversation.startTimeUnixSecs * 1000),
      durationSeconds: conversation.callDurationSecs,
    }));
    return { conversations, nextCursor: page.hasMore && page.nextCursor ? page.nextCursor : null };
  }

  async getConversation(conversationId: string): Promise<ConversationDetail> {
    try {
      return await this.getParsedConversation(conversationId);
    } catch (error) {
      if (error instanceof ElevenLabsError && error.statusCode === 404)
        throw new ConversationNotFoundError(conversationId);
      if (!isSdkParseError(error)) throw error;
      // One field we never read must not lose a child's call: the same endpoint, read our way.
      return fetchRawConversation(
        this.options.baseUrl ?? ELEVENLABS_API,
        this.options.apiKey,
        conversationId,
        toStatus,
      );
    }
  }

  private async getParsedConversation(conversationId: string): Promise<ConversationDetail> {
    const c = await this.client.conversationalAi.conversations.get(conversationId);
    const phoneCall = c.metadata.phoneCall;
    const isTwilio = phoneCall?.type === 'twilio';
    const transcript: TranscriptTurn[] = c.transcript.map((turn) => ({
      role: turn.role === 'agent' ? 'agent' : 'user',
      message: turn.message ?? '',
      timeInCallSecs: turn.timeInCallSecs,
    }));
    const dynamicVariables = c.conversationInitiationClientData?.dynamicVariables ?? {};
    const fromDynamic = dynamicVariables.call_sid ?? dynamicVariables.system__call_sid;
    return {
      conversationId: c.conversationId,
      status: toStatus(c.status),
      startTime: new Date(c.metadata.startTimeUnixSecs * 1000),
      durationSeconds: c.metadata.callDurationSecs,
      transcript,
      summary: c.analysis?.transcriptSummary || null,
      callSid: isTwilio ? phoneCall.callSid : typeof fromDynamic === 'string' ? fromDynamic : null,
      fromNumber: phoneCall && 'externalNumber' in phoneCall ? (phoneCall.externalNumber ?? null) : null,
      toNumber: phoneCall && 'agentNumber' in phoneCall ? (phoneCall.agentNumber ?? null) : null,
      dynamicVariables,
      hasAudio: c.hasAudio,
    };
  }

  async getConversationAudio(conversationId: string): Promise<Buffer | null> {
    try {
      const stream = await this.client.conversationalAi.conversations.audio.get(conversationId);
      return Buffer.from(await new Response(stream).arrayBuffer());
    } catch (error) {
      if (error instanceof ElevenLabsError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async deleteConversation(conversationId: string): Promise<void> {
    try {
      await this.client.conversationalAi.conversations.delete(conversationId);
    } catch (error) {
      // Already gone is what a retried deletion wants.
      if (error instanceof ElevenLabsError && error.statusCode === 404) return;
      throw error;
    }
  }

  /** The agent's own voice and model, so the preview sounds like the Santa the child will hear. */
  private async agentVoice(): Promise<{ voiceId: string; modelId: string }> {
    if (this.voice && this.voice.until > Date.now()) return this.voice;
    const agent = await this.client.conversationalAi.agents.get(this.options.agentId);
    const tts = agent.conversationConfig.tts;
    if (!tts?.voiceId) throw new Error(`ElevenLabs agent ${this.options.agentId} names no voice`);
    this.voice = {
      voiceId: tts.voiceId,
      modelId: tts.modelId ?? DEFAULT_TTS_MODEL,
      until: Date.now() + VOICE_TTL_MS,
    };
    return this.voice;
  }

  async speakAsSanta(text: string): Promise<Buffer> {
    const { voiceId, modelId } = await this.agentVoice();
    const stream = await this.client.textToSpeech.convert(
      voiceId,
      { text, modelId, outputFormat: 'mp3_44100_64' },
      { maxRetries: 1, timeoutInSeconds: 15 },
    );
    return Buffer.from(await new Response(stream).arrayBuffer());
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined, now?: Date): boolean {
    return verifyElevenLabsSignature(this.options.webhookSecret, rawBody, signatureHeader, now);
  }
}
