/**
 * The one plan table, read by the server for billing and minutes and by the client
 * for the pricing page and friendly names.
 */
export const PLAN_IDS = [
  'free_sample',
  'pay_per_call',
  'subscription_3month',
  'subscription_6month',
  'subscription_12month',
  'gift',
] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PURCHASABLE_PLAN_IDS = [
  'pay_per_call',
  'subscription_3month',
  'subscription_6month',
  'subscription_12month',
] as const;
export type PurchasablePlanId = (typeof PURCHASABLE_PLAN_IDS)[number];

export type LineType = 'common' | 'dedicated';
export type Billing = 'free' | 'one_time' | 'subscription' | 'gift';

export interface Plan {
  id: PlanId;
  name: string;
  priceCents: number;
  minutes: number;
  /** Longest single call in minutes; null means the remaining balance. */
  perCallCapMinutes: number | null;
  line: LineType;
  badge: string | null;
  /** Renewal period of a pass in months; null for one-off plans. */
  periodMonths: number | null;
  billing: Billing;
  /** Shown on the pricing page; the gift plan is never offered. */
  isOffered: boolean;
  /** Pay-per-call deletes the child's data after its one call. */
  deletesProfileAfterCall: boolean;
  tagline: string;
  features: string[];
}

export const PLANS: Record<PlanId, Plan> = {
  free_sample: {
    id: 'free_sample',
    name: 'Free Sample',
    priceCents: 0,
    minutes: 1,
    perCallCapMinutes: 1,
    line: 'common',
    badge: null,
    periodMonths: null,
    billing: 'free',
    isOffered: true,
    deletesProfileAfterCall: false,
    tagline: 'Hear the magic before you buy',
    features: ['1-minute call with Santa', 'Common Santa hotline', 'No card needed'],
  },
  pay_per_call: {
    id: 'pay_per_call',
    name: 'Pay Per Call',
    priceCents: 299,
    minutes: 5,
    perCallCapMinutes: 5,
    line: 'common',
    badge: null,
    periodMonths: null,
    billing: 'one_time',
    isOffered: true,
    deletesProfileAfterCall: true,
    tagline: 'One magical call',
    features: [
      '1 call of up to 5 minutes',
      'Common Santa hotline',
      "Your child's info is deleted after the call",
    ],
  },
  subscription_3month: {
    id: 'subscription_3month',
    name: '3-Month Pass',
    priceCents: 8900,
    minutes: 180,
    perCallCapMinutes: null,
    line: 'dedicated',
    badge: 'POPULAR',
    periodMonths: 3,
    billing: 'subscription',
    isOffered: true,
    deletesProfileAfterCall: false,
    tagline: 'The whole holiday season',
    features: [
      '180 minutes (about 36 calls)',
      'Dedicated Santa phone number',
      'Permanent kid profile',
      'Recordings and transcripts included',
      'Renews every 3 months until you cancel',
    ],
  },
  subscription_6month: {
    id: 'subscription_6month',
    name: '6-Month Pass',
    priceCents: 15900,
    minutes: 360,
    perCallCapMinutes: null,
    line: 'dedicated',
    badge: 'BEST VALUE',
    periodMonths: 6,
    billing: 'subscription',
    isOffered: true,
    deletesProfileAfterCall: false,
    tagline: 'Half a year of magic',
    features: [
      '360 minutes (about 72 calls)',
      'Dedicated Santa phone number',
      'Permanent kid profile',
      'Recordings and transcripts included',
      'Renews every 6 months until you cancel',
    ],
  },
  subscription_12month: {
    id: 'subscription_12month',
    name: 'Year-Round Magic',
    priceCents: 26900,
    minutes: 720,
    perCallCapMinutes: null,
    line: 'dedicated',
    badge: 'ULTIMATE',
    periodMonths: 12,
    billing: 'subscription',
    isOffered: true,
    deletesProfileAfterCall: false,
    tagline: 'Santa all year long',
    features: [
      '720 minutes (about 144 calls)',
      'Dedicated Santa phone number',
      'Permanent kid profile',
      'Recordings and transcripts included',
      'Renews every year until you cancel',
      'Future characters included',
    ],
  },
  gift: {
    id: 'gift',
    name: 'Gifted Minutes',
    priceCents: 0,
    minutes: 0,
    perCallCapMinutes: null,
    line: 'common',
    badge: null,
    periodMonths: null,
    billing: 'gift',
    isOffered: false,
    deletesProfileAfterCall: false,
    tagline: 'Minutes gifted by the Santa Calls team',
    features: ['Gifted minutes on the common Santa hotline'],
  },
};

export const OFFERED_PLANS: Plan[] = Object.values(PLANS).filter((plan) => plan.isOffered);

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

export function planName(id: string): string {
  return isPlanId(id) ? PLANS[id].name : id;
}

/** "$89" or "$2.99": whole dollars drop their cents. */
export function formatPrice(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** Price per month of a plan's period, in cents (what the admin sees as "amount"). */
export function monthlyAmountCents(plan: Plan, chargedCents = plan.priceCents): number {
  return plan.periodMonths ? Math.round(chargedCents / plan.periodMonths) : chargedCents;
}

/** A pass includes its family's call recordings: no $0.99 unlock, for any of their calls. */
export function recordingsIncluded(planId: PlanId): boolean {
  return PLANS[planId].billing === 'subscription';
}

/** The pass renewing every `months` months (each pass has its own period), if there is one. */
export function passForPeriod(months: number | null): PlanId | undefined {
  return months == null
    ? undefined
    : OFFERED_PLANS.find((plan) => plan.billing === 'subscription' && plan.periodMonths === months)?.id;
}

/** Offered passes from the shortest period to the longest: the order an upgrade follows. */
export const PASS_PLAN_IDS = OFFERED_PLANS.filter((plan) => plan.billing === 'subscription')
  .sort((a, b) => (a.periodMonths ?? 0) - (b.periodMonths ?? 0))
  .map((plan) => plan.id);

/** The longest pass: nothing to upgrade to from it. */
export function isTopPass(id: PlanId): boolean {
  return PASS_PLAN_IDS.at(-1) === id;
}
