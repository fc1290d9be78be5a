import { z } from 'zod';

/**
 * Santa calls the child (decision 0025): the parent picks a day and a time in their own zone, the
 * children and one verified family phone; the job queue dials at that instant.
 */

/** Calls start on the quarter hour; each quarter hour is a slot with a capacity. */
export const SLOT_MINUTES = 15;
/** Earliest and latest start, in minutes after local midnight (08:00 and 20:30). */
export const FIRST_SLOT_MINUTE = 8 * 60;
export const LAST_SLOT_MINUTE = 20 * 60 + 30;
/** On Christmas Eve Santa calls until 21:00 (the last call starts then). */
export const CHRISTMAS_EVE_LAST_SLOT_MINUTE = 21 * 60;
/** Calls a family may have waiting at once: enough for every child, too few to hoard Christmas Eve. */
export const UPCOMING_CALLS_LIMIT = 6;
/** A call can be scheduled up to this many days ahead. */
export const SCHEDULE_MAX_DAYS_AHEAD = 60;
/** A voicemail or an unanswered call is tried once more, this long after. */
export const RETRY_AFTER_MINUTES = 30;

export const SCHEDULED_CALL_STATUSES = [
  'scheduled',
  'dialing',
  'retry_pending',
  'connected',
  'completed',
  'missed',
  'failed',
  'canceled',
] as const;
export type ScheduledCallStatus = (typeof SCHEDULED_CALL_STATUSES)[number];

export const SCHEDULED_CALL_MESSAGES = {
  notFound: 'Scheduled call not found',
  badTimeZone: 'Unknown time zone',
  notOnSlot: `Calls start on the quarter hour (for example 17:00, 17:15, 17:30 or 17:45).`,
  quietHours:
    'Santa calls between 08:00 and 20:30 your time (until 21:00 on Christmas Eve). Please pick another time.',
  inThePast: 'That time has already passed. Please pick a later time.',
  tooFarAhead: `Calls can be scheduled up to ${SCHEDULE_MAX_DAYS_AHEAD} days ahead.`,
  slotFull: 'Santa is busy at that time. Please pick another time.',
  phoneNotVerified: 'Santa can only call a family phone you verified. Add and verify it first.',
  unknownChild: 'Pick the children Santa should talk to from your family.',
  profileFirst: "Please save your child's details before Santa can call.",
  cannotChange: 'This call can no longer be moved or canceled.',
  tooMany: `A family can have at most ${UPCOMING_CALLS_LIMIT} calls from Santa waiting. Cancel one to add another.`,
  noTimeLeft:
    'Santa can only ring when your family has call time left. Take the free sample or choose a plan first.',
} as const;

/** Quiet hours where the phone is: the picked time is night (or too early) on the phone's clock. */
export function quietAtPhoneMessage(time: string, zone: string): string {
  const place = zone.split('/').at(-1)!.replace(/_/g, ' ');
  return `That is ${time} where the phone is (${place} time), and Santa calls between 08:00 and 20:30 there. Please pick another time, or choose the phone's time zone.`;
}

/** Santa rings one family at most this many times in 24 hours, first tries and retries together. */
export const DIALS_PER_FAMILY_PER_DAY = 3;

/**
 * Why Santa did not ring at the call's time, checked again just before dialling: the parent reads
 * it under "Could not go through".
 */
export const NOT_DIALLED_REASONS = {
  no_time: 'Your family had no call time left, so Santa did not ring. Add time, then pick a new time.',
  phone_removed: 'That phone is no longer one of your verified family phones, so Santa did not ring it.',
  daily_limit: `Santa had already rung your family ${DIALS_PER_FAMILY_PER_DAY} times that day, so he did not ring again.`,
} as const;
export type NotDialledReason = keyof typeof NOT_DIALLED_REASONS;

/** A day that exists (no 31 February), as YYYY-MM-DD. */
const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
  .refine((day) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day);
  }, 'date must be a real day');
const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM');
const timeZone = z.string().min(1).max(64);

/** POST /api/scheduled-calls */
export const scheduleCallRequestSchema = z.object({
  date: localDate,
  time: localTime,
  time_zone: timeZone,
  phone: z.string().min(1).max(32),
  child_ids: z.array(z.string().uuid()).min(1).max(6),
});
export type ScheduleCallRequest = z.infer<typeof scheduleCallRequestSchema>;

/** PATCH /api/scheduled-calls/:id: a new day and time (a failed or missed call is rescheduled). */
export const moveCallRequestSchema = z.object({
  date: localDate,
  time: localTime,
  time_zone: timeZone,
});
export type MoveCallRequest = z.infer<typeof moveCallRequestSchema>;

/** GET /api/scheduled-calls/phone-time-zones?phone=: the clocks a family phone may keep. */
export const phoneTimeZonesQuerySchema = z.object({ phone: z.string().min(1).max(32) });
export const phoneTimeZonesResponseSchema = z.object({ phone: z.string(), time_zones: z.array(z.string()) });
export type PhoneTimeZonesResponse = z.infer<typeof phoneTimeZonesResponseSchema>;

/** How far ahead `soonest` looks for a day with a free slot. */
export const SOONEST_DAY_LOOKAHEAD = 14;

/**
 * GET /api/scheduled-calls/slots?date=&time_zone=[&soonest=true]: with `soonest`, the first day
 * from `date` (up to SOONEST_DAY_LOOKAHEAD days on) that still has a free slot.
 */
export const slotsQuerySchema = z.object({
  date: localDate,
  time_zone: timeZone,
  soonest: z.literal('true').optional(),
});

export const scheduledCallSchema = z.object({
  id: z.string(),
  call_at: z.string(),
  date: z.string(),
  time: z.string(),
  time_zone: z.string(),
  phone: z.string(),
  child_ids: z.array(z.string()),
  status: z.enum(SCHEDULED_CALL_STATUSES),
  attempts: z.number(),
  /** What happened on the last try: no-answer, busy, voicemail, failed. */
  last_outcome: z.string().nullable(),
});
export type ScheduledCall = z.infer<typeof scheduledCallSchema>;

export const scheduledCallsResponseSchema = z.object({ calls: z.array(scheduledCallSchema) });
export type ScheduledCallsResponse = z.infer<typeof scheduledCallsResponseSchema>;

export const slotSchema = z.object({ time: z.string(), free: z.boolean() });
export const slotsResponseSchema = z.object({ date: z.string(), slots: z.array(slotSchema) });
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

/** Calls the parent can still move or cancel; a missed or failed one is moved to a new time. */
export const MOVABLE_STATUSES: readonly ScheduledCallStatus[] = [
  'scheduled',
  'retry_pending',
  'missed',
  'failed',
];
export const CANCELABLE_STATUSES: readonly ScheduledCallStatus[] = ['scheduled', 'retry_pending'];
