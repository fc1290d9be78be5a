import {
  DIALS_PER_FAMILY_PER_DAY,
  NOT_DIALLED_REASONS,
  RETRY_AFTER_MINUTES,
  type NotDialledReason,
} from '@santa/shared/scheduled-calls';
import type { TwilioInbound, TwilioStatus } from '@santa/shared/voice';
import { TWILIO_FINAL_STATUSES } from '@santa/shared/voice';
import type { Logger } from 'pino';
import type { Db, Queryable } from '../../db/db.ts';
import type { Telephony } from '../../providers/telephony/telephony.ts';
import { isUuid } from '../../db/uuid.ts';
import * as repo from './scheduled-calls.repository.ts';
import type { ScheduledCallRow } from './scheduled-calls.repository.ts';

/** The voice module, as Santa's own calls need it. */
export interface OutboundVoice {
  answerOutbound(
    call: TwilioInbound,
    outbound: { userId: string; childIds: string[] },
  ): Promise<{ twiml: string; outcome: string }>;
  /** The voice module's status callback: closes a reservation of a call that never connected. */
  handleStatus(status: TwilioStatus): Promise<void>;
  /** The voice module: the call's minutes go back uncharged (a voicemail box answered). */
  releaseCall(callSid: string): Promise<void>;
}

/** A dial with no word from Twilio for this long is asked about (longer than any ring and AMD). */
export const DIALING_STUCK_MINUTES = 10;
/** A connected call with no final status for this long is over (calls last an hour at most). */
export const CONNECTED_STUCK_MINUTES = 3 * 60;

/** Dials made for one scheduled call: the first and one retry (decision 0025). */
export const MAX_ATTEMPTS = 2;

/**
 * Said to a voicemail box, which anyone in the house may play back: no child's name, no detail
 * of the family, and nothing that spoils the surprise.
 */
export const VOICEMAIL_MESSAGE =
  "Ho ho ho! It's Santa, calling from the North Pole. I'm sorry I missed you. I'll try again a little later. Merry Christmas!";

export const missedCallText = (url: string) =>
  `Santa tried to call but nobody answered. Pick a new time in one tap: ${url}`;
export const failedCallText = (url: string) =>
  `Santa could not get through for your scheduled call. Pick a new time in one tap: ${url}`;

const isFinal = (callStatus: string) => (TWILIO_FINAL_STATUSES as readonly string[]).includes(callStatus);

/** Twilio's AnsweredBy values that mean a machine, not a person (machine_start, machine_end_beep, fax …). */
const isMachine = (answeredBy: unknown) =>
  typeof answeredBy === 'string' && (answeredBy.startsWith('machine') || answeredBy === 'fax');

export interface PlacementDeps {
  db: Db;
  logger: Logger;
  telephony: Pick<
    Telephony,
    'placeCall' | 'sayAndHangUp' | 'sayAndHangUpLive' | 'emptyResponse' | 'sendSms' | 'fetchCall'
  >;
  voice: OutboundVoice;
  familyPhones: { isVerified(userId: string, phone: string): Promise<boolean> };
  plans: { hasTimeLeft(userId: string): Promise<boolean> };
  publicUrl: string;
  now?: () => Date;
  queueAttempt(tx: Queryable, call: ScheduledCallRow, at: Date): Promise<void>;
}

