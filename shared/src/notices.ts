import { z } from 'zod';

/**
 * A change to a family's plan they did not make themselves, shown on their dashboard with its
 * date until dismissed: an admin's gift (with its note), a revoked discount, a cancellation.
 */
export const planNoticeSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.string(),
    kind: z.literal('gift'),
    created_at: z.string(),
    minutes: z.number().int(),
    note: z.string().nullable(),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('discount_revoked'),
    created_at: z.string(),
    discount_percent: z.number().int(),
    plan_name: z.string(),
    /** The paid period still runs to this date, then the plan ends. */
    ends_at: z.string().nullable(),
  }),
  z.object({
    id: z.string(),
    kind: z.literal('plan_cancelled'),
    created_at: z.string(),
    plan_name: z.string(),
    /** Whole minutes that were left when the plan stopped (rounded down). */
    minutes_left: z.number().int(),
    /** The same in seconds; absent from notices written before usage was counted in seconds. */
    seconds_left: z.number().int().optional(),
  }),
]);
export type PlanNotice = z.infer<typeof planNoticeSchema>;

export type PlanNoticeKind = PlanNotice['kind'];
/** What the admin's action records; id and date are added when it is stored. */
export type NewPlanNotice = PlanNotice extends infer N
  ? N extends PlanNotice
    ? Omit<N, 'id' | 'created_at'>
    : never
  : never;

export const planNoticesResponseSchema = z.object({ notices: z.array(planNoticeSchema) });
export type PlanNoticesResponse = z.infer<typeof planNoticesResponseSchema>;
