import { randomUUID } from 'node:crypto';
import { createBatcher } from '../../db/batcher.ts';
import { preparedStatement, type Db, type Queryable } from '../../db/db.ts';
import { signElevenLabsWebhook, verifyElevenLabsSignature } from './elevenlabs-signature.ts';
import { allowedSecondsFrom } from './sandbox-santa.ts';
import { sandboxFinding, type Finding } from '../diagnosis.ts';
import { storeBrowserConversation } from './sandbox-browser-conversations.ts';
import { withLanguage } from './sandbox-santa-languages.ts';
import {
  ConversationNotFoundError,
  type BrowserConversation,
  type BrowserConversationInput,
  type ConversationDetail,
  type ConversationStatus,
  type ConversationSummary,
  type ListConversationsOptions,
  type RegisterCallInput,
  type TranscriptTurn,
  type VoiceEngine,
} from './voice-engine.ts';

/** Where ElevenLabs would stream the call's audio; nothing listens there, the simulator talks instead. */
export const SANDBOX_STREAM_URL = 'wss://sandbox-voice.invalid/v1/convai/conversation/twilio';

/** What the SDK's XML writer escapes in an attribute value. */
const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
};

/**
 * The Connect/Stream TwiML ElevenLabs answers a register-call with, as text: the SDK's
 * VoiceResponse builds the same bytes through a DOM and cost about a twentieth of the server's
 * time per answered call (npm run bench). The test holds the two equal.
 */
export function connectStreamTwiml(streamUrl: string, conversationId: string): string {
  const attr = (value: string) => value.replace(/[&<"\t\n\r]/g, (c) => XML_ESCAPES[c]!);
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Response><Connect>' +
    `<Stream url="${attr(streamUrl)}"><Parameter name="conversation_id" value="${attr(conversationId)}"/>` +
    '</Stream></Connect></Response>'
  );
}

export class SandboxConversationNotFoundError extends ConversationNotFoundError {}

interface ConversationRow {
  conversation_id: string;
  call_sid: string;
  from_number: string;
  to_number: string;
  prompt: string;
  first_message: string;
  dynamic_variables: Record<string, unknown>;
  status: ConversationStatus;
  transcript: StoredTurn[];
  summary: string | null;
  started_at: Date;
  deadline_at: Date | null;
  ended_at: Date | null;
  duration_seconds: number;
  has_audio: boolean;
}

export interface StoredTurn {
  role: 'agent' | 'user';
  message: string;
  time_in_call_secs: number;
}

/** A conversation as the phone simulator sees it (the sandbox's own account state). */
export interface SandboxConversation {
  conversationId: string;
  callSid: string;
  fromNumber: string;
  toNumber: string;
  prompt: string;
  firstMessage: string;
  dynamicVariables: Record<string, unknown>;
  status: ConversationStatus;
  transcript: StoredTurn[];
  summary: string | null;
  startedAt: Date;
  deadlineAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number;
}

const COLUMNS = `conversation_id, call_sid, from_number, to_number, prompt, first_message, dynamic_variables,
  status, transcript, summary, started_at, deadline_at, ended_at, duration_seconds, audio is not null as has_audio`;

function toConversation(row: ConversationRow): SandboxConversation {
  return {
    conversationId: row.conversation_id,
    callSid: row.call_sid,
    fromNumber: row.from_number,
    toNumber: row.to_number,
    prompt: row.prompt,
    firstMessage: row.first_message,
    dynamicVariables: row.dynamic_variables,
    status: row.status,
    transcript: row.transcript,
    summary: row.summary,
    startedAt: new Date(row.started_at),
    deadlineAt: row.deadline_at ? new Date(row.deadline_at) : null,
    endedAt: row.ended_at ? new Date(row.ended_at) : null,
    durationSeconds: row.duration_seconds,
  };
}

function toSummary(row: ConversationRow): ConversationSummary {
  return {
    conversationId: row.conversation_id,
    status: row.status,
    startTime: new Date(row.started_at),
    durationSeconds: row.duration_seconds,
  };
}

function encodeCursor(row: ConversationRow): string {
  return Buffer.from(JSON.stringify([new Date(row.started_at).toISOString(), row.conversation_id])).toString(
    'base64url',
  );
}

function decodeCursor(cursor: string): [string, string] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')) {
      return [value[0] as string, value[1] as string];
    }
  } catch {
    // An unreadable cursor starts from the first page, like a missing one.
  }
  return null;
}

