import {
  CANCELABLE_STATUSES,
  MOVABLE_STATUSES,
  SCHEDULE_MAX_DAYS_AHEAD,
  SOONEST_DAY_LOOKAHEAD,
  UPCOMING_CALLS_LIMIT,
  SCHEDULED_CALL_MESSAGES as MESSAGES,
  type MoveCallRequest,
  type ScheduleCallRequest,
  type ScheduledCall,
  type SlotsResponse,
  quietAtPhoneMessage,
} from '@santa/shared/scheduled-calls';
import type { Logger } from 'pino';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import { QUEUES, type JobSender } from '../../jobs/queues.ts';
import { phoneForStorage } from '../../phone-numbers.ts';
import type { Telephony } from '../../providers/telephony/telephony.ts';
import { dayAfter, instantIn, isOnSlot, isOutsideQuietHours, isTimeZone, slotTimes } from './local-time.ts';
import { createCallPlacement, type OutboundVoice } from './call-placement.ts';
import * as repo from './scheduled-calls.repository.ts';
import { phoneTimeZones, quietAtPhone } from './phone-time-zones.ts';
import type { ScheduledCallRow } from './scheduled-calls.repository.ts';

/** The placement job: dial this call if it is still at this version (a move or cancel bumps it). */
export interface ScheduledCallJob {
  scheduledCallId: string;
  version: number;
}

