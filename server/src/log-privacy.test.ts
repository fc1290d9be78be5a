/**
 * A family's whole journey, then database errors forced on purpose, with every log line captured:
 * nothing the family told us may appear in them. Runs on PGlite and on Postgres (npm test).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, verifyPhone } from '../test/test-app.ts';
import { createLogger } from './logger.ts';
import { postProfile, validProfile } from '../test/fixtures/santa.ts';
import {
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  postElevenLabs,
  postTwilio,
  transcriptionPayload,
  type VoiceTestContext,
} from '../test/fixtures/voice.ts';

const lines: string[] = [];
let ctx: VoiceTestContext;
beforeAll(async () => {
  const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
  ctx = await createVoiceTestContext({ deps: { logger } });
});
afterAll(async () => {
  await ctx.close();
});

const KID = 'Zephyrine';
const WISH = 'a glittery unicorn kite';
const CHILD_SAID = 'My hamster Biscuit learned to juggle';
const PHONE = '+14155557361';

test('after a full journey and forced database errors, no log line carries the family’s data', async () => {
  const { client, user } = await signUp(ctx.voiceApp, { password: 'correct-horse-battery' });
  const profile = validProfile({ parent_phone: PHONE, kid_name: KID, wish_list: WISH });
  expect((await postProfile(client, profile)).status).toBe(201);
  await verifyPhone(ctx, client, PHONE);
  await ctx.db.transaction((tx) =>
    ctx.services.subscription.activatePlan(tx, user.id, { plan: 'subscription_3month', amountCents: 0 }),
  );

  const call = inboundCall(PHONE, HOTLINE);
  expect((await postTwilio(ctx, 'inbound', call)).text).toContain('<Connect>');
  const payload = transcriptionPayload({
    conversationId: 'conv_log_1',
    callSid: call.CallSid,
    userId: user.id,
  });
  payload.data.transcript[1]!.message = CHILD_SAID;
  expect((await postElevenLabs(ctx, payload)).status).toBe(200);

  // A database that refuses the row: the driver's error carries the parameters and the row.
  await ctx.db.query(
    `alter table kid_profiles add constraint forced_failure check (kid_name = '') not valid`,
  );
  try {
    const refused = await postProfile(client, { ...profile, wish_list: `${WISH} again` });
    expect(refused.status).toBe(500);
  } finally {
    await ctx.db.query('alter table kid_profiles drop constraint forced_failure');
  }
  // A NUL byte in a field, which databases refuse with an error of their own.
  const nul = await postProfile(client, { ...profile, kid_name: `${KID}\u0000` });
  expect(nul.status).toBeLessThan(600);

  const log = lines.join('');
  expect(log).toContain('"level":50'); // the forced error was logged, so the search below means something
  const secrets = [KID, WISH, CHILD_SAID, PHONE, PHONE.slice(2), user.email, 'correct-horse-battery', '$2b$'];
  for (const secret of secrets) expect(log, secret).not.toContain(secret);
});
