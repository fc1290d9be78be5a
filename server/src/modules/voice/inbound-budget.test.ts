import { afterAll, beforeAll, expect, test } from 'vitest';
import { APOLOGY_MESSAGE } from './santa-lines.ts';
import {
  createFamily,
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  postTwilio,
  reservationsOf,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';

const BUDGET_MS = 300;
let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext({ env: { INBOUND_ANSWER_BUDGET_MS: String(BUDGET_MS) } });
});
afterAll(async () => {
  await ctx.close();
});

test('a call Santa cannot take in time hears the apology within the budget and costs nothing', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month' });
  // Registration outlasts the budget tenfold: an answer before it ends came from the budget, on a
  // machine however loaded.
  const registrationMs = BUDGET_MS * 10;
  ctx.voice.registerDelayMs = registrationMs;
  try {
    const started = Date.now();
    const answer = await postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE));
    expect(Date.now() - started).toBeLessThan(registrationMs);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(APOLOGY_MESSAGE.slice(0, 40));
    // Once the slow registration finishes, its minutes are given back.
    await expect
      .poll(async () => (await reservationsOf(ctx, user.id)).map((r) => r.status), { timeout: 10_000 })
      .toEqual(['closed']);
    expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(0);
  } finally {
    ctx.voice.registerDelayMs = 0;
  }
});

test('a database error while answering is Santa’s apology, not Twilio’s application error', async () => {
  const { parentPhone } = await createFamily(ctx, { plan: 'subscription_3month' });
  await ctx.db.query('alter table call_reservations rename to call_reservations_away');
  try {
    const answer = await postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(APOLOGY_MESSAGE.slice(0, 40));
  } finally {
    await ctx.db.query('alter table call_reservations_away rename to call_reservations');
  }
});