export function createCallPlacement(deps: PlacementDeps) {
  const { db, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const pickNewTime = (call: ScheduledCallRow) => `${deps.publicUrl}/santa-calls?again=${call.id}`;

  /** Tells the parent on the phone Santa rang; the dashboard shows the same with "Pick a new time". */
  async function tellParent(call: ScheduledCallRow, text: string): Promise<void> {
    await deps.telephony.sendSms(call.phone, text).catch((error: unknown) => {
      logger.warn({ err: error, scheduledCallId: call.id }, 'could not text the parent about a missed call');
    });
  }

  /** A try that reached nobody: one retry later, then the parent is told. */
  async function missed(call: ScheduledCallRow, outcome: string): Promise<void> {
    if (call.attempts < MAX_ATTEMPTS) {
      const retried = await db.transaction(async (tx) => {
        const row = await repo.transition(tx, call.id, ['dialing'], 'retry_pending', outcome);
        if (row) await deps.queueAttempt(tx, row, new Date(now().getTime() + RETRY_AFTER_MINUTES * 60_000));
        return row;
      });
      if (retried) logger.info({ scheduledCallId: call.id, outcome }, 'scheduled call missed; retry queued');
      return;
    }
    const row = await repo.transition(db, call.id, ['dialing'], 'missed', outcome);
    if (row) await tellParent(row, missedCallText(pickNewTime(row)));
  }

  /**
   * Asked again as the call comes due, since the booking: the phone may have been removed, the
   * time spent, or the family already rung enough today. Undefined: dial, and the dial is counted.
   */
  async function whyNotDial(call: ScheduledCallRow): Promise<NotDialledReason | undefined> {
    if (!(await deps.familyPhones.isVerified(call.user_id, call.phone))) return 'phone_removed';
    if (!(await deps.plans.hasTimeLeft(call.user_id))) return 'no_time';
    return db.transaction(async (tx) => {
      await repo.lockFamily(tx, call.user_id);
      if ((await repo.countDialsSince(tx, call.user_id, 24)) >= DIALS_PER_FAMILY_PER_DAY)
        return 'daily_limit';
      await repo.recordDial(tx, call);
      return undefined;
    });
  }

  /** Santa does not ring: the parent sees why; a phone still the family's is texted it too. */
  async function notDialled(call: ScheduledCallRow, reason: NotDialledReason): Promise<void> {
    logger.info({ scheduledCallId: call.id, reason }, 'scheduled call not dialled');
    const failed = await repo.transition(db, call.id, ['dialing'], 'failed', reason);
    if (failed && reason !== 'phone_removed')
      await tellParent(failed, `${NOT_DIALLED_REASONS[reason]} ${pickNewTime(failed)}`);
  }

  /**
   * The scheduled call a webhook is about: by the id in its URL, taking the sid if the placement
   * has not stored it yet; a sid that belongs to another dial of the row names nothing.
   */
  async function findCall(callSid: string, scheduledId: string | undefined) {
    if (!scheduledId || !isUuid(scheduledId)) return repo.findByCallSid(db, callSid);
    const row = await repo.findById(db, scheduledId);
    if (!row) return undefined;
    if (row.call_sid === null && row.status === 'dialing') {
      await repo.setCallSid(db, row.id, callSid);
      return { ...row, call_sid: callSid };
    }
    return row.call_sid === callSid ? row : undefined;
  }

  return {
    /**
     * The placement job, run at the call's instant. Only the worker whose conditional update claims
     * the row dials, so a job run twice (or on two replicas) rings the family once.
     */
    async place(job: { scheduledCallId: string; version: number }): Promise<void> {
      const call = await repo.claimForDialing(db, job.scheduledCallId, job.version);
      if (!call) return;
      const reason = await whyNotDial(call);
      if (reason) return notDialled(call, reason);
      const base = `${deps.publicUrl}/api/voice/twilio/outbound`;
      try {
        // The row's id rides in both URLs (signed with them): Twilio may ask before the sid is stored.
        const { callSid } = await deps.telephony.placeCall({
          to: call.phone,
          answerUrl: `${base}/answer?scheduled=${call.id}`,
          statusCallbackUrl: `${base}/status?scheduled=${call.id}`,
          amdCallbackUrl: `${base}/amd?scheduled=${call.id}`,
        });
        await repo.setCallSid(db, call.id, callSid);
      } catch (error) {
        // Not retried by the queue: a second dial could ring twice. The parent picks a new time.
        logger.error({ err: error, scheduledCallId: call.id }, 'could not place a scheduled call');
        const failed = await repo.transition(db, call.id, ['dialing'], 'failed', 'failed');
        if (failed) await tellParent(failed, failedCallText(pickNewTime(failed)));
      }
    },

    /** Twilio's answer webhook: Santa for a person, a short message for a voicemail box. */
    async answer(call: TwilioInbound & { AnsweredBy?: string }, scheduledId?: string): Promise<string> {
      const scheduled = await findCall(call.CallSid, scheduledId);
      if (!scheduled || scheduled.status !== 'dialing') return deps.telephony.sayAndHangUp(VOICEMAIL_MESSAGE);
      if (isMachine(call.AnsweredBy)) {
        // Nothing is reserved or billed; the final status callback queues the retry.
        await repo.transition(db, scheduled.id, ['dialing'], 'dialing', 'voicemail');
        return deps.telephony.sayAndHangUp(VOICEMAIL_MESSAGE);
      }
      const answered = await deps.voice.answerOutbound(call, {
        userId: scheduled.user_id,
        childIds: scheduled.child_ids,
      });
      if (answered.outcome === 'connected') {
        await repo.transition(db, scheduled.id, ['dialing'], 'connected', 'answered');
        return answered.twiml;
      }
      // Answered, but Santa could not take it (no minutes left, lines busy, no agreement to the
      // notice): the child heard Santa's kind word; the parent is offered a new time.
      const failed = await repo.transition(db, scheduled.id, ['dialing'], 'failed', answered.outcome);
      if (failed) await tellParent(failed, failedCallText(pickNewTime(failed)));
      return answered.twiml;
    },

    status,
    amd,

    /**
     * The periodic upkeep: a dial whose final status never reached us (our process was down, or
     * died between the claim and storing the sid) is settled from Twilio's own record of the call,
     * so it is retried or the parent is told rather than shown "calling" for ever.
     */
    async sweepStuck(): Promise<void> {
      for (const row of await repo.findStuck(db, DIALING_STUCK_MINUTES)) {
        // One call Twilio cannot tell us about now is asked again at the next run; the others go on.
        await settleStuck(row).catch((error: unknown) =>
          logger.warn({ err: error, scheduledCallId: row.id }, 'could not settle a stuck scheduled call'),
        );
      }
    },
  };

  async function settleStuck(row: ScheduledCallRow): Promise<void> {
    const record = row.call_sid ? await deps.telephony.fetchCall(row.call_sid) : null;
    if (row.status === 'connected') {
      // The minutes are the deadline sweeper's; here only what the parent sees moves on.
      const longAgo = now().getTime() - new Date(row.call_at).getTime() > CONNECTED_STUCK_MINUTES * 60_000;
      if (!record || isFinal(record.status) || longAgo)
        await repo.transition(db, row.id, ['connected'], 'completed', 'completed');
      return;
    }
    if (record && !isFinal(record.status)) return;
    if (!record || !row.call_sid) return missed(row, 'failed');
    await status(
      { CallSid: row.call_sid, CallStatus: record.status, CallDuration: record.durationSeconds ?? undefined },
      row.id,
    );
  }

  /**
   * Twilio's asynchronous answering-machine verdict, after the call was answered and Santa put
   * through. A person (or "unknown") talks on. A voicemail box, after its beep, hears Santa's short
   * message instead; the call's minutes go back uncharged and the final status queues the retry.
   */
  async function amd(verdict: { CallSid: string; AnsweredBy?: string }, scheduledId?: string): Promise<void> {
    if (!isMachine(verdict.AnsweredBy)) return;
    const scheduled = await findCall(verdict.CallSid, scheduledId);
    if (!scheduled || scheduled.status !== 'connected') return;
    await repo.transition(db, scheduled.id, ['connected'], 'dialing', 'voicemail');
    await deps.voice.releaseCall(verdict.CallSid);
    await deps.telephony.sayAndHangUpLive(verdict.CallSid, VOICEMAIL_MESSAGE).catch((error: unknown) => {
      logger.warn({ err: error, scheduledCallId: scheduled.id }, 'could not leave the voicemail message');
    });
  }

  /** Twilio's status callback for Santa's calls: minutes first, then what comes next for the call. */
  async function status(status: TwilioStatus, scheduledId?: string): Promise<void> {
    await deps.voice.handleStatus(status);
    if (!isFinal(status.CallStatus)) return;
    const scheduled = await findCall(status.CallSid, scheduledId);
    if (!scheduled) return;
    if (scheduled.status === 'connected') {
      await repo.transition(db, scheduled.id, ['connected'], 'completed', 'completed');
      return;
    }
    if (scheduled.status !== 'dialing') return;
    if (scheduled.last_outcome === 'voicemail' && status.CallStatus === 'completed')
      return missed(scheduled, 'voicemail');
    return missed(scheduled, status.CallStatus);
  }
}
