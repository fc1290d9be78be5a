import type { Logger } from 'pino';
import {
  CALL_NOT_FOUND_MESSAGE,
  RECORDING_LOCKED_MESSAGE,
  SYNC_FAILED_MESSAGE,
  syncMessage,
  type SyncCallsResponse,
} from '@santa/shared/voice';
import type { Db, Queryable } from '../../db/db.ts';
import type { FamiliesReadPart } from '../../db/families-read.ts';
import { AppError } from '../../http/errors.ts';
import type { ByteRange, RecordingStorage } from '../../providers/storage/recording-storage.ts';
import type { ConversationDetail, VoiceEngine } from '../../providers/voice/voice-engine.ts';
import type { CallRecap } from '@santa/shared/recap';
import * as calls from './call-records.repository.ts';
import { presentRecap } from './call.presenter.ts';
import type { PostCallService } from './post-call.service.ts';
import { isUuid } from '../../db/uuid.ts';

const MAX_SYNC_PAGES = 20;

export interface CallsServiceDeps {
  db: Db;
  logger: Logger;
  voice: VoiceEngine;
  recordings: RecordingStorage;
  postCall: PostCallService;
}

/** What a keepsake may show of a call: never its transcript, phone number or summary. */
export interface CallKeepsake {
  id: string;
  calledAt: Date;
  recap: CallRecap | null;
  /** The family may play its recording (unlocked, still kept): so may whoever they share it with. */
  playable: boolean;
  /** The child who spoke (decision 0024); null when no child could be told. */
  childId: string | null;
}

/** A call as a listener the family invited sees it: no transcript, phone or safety notes. */
export interface ListenedCallParts {
  id: string;
  calledAt: Date;
  duration: number;
  childId: string | null;
  summary: string;
  recap: CallRecap | null;
  playable: boolean;
}

export interface Recording {
  size: number;
  read(range?: ByteRange): Promise<Buffer | null>;
}

