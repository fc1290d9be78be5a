/**
 * The post-call webhook finishes a call's reservation in the statement that stores the call, when
 * no short call can be forgiven; the sweeper settles it apart (settleReservation). Whichever path
 * settles a call, the family is billed the same: a property over plans, balances, call lengths and
 * the short calls the family was already forgiven that day.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FREE_SHORT_CALLS_PER_DAY, FREE_START_SECONDS } from '@santa/shared/constants';
import { GRACE_SECONDS, settleReservation } from './minutes.ts';
import * as reservations from './reservations.repository.ts';
import {
  connectedCall,
  createVoiceTestContext,
  postElevenLabs,
  transcriptionPayload,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';
import { uniqueConversationId } from '../../../test/fixtures/unique.ts';

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext();
});
afterAll(() => ctx.close());

interface Case {
  plan: 'subscription_3month' | 'pay_per_call';
  balance: number;
  seconds: number;
  forgivenToday: number;
}

/** A connected call on a family that was already forgiven `forgivenToday` short calls. */
async function ringing({ plan, balance, forgivenToday }: Case) {
  const family = await connectedCall(ctx, { plan, seconds: balance });
  for (let i = 0; i < forgivenToday; i += 1)
    await ctx.db.query(
      `insert into call_reservations (user_id, call_sid, plan, seconds_reserved, deadline, status, seconds_billed, not_charged)
       values ($1, $2, $3, 60, now(), 'closed', 0, 'short_call')`,
      [family.user.id, `${family.callSid}_forgiven_${i}`, plan],
    );
  return family;
}

/** What a family's bill is: the reservation's end, the plan's balance, and the child's details. */
async function billOf(family: Awaited<ReturnType<typeof ringing>>) {
  const reservation = await reservations.findReservationBySid(ctx.db, family.callSid);
  const plan = await ctx.services.subscription.find(family.user.id);
  return {
    reservation: {
      status: reservation!.status,
      seconds_billed: reservation!.seconds_billed,
      not_charged: reservation!.not_charged,
    },
    plan: { status: plan?.status, seconds_used: plan?.seconds_used },
    profileKept: (await ctx.services.profile.findProfileByUserId(family.user.id)) !== undefined,
  };
}

const cases = fc.record<Case>({
  plan: fc.constantFrom('subscription_3month', 'pay_per_call'),
  balance: fc.integer({ min: 30, max: 900 }),
  seconds: fc.oneof(
    fc.integer({ min: 0, max: FREE_START_SECONDS + 2 }),
    fc.integer({ min: 0, max: 900 + GRACE_SECONDS + 60 }),
  ),
  forgivenToday: fc.integer({ min: 0, max: FREE_SHORT_CALLS_PER_DAY + 1 }),
});

test('a call settled by its post-call webhook is billed as the sweeper would bill it', async () => {
  await fc.assert(
    fc.asyncProperty(cases, async (c) => {
      const [byWebhook, bySweeper] = [await ringing(c), await ringing(c)];
      const conversationId = uniqueConversationId('conv_settle');
      const answer = await postElevenLabs(
        ctx,
        transcriptionPayload({
          conversationId,
          callSid: byWebhook.callSid,
          userId: byWebhook.user.id,
          durationSecs: c.seconds,
        }),
      );
      expect(answer.status).toBe(200);
      await ctx.db.transaction(async (tx) => {
        const found = await reservations.findReservationBySid(tx, bySweeper.callSid);
        const locked = await reservations.lockReservation(tx, found!.id);
        await settleReservation(
          tx,
          { subscriptions: ctx.services.subscription, profiles: ctx.services.profile },
          locked!,
          c.seconds,
        );
      });
      expect(await billOf(byWebhook)).toEqual(await billOf(bySweeper));
    }),
    { numRuns: 25 },
  );
});
