import { browserClaimsThatDiffer } from './browser-client-data.ts';
import { attributeChild, type NamedChild } from '../children/attribution.ts';
import type { Logger } from 'pino';
import type { CallInitiationFailure, PostCallAudio, PostCallTranscription } from '@santa/shared/voice';
import { recordingsIncluded, type PlanId } from '@santa/shared/plans';
import type { Db, Queryable } from '../../db/db.ts';
import type { FamiliesReadPart } from '../../db/families-read.ts';
import { QUEUES, type JobSender, type JobsInStatement } from '../../jobs/queues.ts';
import type { RecordingStorage } from '../../providers/storage/recording-storage.ts';
import type { Summarizer } from '../../providers/summarizer/summarizer.ts';
import type { ProfileService } from '../santa/profile.service.ts';
import { isUsable, type SubscriptionService } from '../subscription/subscription.service.ts';
import * as calls from './call-records.repository.ts';
import { insertCallRecord, type NewCallRecord } from './call-store.repository.ts';
import { createCallSummaryWriter, type CallMemories, type CallRecaps } from './call-summary.ts';
import { createAfterCallJob, type AfterCallJob } from './after-call-job.ts';
import type { CallSafetyService } from '../call-safety/call-safety.service.ts';
import * as earlyRecordings from './early-recordings.repository.ts';
import {
  billedSeconds,
  closeReservation,
  deletesProfileAfterCall,
  settleReservation,
  settlementInStatement,
  settlesApart,
} from './minutes.ts';
import {
  callSidOfFailure,
  finishedCallFromWebhook,
  formatTranscript,
  recordingKey,
  type FinishedCall,
} from './post-call-events.ts';
import type { ProviderDeletions } from './provider-deletions.ts';
import * as reservations from './reservations.repository.ts';
import { findFinishedConversation } from './finished-conversation.repository.ts';
import type { ReservationRow } from './reservations.repository.ts';

export interface PostCallDeps {
  db: Db;
  logger: Logger;
  recordings: RecordingStorage;
  summarizer: Summarizer;
  profiles: ProfileService;
  subscriptions: SubscriptionService;
  providerDeletions: ProviderDeletions;
  jobs: JobSender;
  /**
   * The children module: which child spoke is stored with the call (decision 0024). The family's
   * children, the first one the kid profile's (with its gift rule and topics to avoid).
   */
  children: {
    familyRead: FamiliesReadPart<{ children: (NamedChild & SafetyRules)[] } | undefined>;
  };
  /** The auth module, which owns the accounts: a select of an account's id, when it exists. */
  accounts: { accountSql(userId: string): string };
  /** The email module: the parent's recap, decided in the statement that writes the summary. */
  recaps?: CallRecaps;
  /** The memory module: what Santa keeps of the call for the next one. */
  memory: CallMemories;
  /** The call-safety module: the after-call job's other half, and whether it is done. */
  safety: Pick<CallSafetyService, 'isReadSql' | 'reviewCall'>;
  /**
   * RETENTION_DELETE_PROVIDER_COPIES: every call's conversation is deleted at the voice provider
   * once stored with its audio; off, only Pay Per Call's are (that plan promises it).
   */
  deleteProviderCopies?: boolean;
}

/**
 * The name the summary and the recap email give the child: the child who spoke; in a family of one
 * child, the name Santa was given; nobody's when several children might have spoken.
 */
function spokenBy(children: NamedChild[], childId: string | null, greeted: string | null): string | null {
  const child = children.find((candidate) => candidate.id === childId);
  if (child) return child.kid_name;
  return children.length > 1 ? null : greeted;
}

/** What the parent set for Santa's lines, which the call's safety read holds him to. */
interface SafetyRules {
  gifts_giving: string | null;
  avoid_topics: string[];
}

