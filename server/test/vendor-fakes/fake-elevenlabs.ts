import { createHmac, randomBytes } from 'node:crypto';
import { matchPath, nowSeconds, startFakeServer, type FakeRequest, type FakeResponse } from './fake-http.ts';

/** A post-call webhook as ElevenLabs POSTs it: the raw JSON and its ElevenLabs-Signature. */
export interface ElevenLabsDelivery {
  body: string;
  signature: string;
}

export interface Turn {
  role: 'agent' | 'user';
  message: string;
  time_in_call_secs: number;
}

interface Conversation {
  id: string;
  status: 'initiated' | 'in-progress' | 'done';
  startedAt: number;
  durationSecs: number;
  fromNumber: string;
  toNumber: string;
  callSid: string | null;
  clientData: { dynamic_variables?: Record<string, unknown> } & Record<string, unknown>;
  transcript: Turn[];
  summary: string | null;
  audio: Buffer | null;
}

const notFound = (what: string): FakeResponse => ({
  status: 404,
  json: { detail: { status: 'conversation_not_found', message: `${what} not found` } },
});

/**
 * api.elevenlabs.io for the calls ElevenLabsVoiceEngine makes: register-call answers TwiML that
 * streams to the agent, the conversations API serves what the agent recorded, and the post-call
 * webhooks are signed with the workspace's webhook secret.
 */
export class FakeElevenLabs {
  readonly apiKey = `xi-${randomBytes(12).toString('hex')}`;
  readonly agentId = `agent_${randomBytes(8).toString('hex')}`;
  readonly webhookSecret = `wsec_${randomBytes(16).toString('hex')}`;
  readonly conversations = new Map<string, Conversation>();
  /** The agent's voice, as its configuration names it: text-to-speech speaks with this one. */
  readonly voiceId = `voice_${randomBytes(6).toString('hex')}`;
  readonly ttsModelId = 'eleven_flash_v2_5';

  private constructor(private readonly server: Awaited<ReturnType<typeof startFakeServer>>) {}

  static async start(): Promise<FakeElevenLabs> {
    const holder: { fake?: FakeElevenLabs } = {};
    const server = await startFakeServer((req) => holder.fake!.answer(req));
    holder.fake = new FakeElevenLabs(server);
    return holder.fake;
  }

  get requests(): FakeRequest[] {
    return this.server.requests;
  }

  /** ElevenLabsVoiceEngine's baseUrl option. */
  get baseUrl(): string {
    return this.server.url;
  }

  close = () => this.server.close();