/** The parent's calls: their history, their recordings, and sync from the conversations API. */
export function createCallsService(deps: CallsServiceDeps) {
  const { db, voice } = deps;

  /** The listing asks for this owner's calls; a vendor that ignored the filter leaks nothing. */
  function belongsTo(detail: ConversationDetail, userId: string): boolean {
    return detail.dynamicVariables.user_id === userId;
  }

  /**
   * A conversation's detail and audio, or null when the provider will not hand them over (a
   * deleted conversation, a shape it has never answered before): one such call must not stop the
   * family's other calls from arriving. Only its id is logged, never what it holds.
   */
  async function readConversation(conversationId: string) {
    try {
      const detail = await voice.getConversation(conversationId);
      const audio = detail.hasAudio ? await voice.getConversationAudio(detail.conversationId) : null;
      return { detail, audio };
    } catch (error) {
      deps.logger.warn(
        { conversationId, errorName: error instanceof Error ? error.name : typeof error },
        'sync could not read a conversation; skipped',
      );
      return null;
    }
  }

  async function syncConversations(userId: string): Promise<{ stored: number; unreadable: number }> {
    let cursor: string | undefined;
    let stored = 0;
    let unreadable = 0;
    for (let page = 0; page < MAX_SYNC_PAGES; page += 1) {
      const { conversations, nextCursor } = await voice.listConversations({
        cursor,
        pageSize: 100,
        ownerId: userId,
      });
      const done = conversations.filter((conversation) => conversation.status === 'done');
      const known = await calls.existingConversationIds(
        db,
        done.map((c) => c.conversationId),
      );
      for (const summary of done.filter((c) => !known.has(c.conversationId))) {
        const read = await readConversation(summary.conversationId);
        if (!read) {
          unreadable += 1;
          continue;
        }
        const { detail, audio } = read;
        if (!belongsTo(detail, userId)) continue;
        const kidName = detail.dynamicVariables.kid_name;
        const isNew = await deps.postCall.recordFinishedCall({
          conversationId: detail.conversationId,
          callSid: detail.callSid,
          userIdHint: userId,
          fromNumber: detail.fromNumber,
          kidName: typeof kidName === 'string' ? kidName : null,
          startedAt: detail.startTime,
          durationSeconds: Math.round(detail.durationSeconds),
          transcript: detail.transcript,
          providerSummary: detail.summary,
          audio,
        });
        if (isNew) stored += 1;
      }
      if (!nextCursor) break;
      cursor = nextCursor;
    }
    return { stored, unreadable };
  }

  return {
    /**
     * The parent's own calls, newest first; only one child's calls when `childId` is given. Each
     * carries another module's `column` of it (the safety read), and the family is another
     * module's read (the children's names), all in one statement.
     */
    listHistory: <T, F>(
      userId: string,
      childId: string | undefined,
      parts: { column: calls.CallColumn<T>; family: FamiliesReadPart<F> },
    ) => calls.listHistory(db, userId, childId, parts),
    /** What someone the family invited to listen sees of its calls (decision 0026), newest first. */
    async listenedCalls(userId: string): Promise<ListenedCallParts[]> {
      return (await calls.listCallsByUser(db, userId)).map((row) => ({
        id: row.id,
        calledAt: new Date(row.created_at),
        duration: row.duration,
        childId: row.child_id ?? null,
        summary: row.summary,
        recap: presentRecap(row.recap),
        playable: !!row.audio_key && row.recording_purchased,
      }));
    },
    /** The family's latest calls (the admin's user detail). */
    recentCalls: (userId: string, limit: number) => calls.listRecentCalls(db, userId, limit),
    /** The recordings and provider conversations an account deletion must delete first. */
    artifactsOf: (userId: string) => calls.listCallArtifacts(db, userId),

    /** The parent's own call and what it left elsewhere; undefined when it is not theirs. */
    findOwnCall: (userId: string, callId: string) =>
      isUuid(callId) ? calls.findOwnCall(db, callId, userId) : Promise.resolve(undefined),
    /** Deletes the call's row once its recording and provider copy are gone (privacy). */
    deleteOwnCall: (q: Queryable, userId: string, call: calls.OwnCallArtifacts) =>
      calls.deleteOwnCall(q, call, userId),

    /** The parent's own call as a keepsake shows it; undefined when it is not theirs. */
    async keepsakeOf(userId: string, callId: string): Promise<CallKeepsake | undefined> {
      const call = isUuid(callId) ? await calls.findCallKeepsake(db, callId, userId) : undefined;
      return (
        call && {
          id: call.id,
          calledAt: new Date(call.created_at),
          recap: presentRecap(call.recap),
          playable: !!call.audio_key && call.recording_purchased,
          childId: call.child_id,
        }
      );
    },

    /** What a recording checkout needs to know of the parent's own call; undefined if not theirs. */
    async recordingStatus(
      userId: string,
      callId: string,
    ): Promise<{ hasRecording: boolean; purchased: boolean } | undefined> {
      const call = isUuid(callId) ? await calls.findCallMedia(db, callId, userId) : undefined;
      return call && { hasRecording: !!call.audio_key, purchased: call.recording_purchased };
    },

    /** In the transaction that fulfils a paid recording checkout. */
    markRecordingPurchased: (q: Queryable, callId: string, userId: string): Promise<void> =>
      calls.markRecordingPurchased(q, callId, userId),

    /** In the transaction that starts a pass: the family's recordings come with it. */
    includeRecordings: (q: Queryable, userId: string): Promise<void> => calls.unlockAllRecordings(q, userId),

    async syncFromProvider(userId: string): Promise<SyncCallsResponse> {
      let result: { stored: number; unreadable: number };
      try {
        result = await syncConversations(userId);
      } catch (error) {
        deps.logger.error({ err: error }, 'conversation sync failed');
        throw new AppError('provider_failed', SYNC_FAILED_MESSAGE);
      }
      return { message: syncMessage(result.stored, result.unreadable), ...result };
    },

    /** Only the call's owner, only once the recording is purchased. */
    async openRecording(userId: string, callId: string): Promise<Recording> {
      const call = isUuid(callId) ? await calls.findCallMedia(db, callId, userId) : undefined;
      if (!call) throw new AppError('not_found', CALL_NOT_FOUND_MESSAGE);
      if (!call.audio_key) throw new AppError('not_found', 'This call has no recording');
      if (!call.recording_purchased) throw new AppError('forbidden', RECORDING_LOCKED_MESSAGE);
      const key = call.audio_key;
      const size = await deps.recordings.size(key);
      if (size === null) throw new AppError('not_found', 'This call has no recording');
      return { size, read: (range) => deps.recordings.read(key, range) };
    },
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
