/**
 * A family with three children: recognition and attribution on hotline and dedicated line
 * (decision 0024). Santa greets the likely caller by name or asks who is speaking, knowing every
 * child; the finished call belongs to the child who spoke.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WHO_IS_SPEAKING_MESSAGE } from '../santa-script/family-prompt.ts';
import {
  createFamily,
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  postElevenLabs,
  postTwilio,
  transcriptionPayload,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';
import { uniqueSantaNumber } from '../../../test/fixtures/unique.ts';
import { childDetails } from '../../../test/fixtures/santa.ts';

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext();
});
afterAll(() => ctx.close());

async function familyOfThree() {
  const family = await createFamily(ctx, { plan: 'subscription_3month', profile: { kid_name: 'Emma' } });
  await ctx.services.children.add(
    family.user.id,
    childDetails('Noah', { age: 5, wish_list: 'a drum kit', santa_personality: 'modern' }),
  );
  const listed = await ctx.services.children.add(
    family.user.id,
    childDetails('Zoë', { age: 5, wish_list: 'a telescope', santa_personality: 'modern' }),
  );
  const [emma, noah, zoe] = listed.children;
  return { ...family, emma: emma!, noah: noah!, zoe: zoe! };
}

async function dedicatedLine(userId: string) {
  const number = uniqueSantaNumber();
  await ctx.db.query('insert into agent_configs (user_id, twilio_phone_number) values ($1, $2)', [
    userId,
    number,
  ]);
  await ctx.services.lineAccess.save(userId, { access: 'anyone', family_code: '2512' });
  return number;
}

/** The post-call webhook of a call, with the engine's child_name result and the child's words. */
async function finish(callSid: string, userId: string, childName: string | null, childSaid: string) {
  const payload = transcriptionPayload({ conversationId: `conv_${callSid}`, callSid, userId });
  payload.data.transcript[1]!.message = childSaid;
  const analysis = payload.data.analysis as Record<string, unknown>;
  analysis.data_collection_results = { child_name: { data_collection_id: 'child_name', value: childName } };
  expect((await postElevenLabs(ctx, payload)).status).toBe(200);
  const { rows } = await ctx.db.query<{ child_id: string | null }>(
    'select child_id from calls where conversation_id = $1',
    [`conv_${callSid}`],
  );
  return rows[0]?.child_id;
}

describe('a family with three children', () => {
  test('on the hotline, Santa asks who is speaking and knows every child’s own details', async () => {
    const family = await familyOfThree();
    await postTwilio(ctx, 'inbound', inboundCall(family.parentPhone, HOTLINE));
    const sent = ctx.voice.registered.at(-1)!;
    expect(sent.firstMessage).toBe(WHO_IS_SPEAKING_MESSAGE);
    expect(sent.prompt).toContain('- "Noah":');
    expect(sent.prompt).toContain('wish list: "a drum kit"');
    expect(sent.prompt).toContain('- "Zoë":');
    expect(sent.prompt).toContain('wish list: "a telescope"');
    expect(sent.prompt).toContain('talk to each of them in turn');
  });

  test('on the hotline, the call belongs to the child the voice engine names', async () => {
    const family = await familyOfThree();
    const call = inboundCall(family.parentPhone, HOTLINE);
    await postTwilio(ctx, 'inbound', call);
    expect(await finish(call.CallSid, family.user.id, 'Noah', 'Hi Santa!')).toBe(family.noah.id);
  });

  test('on the dedicated line, Santa greets the child who usually calls by name', async () => {
    const family = await familyOfThree();
    await ctx.services.children.setUsualCaller(family.user.id, family.zoe.id);
    const number = await dedicatedLine(family.user.id);
    await postTwilio(ctx, 'inbound', inboundCall('+447700900123', number));
    const sent = ctx.voice.registered.at(-1)!;
    expect(sent.firstMessage).toContain('Merry Christmas, Zoë!');
    expect(sent.prompt).toContain('- "Emma":');
  });

  test('on the dedicated line, without the engine’s field the child’s own words decide', async () => {
    const family = await familyOfThree();
    const number = await dedicatedLine(family.user.id);
    const call = inboundCall('+447700900124', number);
    await postTwilio(ctx, 'inbound', call);
    expect(await finish(call.CallSid, family.user.id, null, "It's Zoe! I want a telescope")).toBe(
      family.zoe.id,
    );
  });

  test('the summary of a call names the child who spoke, not the first child', async () => {
    const family = await familyOfThree();
    const call = inboundCall(family.parentPhone, HOTLINE);
    await postTwilio(ctx, 'inbound', call);
    await finish(call.CallSid, family.user.id, 'Noah', "It's Noah! I want a drum kit.");
    expect(await ctx.jobs.drained()).toBe(true);
    const { rows } = await ctx.db.query<{ summary: string }>(
      'select summary from calls where conversation_id = $1',
      [`conv_${call.CallSid}`],
    );
    expect(rows[0]?.summary).toMatch(/^Noah /);
  });

  test('the summary of a call no child can be told from names no child', async () => {
    const family = await familyOfThree();
    const call = inboundCall(family.parentPhone, HOTLINE);
    await postTwilio(ctx, 'inbound', call);
    await finish(call.CallSid, family.user.id, null, 'I want a drum kit.');
    expect(await ctx.jobs.drained()).toBe(true);
    const { rows } = await ctx.db.query<{ summary: string }>(
      'select summary from calls where conversation_id = $1',
      [`conv_${call.CallSid}`],
    );
    expect(rows[0]?.summary).toMatch(/^Your child /);
  });

  test('a call where no child says a name belongs to nobody in particular', async () => {
    const family = await familyOfThree();
    const call = inboundCall(family.parentPhone, HOTLINE);
    await postTwilio(ctx, 'inbound', call);
    expect(await finish(call.CallSid, family.user.id, null, 'Hello Santa')).toBeNull();
  });
});

describe('a family with one child', () => {
  test('Santa greets them by name and every call is theirs', async () => {
    const family = await createFamily(ctx, { plan: 'subscription_3month', profile: { kid_name: 'Leo' } });
    const call = inboundCall(family.parentPhone, HOTLINE);
    await postTwilio(ctx, 'inbound', call);
    expect(ctx.voice.registered.at(-1)!.firstMessage).toContain('Merry Christmas, Leo!');
    const [leo] = (await ctx.services.children.list(family.user.id)).children;
    expect(await finish(call.CallSid, family.user.id, null, 'Hello Santa')).toBe(leo!.id);
  });
});

describe('the call history', () => {
  test('names the child of each call and filters by child', async () => {
    const family = await familyOfThree();
    for (const [name, said] of [
      ['Noah', 'Hi'],
      [null, "I'm Emma"],
    ] as const) {
      const call = inboundCall(family.parentPhone, HOTLINE);
      await postTwilio(ctx, 'inbound', call);
      await finish(call.CallSid, family.user.id, name, said);
    }
    const all = (await family.client.get('/api/calls/history')).body.calls;
    expect(all.map((call: { child_name: string }) => call.child_name).sort()).toEqual(['Emma', 'Noah']);
    const noahs = await family.client.get(`/api/calls/history?child=${family.noah.id}`);
    expect(noahs.body.calls.map((call: { child_name: string }) => call.child_name)).toEqual(['Noah']);
  });
});