  private answer(req: FakeRequest): FakeResponse {
    if (req.headers['xi-api-key'] !== this.apiKey) {
      return { status: 401, json: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } } };
    }
    if (req.method === 'POST' && req.path === '/v1/convai/twilio/register-call')
      return this.registerCall(req);
    if (req.method === 'GET' && req.path === `/v1/convai/agents/${this.agentId}`)
      return { json: this.agent() };
    const tts = matchPath(/^\/v1\/text-to-speech\/([^/]+)$/, req.path);
    if (req.method === 'POST' && tts) return this.textToSpeech(tts[0]!, req);
    if (req.method === 'GET' && req.path === '/v1/convai/conversations')
      return { json: this.list(req.query) };
    const one = matchPath(/^\/v1\/convai\/conversations\/([^/]+)(\/audio)?$/, req.path);
    const conversation = one && this.conversations.get(one[0]!);
    if (!one || !conversation) return notFound(req.path);
    if (one[1]) {
      if (req.method !== 'GET' || !conversation.audio) return notFound('Audio');
      return { body: conversation.audio, contentType: 'audio/mpeg' };
    }
    if (req.method === 'DELETE') {
      this.conversations.delete(conversation.id);
      return { json: {} };
    }
    return { json: this.detail(conversation) };
  }

  private registerCall(req: FakeRequest): FakeResponse {
    const body = JSON.parse(req.body) as Record<string, unknown>;
    if (body.agent_id !== this.agentId) return notFound(`Agent ${String(body.agent_id)}`);
    const id = `conv_${randomBytes(12).toString('hex')}`;
    this.conversations.set(id, {
      id,
      status: 'initiated',
      startedAt: nowSeconds(),
      durationSecs: 0,
      fromNumber: String(body.from_number),
      toNumber: String(body.to_number),
      callSid: null,
      clientData: (body.conversation_initiation_client_data ?? {}) as Conversation['clientData'],
      transcript: [],
      summary: null,
      audio: null,
    });
    const stream = `wss://api.elevenlabs.io/v1/convai/conversation/twilio?conversation_id=${id}`;
    const twiml = `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="${stream.replace(/&/g, '&amp;')}"/></Connect></Response>`;
    return { body: twiml, contentType: 'text/xml' };
  }

  /** The agent's configuration, as much of it as the adapter reads (its voice and model). */
  private agent() {
    return {
      agent_id: this.agentId,
      name: 'Santa',
      metadata: { created_at_unix_secs: nowSeconds(), updated_at_unix_secs: nowSeconds() },
      conversation_config: {
        asr: { user_input_audio_format: 'ulaw_8000' },
        tts: { voice_id: this.voiceId, model_id: this.ttsModelId, agent_output_audio_format: 'ulaw_8000' },
        conversation: { max_duration_seconds: 600 },
      },
      platform_settings: {
        overrides: {
          conversation_config_override: {
            agent: { prompt: { prompt: true }, first_message: true, language: true },
            conversation: { max_duration_seconds: true },
          },
        },
        privacy: { record_voice: true, zero_retention_mode: false },
        // Browser calls need a signed URL (decision 0035).
        auth: { enable_auth: true },
      },
    };
  }

  /**
   * POST /v1/text-to-speech/{voice_id}: "MP3" bytes that name the voice, model and text, so a
   * test can tell what was spoken and by whom.
   */
  private textToSpeech(voiceId: string, req: FakeRequest): FakeResponse {
    if (voiceId !== this.voiceId) {
      return { status: 404, json: { detail: { status: 'voice_not_found', message: 'Voice not found' } } };
    }
    const body = JSON.parse(req.body) as { text?: string; model_id?: string };
    if (!body.text)
      return { status: 422, json: { detail: [{ loc: ['body', 'text'], msg: 'Field required' }] } };
    const clip = Buffer.concat([
      Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'binary'),
      Buffer.from(`${voiceId}|${body.model_id ?? ''}|${body.text}`, 'utf8'),
    ]);
    return { body: clip, contentType: 'audio/mpeg' };
  }

  private list(query: URLSearchParams) {
    // dynamic_variable_params: `name:eq:value`, the filter the adapter sends for one owner.
    const filter = /^([^:]+):eq:(.*)$/.exec(query.get('dynamic_variable_params') ?? '');
    // All conversations here are our one agent's: another agent's listing is empty.
    const agent = query.get('agent_id');
    const matching = [...this.conversations.values()]
      .filter(() => !agent || agent === this.agentId)
      .filter((c) => !filter || String(c.clientData.dynamic_variables?.[filter[1]!]) === filter[2])
      .sort((a, b) => b.startedAt - a.startedAt);
    const start = Number(query.get('cursor') ?? 0);
    const size = Number(query.get('page_size') ?? 30);
    const page = matching.slice(start, start + size);
    const more = start + size < matching.length;
    return {
      conversations: page.map((c) => ({
        agent_id: this.agentId,
        agent_name: 'Santa',
        conversation_id: c.id,
        start_time_unix_secs: c.startedAt,
        call_duration_secs: c.durationSecs,
        message_count: c.transcript.length,
        status: c.status,
        call_successful: c.status === 'done' ? 'success' : 'unknown',
        direction: 'inbound',
      })),
      next_cursor: more ? String(start + size) : null,
      has_more: more,
    };
  }

  private dynamicVariables(c: Conversation): Record<string, unknown> {
    return {
      ...c.clientData.dynamic_variables,
      system__agent_id: this.agentId,
      system__conversation_id: c.id,
      system__caller_id: c.fromNumber,
      system__called_number: c.toNumber,
      ...(c.callSid ? { system__call_sid: c.callSid } : {}),
    };
  }

  private metadata(c: Conversation) {
    return {
      start_time_unix_secs: c.startedAt,
      call_duration_secs: c.durationSecs,
      phone_call: {
        type: 'twilio',
        direction: 'inbound',
        phone_number_id: 'phnum_fake',
        agent_number: c.toNumber,
        external_number: c.fromNumber,
        stream_sid: `MZ${c.id}`,
        call_sid: c.callSid ?? '',
      },
    };
  }

  private detail(c: Conversation) {
    return {
      agent_id: this.agentId,
      conversation_id: c.id,
      status: c.status,
      transcript: c.transcript,
      metadata: this.metadata(c),
      analysis: c.summary ? { call_successful: 'success', transcript_summary: c.summary } : null,
      conversation_initiation_client_data: {
        ...c.clientData,
        dynamic_variables: this.dynamicVariables(c),
      },
      has_audio: !!c.audio,
      has_user_audio: !!c.audio,
      has_response_audio: !!c.audio,
      has_auxiliary_audio: false,
    };
  }

  /**
   * Twilio opens the media stream the register-call TwiML named, telling the agent its CallSid;
   * answers the conversation it belongs to.
   */
  streamConnected(twiml: string, callSid: string): string {
    const id = /conversation_id=([\w]+)/.exec(twiml)?.[1];
    const conversation = id ? this.conversations.get(id) : undefined;
    if (!conversation) throw new Error(`FakeElevenLabs: the TwiML names no conversation of ours: ${twiml}`);
    Object.assign(conversation, { callSid, status: 'in-progress', startedAt: nowSeconds() });
    return conversation.id;
  }

  /** Santa and the child talked; the call is over and analysed. */
  finish(
    id: string,
    talk: { transcript: Turn[]; durationSecs: number; summary: string; audio: Buffer },
  ): void {
    const conversation = this.conversations.get(id);
    if (!conversation) throw new Error(`FakeElevenLabs: no conversation ${id}`);
    Object.assign(conversation, { ...talk, status: 'done' });
  }

  /** The workspace's post-call webhooks for a finished conversation: transcription, then audio. */
  postCallWebhooks(id: string): ElevenLabsDelivery[] {
    const c = this.conversations.get(id);
    if (!c || c.status !== 'done') throw new Error(`FakeElevenLabs: conversation ${id} is not done`);
    const transcription = {
      type: 'post_call_transcription',
      event_timestamp: nowSeconds(),
      data: this.detail(c),
    };
    const audio = {
      type: 'post_call_audio',
      event_timestamp: nowSeconds(),
      data: { agent_id: this.agentId, conversation_id: c.id, full_audio: c.audio!.toString('base64') },
    };
    return [transcription, audio].map((payload) => {
      const body = JSON.stringify(payload);
      return { body, signature: this.sign(body) };
    });
  }

  /** ElevenLabs-Signature as ElevenLabs computes it: `t=<seconds>,v0=<HMAC-SHA256(secret, "t.body")>`. */
  sign(body: string, timestamp = nowSeconds()): string {
    const v0 = createHmac('sha256', this.webhookSecret).update(`${timestamp}.${body}`).digest('hex');
    return `t=${timestamp},v0=${v0}`;
  }
}
