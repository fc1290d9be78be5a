/**
 * A webhook the provider signed but we cannot read is answered 200 (else Stripe and ElevenLabs
 * retry it for days), recorded with its reason, and changes nothing; never a 500.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { postEvent, signStripe, stripeEvent, webhookSecret } from '../../test/fixtures/stripe-events.ts';
import {
  connectedCall,
  createVoiceTestContext,
  postElevenLabs,
  transcriptionPayload,
  type VoiceTestContext,
  WEBHOOK_SECRET,
} from '../../test/fixtures/voice.ts';
import { signElevenLabsWebhook } from '../providers/voice/elevenlabs-signature.ts';
import { uniqueConversationId } from '../../test/fixtures/unique.ts';
import supertest from 'supertest';

let ctx: VoiceTestContext;
let secret: string;
beforeAll(async () => {
  ctx = await createVoiceTestContext();
  secret = webhookSecret(ctx.providers);
});
afterAll(() => ctx.close());

async function unreadable(provider: string) {
  const { rows } = await ctx.db.query<{ event_id: string | null; event_type: string | null; reason: string }>(
    'select event_id, event_type, reason from unreadable_webhooks where provider = $1 order by received_at',
    [provider],
  );
  return rows;
}

test('a signed Stripe checkout event our schema cannot read is acknowledged, recorded once, and changes nothing', async () => {
  const event = stripeEvent('checkout.session.completed', {
    id: 'cs_test_unreadable',
    object: 'checkout.session',
    mode: 'a-mode-we-do-not-know',
    metadata: {},
  });
  const first = await postEvent(ctx.voiceApp, event, secret);
  expect(first.status).toBe(200);
  const again = await postEvent(ctx.voiceApp, event, secret);
  expect(again.status).toBe(200);
  const rows = (await unreadable('stripe')).filter((row) => row.event_id === event.id);
  expect(rows).toEqual([
    { event_id: event.id, event_type: 'checkout.session.completed', reason: expect.stringContaining('mode') },
  ]);
});

test('a signed Stripe payload that is not an event at all is acknowledged and recorded', async () => {
  const payload = JSON.stringify({ hello: 'not an event' });
  const res = await supertest(ctx.voiceApp)
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signStripe(payload, secret))
    .send(payload);
  expect(res.status).toBe(200);
  expect((await unreadable('stripe')).some((row) => row.event_id === null)).toBe(true);
});

test('a forged Stripe event is still refused with 400', async () => {
  const event = stripeEvent('checkout.session.completed', { id: 'cs_forged', object: 'checkout.session' });
  const res = await postEvent(ctx.voiceApp, event, 'whsec_wrong');
  expect(res.status).toBe(400);
});

test('a signed ElevenLabs transcript claiming a call of 10^12 seconds is acknowledged, recorded, and bills nothing', async () => {
  const { user, callSid } = await connectedCall(ctx, { plan: 'subscription_3month' });
  const before = await ctx.services.subscription.find(user.id);
  const payload = transcriptionPayload({ conversationId: uniqueConversationId(), callSid, userId: user.id });
  payload.data.metadata.call_duration_secs = 1e12;
  const res = await postElevenLabs(ctx, payload);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ received: true, unreadable: true });
  expect((await unreadable('elevenlabs')).at(-1)).toMatchObject({
    event_type: 'post_call_transcription',
    reason: expect.stringContaining('call_duration_secs'),
  });
  expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(before?.seconds_used);
});

test('a signed ElevenLabs body that is not JSON is acknowledged and recorded', async () => {
  const body = 'this is not json';
  const res = await supertest(ctx.voiceApp)
    .post('/api/voice/elevenlabs/post-call')
    .set('Content-Type', 'application/json')
    .set('ElevenLabs-Signature', signElevenLabsWebhook(WEBHOOK_SECRET, body))
    .send(body);
  expect(res.status).toBe(200);
  expect((await unreadable('elevenlabs')).at(-1)?.reason).toBe('not JSON');
});