// A call sid already stored keeps its conversation: the no-op update makes RETURNING answer it,
// also when a concurrent batch stored it after this statement began.
const INSERT_CONVERSATIONS = preparedStatement(
  'sandbox_insert_conversations',
  `insert into sandbox_voice_conversations
       (conversation_id, call_sid, from_number, to_number, prompt, first_message, dynamic_variables, deadline_at)
     select conversation_id, call_sid, from_number, to_number, prompt, first_message, dynamic_variables,
            now() + allowed_seconds * interval '1 second'
     from (select distinct on (call_sid) * from jsonb_to_recordset($1::jsonb) as r(
       conversation_id text, call_sid text, from_number text, to_number text, prompt text,
       first_message text, dynamic_variables jsonb, allowed_seconds integer)) as registered
     on conflict (call_sid) do update set call_sid = excluded.call_sid
     returning conversation_id, call_sid`,
);

/**
 * Stores registered calls in one statement and answers each one's conversation id. A call
 * registered again (Twilio re-sent its webhook) keeps the conversation it already has.
 */
async function insertConversations(db: Db, inputs: RegisterCallInput[]): Promise<string[]> {
  const rows = inputs.map((input) => ({
    conversation_id: `conv_${randomUUID().replaceAll('-', '')}`,
    call_sid: input.callSid,
    from_number: input.fromNumber,
    to_number: input.toNumber,
    prompt: input.prompt,
    first_message: input.firstMessage,
    // The sandbox Santa speaks the child's language (decision 0036), as the agent is told to.
    dynamic_variables: withLanguage(input.dynamicVariables, input.language),
    allowed_seconds: allowedSecondsFrom(input.dynamicVariables),
  }));
  const { rows: stored } = await db.query<{ conversation_id: string; call_sid: string }>(
    INSERT_CONVERSATIONS,
    [JSON.stringify(rows)],
  );
  const byCallSid = new Map(stored.map((row) => [row.call_sid, row.conversation_id]));
  return inputs.map((input) => {
    const conversationId = byCallSid.get(input.callSid);
    if (!conversationId) throw new Error(`registration of ${input.callSid} was not stored`);
    return conversationId;
  });
}

/**
 * Plays ElevenLabs Agents on a fresh machine: registerCall keeps the personalisation
 * as a live conversation and answers ElevenLabs' Connect/Stream TwiML; the conversations API reads
 * the same table; webhooks are signed and verified exactly as ElevenLabs signs them.
 */
export class SandboxVoiceEngine implements VoiceEngine {
  readonly isSandbox = true;

  constructor(
    private readonly db: Db,
    private readonly webhookSecret: string,
    /** Where the browser reaches the sandbox agent's conversation WebSocket. */
    private readonly publicUrl: string,
  ) {}

  /**
   * ElevenLabs keeps a registered call on its own side; here that is a row in the app's database,
   * so calls ringing together share one insert instead of each adding a round trip (decision 0005).
   */
  private readonly storeRegistration = createBatcher((inputs: RegisterCallInput[]) =>
    insertConversations(this.db, inputs),
  );

  async registerCall(input: RegisterCallInput): Promise<string> {
    return connectStreamTwiml(SANDBOX_STREAM_URL, await this.storeRegistration(input));
  }

  startBrowserConversation(input: BrowserConversationInput): Promise<BrowserConversation> {
    return storeBrowserConversation(this.db, this.publicUrl, input);
  }

  async diagnose(): Promise<Finding[]> {
    return sandboxFinding(
      'Set ELEVENLABS_API_KEY, ELEVENLABS_AGENT_ID and ELEVENLABS_WEBHOOK_SECRET to put calls through to the real ElevenLabs agent.',
    );
  }