/** After the call: store it, settle its minutes, queue its summary and safety read. */
export function createPostCallService(deps: PostCallDeps) {
  const { db, logger } = deps;
  const afterCall = createAfterCallJob({
    db,
    columns: { unsentRecap: deps.recaps?.unsentRecapSql, safetyRead: deps.safety.isReadSql },
    halves: [createCallSummaryWriter(deps), deps.safety.reviewCall],
  });

  /** A call made on a pass, or by a family holding one now, comes with its recording. */
  async function includesRecording(userId: string, callPlan: PlanId | undefined): Promise<boolean> {
    if (callPlan && recordingsIncluded(callPlan)) return true;
    const current = await deps.subscriptions.find(userId);
    return !!current && isUsable(current) && recordingsIncluded(current.plan);
  }

  /**
   * The reservation the call settles and the family it was for, with the family's children, in one
   * statement: the family is the reservation's, else the one the call's own variables name.
   */
  async function findCallersFamily(call: FinishedCall) {
    const found = await findFinishedConversation(db, call, {
      named: call.userIdHint,
      account: deps.accounts.accountSql,
      children: deps.children.familyRead,
    });
    if (found.recorded) return undefined;
    const { reservation, userId, family } = found;
    if (!userId) {
      logger.warn({ conversationId: call.conversationId }, 'post-call event matches no account; ignored');
      return undefined;
    }
    const recordingIncluded = await includesRecording(userId, reservation?.plan);
    return { userId, reservation, family, recordingIncluded };
  }

  /**
   * Stores the call, settles and charges its reservation and queues its jobs, in one statement.
   * A short call the family may be forgiven, or Pay Per Call's one call, takes a transaction
   * around it for the rest of its settlement (settlesApart).
   */
  async function storeCall(
    record: NewCallRecord,
    reservation: ReservationRow | undefined,
    seconds: number,
    jobs: JobsInStatement,
  ): Promise<string | undefined> {
    const store = async (q: Queryable) => {
      const settles = reservation ? settlementInStatement(deps, reservation, seconds) : null;
      const stored = await insertCallRecord(q, record, { settles, jobs: jobs.sql });
      const { callId, reservation: locked, billedInStatement } = stored;
      if (!callId) return undefined;
      // The after-call worker looks once the jobs can be seen: at once, or after the commit.
      q.afterCommit(jobs.queued);
      if (stored.spentOneCallPlan) await deps.profiles.deleteProfile(q, record.userId);
      // Outside a transaction only for a reservation no longer open, which leaves nothing to do.
      if (locked && billedInStatement === undefined) await settleReservation(q, deps, locked, seconds);
      return callId;
    };
    return settlesApart(reservation, seconds) ? db.transaction(store) : store(db);
  }

  async function recordFinishedCall(call: FinishedCall): Promise<boolean> {
    const caller = await findCallersFamily(call);
    if (!caller) return false;
    const { userId, reservation, family, recordingIncluded } = caller;
    const browser = reservation?.channel === 'browser';
    const differs = browser && reservation ? browserClaimsThatDiffer(call, reservation) : [];
    if (differs.length > 0)
      logger.warn(
        { conversationId: call.conversationId, differs },
        'browser call client data differs from ours',
      );

    const oneCallPlan = !!reservation && deletesProfileAfterCall(reservation.plan);
    const deletesProviderCopy = oneCallPlan || deps.deleteProviderCopies === true;
    // The first child's row is the kid profile's: its gift rule and topics to avoid, which the
    // safety read holds Santa's lines to.
    const rules = family ? family.children[0] : await deps.profiles.findProfileByUserId(userId);
    const childId = attributeChild(
      family?.children ?? [],
      call.childNameCollected,
      call.transcript.filter((turn) => turn.role === 'user').map((turn) => turn.message),
    );
    const transcript = formatTranscript(call.transcript);
    const key = recordingKey(call.conversationId);
    if (call.audio) await deps.recordings.put(key, call.audio);

    const seconds = billedSeconds(call.durationSeconds);
    const record: NewCallRecord = {
      userId,
      conversationId: call.conversationId,
      callSid: browser ? call.conversationId : call.callSid,
      phoneNumber: browser ? null : call.fromNumber,
      durationSeconds: call.durationSeconds,
      transcript,
      // Written by the after-call job, so the webhook answers without waiting on OpenAI.
      summary: '',
      audioKey: call.audio ? key : null,
      createdAt: call.startedAt ?? new Date(),
      recordingIncluded,
      childId,
      channel: reservation?.channel,
      deletesProviderCopy,
    };
    const jobs = await deps.jobs.sendAllSql([
      {
        queue: QUEUES.afterCall,
        data: {
          conversationId: call.conversationId,
          kidName: spokenBy(family?.children ?? [], childId, call.kidName),
          providerSummary: call.providerSummary,
          giftsGiving: rules?.gifts_giving ?? null,
          avoidTopics: rules?.avoid_topics ?? [],
        } satisfies AfterCallJob,
      },
    ]);
    const callId = await storeCall(record, reservation, seconds, jobs);
    if (!callId) return false;

    // Audio that arrived before the transcript was kept under the conversation's key.
    const audioIn =
      !!call.audio ||
      ((await deps.recordings.size(key)) !== null &&
        !!(await calls.setAudioKey(db, call.conversationId, key)));
    // The provider's copy goes once the audio is in (deleting it first could stop the provider
    // sending it); a Pay Per Call kid profile already went with the settlement.
    if (audioIn && deletesProviderCopy)
      await deps.providerDeletions.audioStored(call.conversationId, { deletionWaiting: true });
    return true;
  }

  return {
    recordFinishedCall,
    /** The after-call job's work: the summary with its recap and memories, and the safety read. */
    afterCall,

    handleTranscription: (payload: PostCallTranscription) =>
      recordFinishedCall(finishedCallFromWebhook(payload)),

    /**
     * ElevenLabs never started the conversation, so nothing was spoken and nothing is owed: the
     * reservation closes without a charge and the family has its minutes back at once, instead of
     * when the sweeper finds the call. A reservation already settled or closed stays as it is.
     */
    async handleInitiationFailure(payload: CallInitiationFailure): Promise<boolean> {
      const callSid = callSidOfFailure(payload);
      logger.warn(
        {
          conversationId: payload.data.conversation_id ?? null,
          callSid,
          reason: payload.data.failure_reason ?? null,
        },
        'ElevenLabs could not start a call',
      );
      const conversationId = payload.data.conversation_id ?? '';
      const reservation = await reservations.findReservationForCall(db, conversationId, callSid);
      if (reservation?.status !== 'open') return false;
      await closeReservation(db, reservation.id);
      return true;
    },

    async handleAudio(payload: PostCallAudio): Promise<void> {
      const conversationId = payload.data.conversation_id;
      const key = recordingKey(conversationId);
      try {
        await deps.recordings.put(key, Buffer.from(payload.data.full_audio, 'base64'));
      } catch (error) {
        // ElevenLabs never resends audio, whatever we answer: the provider keeps its copy until
        // ours is stored, and call recovery fetches it once storage is back.
        logger.error(
          { err: error, conversationId },
          'could not store a call recording; recovery will fetch it',
        );
        return;
      }
      // Before its transcription: kept for the call to claim, or deleted if no call ever does.
      const taken = await calls.setAudioKey(db, conversationId, key);
      if (taken) await deps.providerDeletions.audioStored(conversationId, taken);
      else await earlyRecordings.noteEarlyRecording(db, conversationId, key);
    },
  };
}

export type PostCallService = ReturnType<typeof createPostCallService>;