export interface ScheduledCallsDeps {
  db: Db;
  logger: Logger;
  jobs: JobSender;
  telephony: Pick<
    Telephony,
    'placeCall' | 'sayAndHangUp' | 'sayAndHangUpLive' | 'emptyResponse' | 'sendSms' | 'fetchCall'
  >;
  /** The santa module: only a phone the family proved it holds is rung. */
  familyPhones: { isVerified(userId: string, phone: string): Promise<boolean> };
  /** The subscription module: Santa rings only a family with call time left. */
  plans: { hasTimeLeft(userId: string): Promise<boolean> };
  /** The children module: the family's children, the first one the kid profile's. */
  children: { list(userId: string): Promise<{ children: { id: string }[] }> };
  /** The voice module: registers the answered call and settles it like an inbound one. */
  voice: OutboundVoice;
  publicUrl: string;
  /** Calls that may start in one 15-minute slot, across all families (SCHEDULED_CALLS_PER_SLOT). */
  slotCapacity: number;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60_000;

export function present(row: ScheduledCallRow): ScheduledCall {
  return {
    id: row.id,
    call_at: new Date(row.call_at).toISOString(),
    date: row.local_date,
    time: row.local_time,
    time_zone: row.time_zone,
    phone: row.phone,
    child_ids: row.child_ids,
    status: row.status,
    attempts: row.attempts,
    last_outcome: row.last_outcome,
  };
}

/**
 * Santa calls the child (decision 0025): the parent's schedule, moves and cancellations, and the
 * slots still free. Placing the call is call-placement.ts's.
 */
export function createScheduledCallsService(deps: ScheduledCallsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const placement = createCallPlacement({ ...deps, queueAttempt });

  /** The instant of `date` `time` in `zone`, refused when Santa would not call then. */
  function instantFor(input: MoveCallRequest): Date {
    if (!isTimeZone(input.time_zone)) throw new AppError('bad_request', MESSAGES.badTimeZone);
    if (!isOnSlot(input.time)) throw new AppError('bad_request', MESSAGES.notOnSlot);
    if (!isOutsideQuietHours(input.date, input.time)) throw new AppError('bad_request', MESSAGES.quietHours);
    const at = instantIn(input.date, input.time, input.time_zone);
    if (at.getTime() <= now().getTime()) throw new AppError('bad_request', MESSAGES.inThePast);
    if (at.getTime() - now().getTime() > SCHEDULE_MAX_DAYS_AHEAD * DAY_MS)
      throw new AppError('bad_request', MESSAGES.tooFarAhead);
    return at;
  }

  /** Refuses a time that is night on the phone's own clock, wherever the parent is. */
  async function refuseQuietAtPhone(phone: string, at: Date, pickedZone: string): Promise<void> {
    const quiet = await quietAtPhone(phone, at, pickedZone);
    if (quiet) throw new AppError('bad_request', quietAtPhoneMessage(quiet.time, quiet.zone));
  }

  /** Takes a place in the slot at `at` inside `tx`, or refuses when the slot is full. */
  async function takePlace(tx: Queryable, at: Date, exceptId?: string): Promise<void> {
    await repo.lockSlot(tx, at);
    const taken = (await repo.countBySlot(tx, [at], exceptId)).get(at.getTime()) ?? 0;
    if (taken >= deps.slotCapacity) throw new AppError('conflict', MESSAGES.slotFull);
  }

  /** The placement job, held by the queue until `at`; it exists only if `tx` commits. */
  async function queueAttempt(tx: Queryable, call: ScheduledCallRow, at: Date): Promise<void> {
    await deps.jobs.send(
      QUEUES.scheduledCallPlacement,
      { scheduledCallId: call.id, version: call.version } satisfies ScheduledCallJob,
      tx,
      { startAfter: at },
    );
  }

  const local = (input: MoveCallRequest, at: Date) => ({
    time_zone: input.time_zone,
    local_date: input.date,
    local_time: input.time,
    call_at: at,
  });

  /** Every start time of `date` in `zone` outside quiet hours, and whether it still has room. */
  async function slotsOf(date: string, zone: string): Promise<SlotsResponse> {
    if (!isTimeZone(zone)) throw new AppError('bad_request', MESSAGES.badTimeZone);
    const times = slotTimes(date);
    const instants = times.map((time) => instantIn(date, time, zone));
    const counts = await repo.countBySlot(db, instants);
    const soon = now().getTime();
    return {
      date,
      slots: times.map((time, i) => ({
        time,
        free: instants[i]!.getTime() > soon && (counts.get(instants[i]!.getTime()) ?? 0) < deps.slotCapacity,
      })),
    };
  }

  return {
    async list(userId: string): Promise<ScheduledCall[]> {
      return (await repo.listForUser(db, userId)).map(present);
    },

    /** The clocks a verified family phone may keep, for the form to ask which when several. */
    async phoneTimeZones(userId: string, text: string): Promise<string[]> {
      const phone = phoneForStorage(text);
      if (!phone || !(await deps.familyPhones.isVerified(userId, phone)))
        throw new AppError('bad_request', MESSAGES.phoneNotVerified);
      return phoneTimeZones(phone);
    },

    /** How many of the family's calls are still to come: the admin's count. */
    upcomingCountOf: (userId: string) => repo.countUpcoming(db, userId),

    slots: slotsOf,

    /** The slots of the first day from `date` with one still free; `date`'s own if none is. */
    async soonestSlots(date: string, zone: string): Promise<SlotsResponse> {
      const first = await slotsOf(date, zone);
      let day = first;
      for (let ahead = 1; !day.slots.some((slot) => slot.free); ahead += 1) {
        if (ahead > SOONEST_DAY_LOOKAHEAD) return first;
        day = await slotsOf(dayAfter(date, ahead), zone);
      }
      return day;
    },

    async schedule(userId: string, input: ScheduleCallRequest): Promise<ScheduledCall> {
      const at = instantFor(input);
      const phone = phoneForStorage(input.phone);
      if (!phone || !(await deps.familyPhones.isVerified(userId, phone)))
        throw new AppError('bad_request', MESSAGES.phoneNotVerified);
      await refuseQuietAtPhone(phone, at, input.time_zone);
      const family = await deps.children.list(userId).catch(() => ({ children: [] }));
      if (family.children.length === 0) throw new AppError('conflict', MESSAGES.profileFirst);
      if (!(await deps.plans.hasTimeLeft(userId))) throw new AppError('conflict', MESSAGES.noTimeLeft);
      const known = new Set(family.children.map((child) => child.id));
      if (!input.child_ids.every((id) => known.has(id)))
        throw new AppError('bad_request', MESSAGES.unknownChild);
      const row = await db.transaction(async (tx) => {
        // Under the family's lock, so two requests cannot both take the last of its places.
        await repo.lockFamily(tx, userId);
        if ((await repo.countUpcoming(tx, userId)) >= UPCOMING_CALLS_LIMIT)
          throw new AppError('conflict', MESSAGES.tooMany);
        await takePlace(tx, at);
        const call = await repo.insert(tx, {
          user_id: userId,
          phone,
          child_ids: [...new Set(input.child_ids)],
          ...local(input, at),
        });
        await queueAttempt(tx, call, at);
        return call;
      });
      return present(row);
    },

    /** A new time; a missed or failed call is offered again this way, in one tap. */
    async move(userId: string, id: string, input: MoveCallRequest): Promise<ScheduledCall> {
      const at = instantFor(input);
      const row = await db.transaction(async (tx) => {
        const call = await repo.findOwnedForUpdate(tx, userId, id);
        if (!call || call.status === 'canceled') throw new AppError('not_found', MESSAGES.notFound);
        if (!MOVABLE_STATUSES.includes(call.status)) throw new AppError('conflict', MESSAGES.cannotChange);
        await refuseQuietAtPhone(call.phone, at, input.time_zone);
        await takePlace(tx, at, call.id);
        const moved = await repo.reschedule(tx, call.id, local(input, at));
        await queueAttempt(tx, moved, at);
        return moved;
      });
      return present(row);
    },

    async cancel(userId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const call = await repo.findOwnedForUpdate(tx, userId, id);
        if (!call || call.status === 'canceled') throw new AppError('not_found', MESSAGES.notFound);
        if (!CANCELABLE_STATUSES.includes(call.status)) throw new AppError('conflict', MESSAGES.cannotChange);
        await repo.cancel(tx, call.id);
      });
    },

    /**
     * Sandbox only (the sandbox phone's "Skip to Santa's call"): the clock jumps to the phone's next
     * scheduled call, which is placed now through the same claim as the job. False when none waits.
     */
    async placeNextNow(phone: string): Promise<boolean> {
      const next = await repo.findNextForPhone(db, phone);
      if (!next) return false;
      await placement.place({ scheduledCallId: next.id, version: next.version });
      return true;
    },

    place: placement.place,
    answer: placement.answer,
    status: placement.status,
    amd: placement.amd,
    sweepStuck: placement.sweepStuck,
  };
}

export type ScheduledCallsService = ReturnType<typeof createScheduledCallsService>;