  async listConversations(options: ListConversationsOptions) {
    const pageSize = Math.min(Math.max(options.pageSize ?? 30, 1), 100);
    const after = options.cursor ? decodeCursor(options.cursor) : null;
    const { rows } = await this.db.query<ConversationRow>(
      `select ${COLUMNS} from sandbox_voice_conversations
       where ($1::timestamptz is null or (started_at, conversation_id) < ($1::timestamptz, $2::text))
         and ($4::text is null or dynamic_variables ->> 'user_id' = $4::text)
       order by started_at desc, conversation_id desc
       limit $3`,
      [after?.[0] ?? null, after?.[1] ?? null, pageSize + 1, options.ownerId ?? null],
    );
    const page = rows.slice(0, pageSize);
    const last = page[page.length - 1];
    return {
      conversations: page.map(toSummary),
      nextCursor: rows.length > pageSize && last ? encodeCursor(last) : null,
    };
  }

  async getConversation(conversationId: string): Promise<ConversationDetail> {
    const row = await this.findRow(this.db, 'conversation_id', conversationId);
    if (!row) throw new SandboxConversationNotFoundError(conversationId);
    const transcript: TranscriptTurn[] = row.transcript.map((turn) => ({
      role: turn.role,
      message: turn.message,
      timeInCallSecs: turn.time_in_call_secs,
    }));
    return {
      ...toSummary(row),
      transcript,
      summary: row.summary,
      callSid: row.call_sid,
      fromNumber: row.from_number,
      toNumber: row.to_number,
      dynamicVariables: row.dynamic_variables,
      hasAudio: row.has_audio,
    };
  }

  async getConversationAudio(conversationId: string): Promise<Buffer | null> {
    const { rows } = await this.db.query<{ audio: Uint8Array | null }>(
      'select audio from sandbox_voice_conversations where conversation_id = $1',
      [conversationId],
    );
    if (!rows[0]) throw new SandboxConversationNotFoundError(conversationId);
    return rows[0].audio ? Buffer.from(rows[0].audio) : null;
  }

  async deleteConversation(conversationId: string): Promise<void> {
    await this.db.query('delete from sandbox_voice_conversations where conversation_id = $1', [
      conversationId,
    ]);
  }

  /** No voice to borrow here: the parent's browser speaks the line with its own synthesis. */
  async speakAsSanta(): Promise<Buffer | null> {
    return null;
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined, now?: Date): boolean {
    return verifyElevenLabsSignature(this.webhookSecret, rawBody, signatureHeader, now);
  }

  // ── sandbox-only: what the phone simulator needs to play the agent's side ──

  /** The ElevenLabs-Signature header for a webhook body, signed as ElevenLabs signs. */
  signWebhook(rawBody: string | Buffer, now?: Date): string {
    return signElevenLabsWebhook(this.webhookSecret, rawBody, now);
  }

  async findByCallSid(callSid: string): Promise<SandboxConversation | null> {
    const row = await this.findRow(this.db, 'call_sid', callSid);
    return row ? toConversation(row) : null;
  }

  /** Appends turns while the conversation is live; false once it has ended. */
  async appendTurns(conversationId: string, turns: StoredTurn[]): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `update sandbox_voice_conversations set transcript = transcript || $2::jsonb
       where conversation_id = $1 and status = 'in-progress'`,
      [conversationId, JSON.stringify(turns)],
    );
    return rowCount > 0;
  }

  /**
   * Ends a live conversation once: the caller that wins gets the finished conversation (and
   * sends the post-call webhooks); everyone else gets null.
   */
  async finish(
    conversationId: string,
    result: { endedAt: Date; durationSeconds: number; summary: string; audio: Buffer },
  ): Promise<SandboxConversation | null> {
    const { rows } = await this.db.query<ConversationRow>(
      `update sandbox_voice_conversations
       set status = 'done', ended_at = $2, duration_seconds = $3, summary = $4, audio = $5
       where conversation_id = $1 and status = 'in-progress'
       returning ${COLUMNS}`,
      [conversationId, result.endedAt, result.durationSeconds, result.summary, result.audio],
    );
    return rows[0] ? toConversation(rows[0]) : null;
  }

  private async findRow(db: Queryable, column: 'conversation_id' | 'call_sid', value: string) {
    const { rows } = await db.query<ConversationRow>(
      `select ${COLUMNS} from sandbox_voice_conversations where ${column} = $1`,
      [value],
    );
    return rows[0] ?? null;
  }
}
