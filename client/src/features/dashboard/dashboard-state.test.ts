import { expect, test } from 'vitest';
import type { CallItem } from '@santa/shared/calls';
import type { KidProfile } from '@santa/shared/santa';
import type { Subscription } from '@santa/shared/subscription';
import { JUST_ENDED_MS, selectNextStep, type DashboardInputs } from './dashboard-state';

const NOW = Date.parse('2026-12-20T18:00:00Z');
const loaded = <T>(data: T) => ({ isPending: false, isError: false, data });
const pending = { isPending: true, isError: false, data: undefined };
const failed = { isPending: false, isError: true, data: undefined };

const profile = { kid_name: 'Olivia', parent_phone: '+14155550142' } as KidProfile;
const plan = (minutes_remaining: number) =>
  ({ plan: 'subscription_3month', minutes_remaining }) as Subscription;
const callAt = (msAgo: number) =>
  ({
    id: 'c1',
    created_at: new Date(NOW - msAgo).toISOString(),
    summary: 'Olivia asked for a sled',
  }) as CallItem;

function inputs(overrides: Partial<DashboardInputs>): DashboardInputs {
  return {
    subscription: loaded(plan(120)),
    profile: loaded(profile),
    phoneVerified: true,
    sampleUsed: true,
    calls: [],
    now: NOW,
    ...overrides,
  };
}

test('while the plan or the profile is loading, no step is advised yet', () => {
  expect(selectNextStep(inputs({ subscription: pending })).kind).toBe('loading');
  expect(selectNextStep(inputs({ profile: pending })).kind).toBe('loading');
});

test('a plan or profile that failed to load is an error to retry, never a step', () => {
  expect(selectNextStep(inputs({ subscription: failed }))).toEqual({ kind: 'error', failed: 'plan' });
  expect(selectNextStep(inputs({ profile: failed, subscription: loaded(null) }))).toEqual({
    kind: 'error',
    failed: 'profile',
  });
});

test('without a profile the next thing is setting one up, whatever the plan', () => {
  expect(selectNextStep(inputs({ profile: loaded(null) })).kind).toBe('set-up');
  expect(selectNextStep(inputs({ profile: loaded(null), subscription: loaded(null) })).kind).toBe('set-up');
});

test("a profile whose phone is not verified yet asks for the texted code first, since Santa won't know the caller", () => {
  expect(selectNextStep(inputs({ phoneVerified: false })).kind).toBe('verify-phone');
  expect(selectNextStep(inputs({ phoneVerified: undefined })).kind).toBe('ready');
});

test('with a profile and no plan, the free sample is offered only when it is known to be unused', () => {
  expect(selectNextStep(inputs({ subscription: loaded(null), sampleUsed: false }))).toEqual({
    kind: 'choose-plan',
    sampleAvailable: true,
    withheldForPhone: false,
  });
  expect(selectNextStep(inputs({ subscription: loaded(null), sampleUsed: true }))).toEqual({
    kind: 'choose-plan',
    sampleAvailable: false,
    withheldForPhone: false,
  });
  expect(selectNextStep(inputs({ subscription: loaded(null), sampleUsed: undefined }))).toEqual({
    kind: 'choose-plan',
    sampleAvailable: false,
    withheldForPhone: false,
  });
});

test('with a profile and minutes left, the child is ready to call', () => {
  expect(selectNextStep(inputs({})).kind).toBe('ready');
  expect(selectNextStep(inputs({ calls: [callAt(JUST_ENDED_MS + 1)] })).kind).toBe('ready');
  expect(selectNextStep(inputs({ calls: undefined })).kind).toBe('ready');
});

test('a plan with no minutes left suggests more minutes', () => {
  expect(selectNextStep(inputs({ subscription: loaded(plan(0)) })).kind).toBe('out-of-minutes');
});

test('a call that just ended comes first, with its recap, even when it used the last minute', () => {
  const call = callAt(5 * 60_000);
  expect(selectNextStep(inputs({ calls: [call] }))).toEqual({
    kind: 'just-called',
    call,
    outOfMinutes: false,
  });
  expect(selectNextStep(inputs({ calls: [call], subscription: loaded(plan(0)) }))).toEqual({
    kind: 'just-called',
    call,
    outOfMinutes: true,
  });
});

test('the featured call is the last one that was not a short uncharged call', () => {
  const real = { ...callAt(10 * 60_000), id: 'real', duration: 28, not_charged: null };
  const dropped = { ...callAt(2 * 60_000), id: 'dropped', duration: 5, not_charged: 'short_call' as const };
  expect(selectNextStep(inputs({ calls: [dropped, real] }))).toMatchObject({
    kind: 'just-called',
    call: { id: 'real' },
  });
  expect(selectNextStep(inputs({ calls: [dropped] }))).toMatchObject({ kind: 'ready' });
});

test('a sample withheld because the family phone already had one says so', () => {
  expect(
    selectNextStep(inputs({ subscription: loaded(null), sampleUsed: true, sampleUsedBy: 'phone' })),
  ).toEqual({ kind: 'choose-plan', sampleAvailable: false, withheldForPhone: true });
});
