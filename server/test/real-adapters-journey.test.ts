import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sweepCallReservations } from '../src/modules/voice/deadline-sweeper.ts';
import { LocalRecordingStorage } from '../src/providers/storage/local-recording-storage.ts';
import { STRIPE_API_VERSION, StripeAdapter } from '../src/providers/stripe/stripe-adapter.ts';
import { OpenAiSummarizer } from '../src/providers/summarizer/openai-summarizer.ts';
import { TwilioVerify } from '../src/providers/phone-proof/twilio-verify.ts';
import { TwilioTelephony } from '../src/providers/telephony/twilio-telephony.ts';
import { ElevenLabsVoiceEngine } from '../src/providers/voice/elevenlabs-voice-engine.ts';
import { postProfile } from './fixtures/santa.ts';
import { uniquePhone } from './fixtures/unique.ts';
import {
  createTestContext,
  PUBLIC_URL,
  signInAsAdmin,
  signUp,
  type TestClient,
  type TestContext,
} from './test-app.ts';
import { FakeElevenLabs, type ElevenLabsDelivery, type Turn } from './vendor-fakes/fake-elevenlabs.ts';
import { FakeOpenAi } from './vendor-fakes/fake-openai.ts';
import { FakeStripe, type StripeDelivery } from './vendor-fakes/fake-stripe.ts';
import { FakeTwilio, type TwilioWebhook } from './vendor-fakes/fake-twilio.ts';

/**
 * The whole app on the real Stripe, Twilio, ElevenLabs and OpenAI adapters, each talking to a
 * local fake that answers in the vendor's wire format and signs its webhooks as the vendor does.
 * The steps run in order, one family's season: each test is one thing that must keep working.
 */
const HOTLINE = '+15550100';
const FAMILY_PHONE = uniquePhone();
const FIRST_CALL: Turn[] = [
  { role: 'agent', message: 'Ho ho ho! Merry Christmas, Emma!', time_in_call_secs: 0 },
  { role: 'user', message: 'Hi Santa! I would love a red bicycle please.', time_in_call_secs: 4 },
  { role: 'agent', message: 'The elves will see what they can do!', time_in_call_secs: 9 },
];
const SECOND_CALL: Turn[] = [
  { role: 'agent', message: 'Ho ho ho! Hello again, Emma!', time_in_call_secs: 0 },
  { role: 'user', message: 'I learned to ride without training wheels!', time_in_call_secs: 3 },
];
const FIRST_SUMMARY = 'Emma told Santa she would love a red bicycle, and Santa promised to ask the elves.';
const SECOND_SUMMARY = 'Emma proudly told Santa she can ride without training wheels.';

/** OpenAI's answer in the summarizer's Structured Outputs schema (call_recap). */
function recapAnswer(summary: string, lists: { wishes?: string[]; news?: string[] }): string {
  return JSON.stringify({ summary, wishes: [], news: [], questions: [], promises: [], ...lists });
}
const FIRST_AUDIO = Buffer.from('ID3\x04first call audio');
const SECOND_AUDIO = Buffer.from('ID3\x04second call audio');

let ctx: TestContext;
let stripe: FakeStripe;
let twilio: FakeTwilio;
let elevenlabs: FakeElevenLabs;
let openai: FakeOpenAi;
let recordingsDir: string;
const summarizerErrors: unknown[] = [];

/** What the journey learned along the way, for the steps after it. */
const family: {
  parent?: TestClient;
  userId?: string;
  deliveries?: StripeDelivery[];
  santaNumber?: string;
  firstConversation?: string;
  secondConversation?: string;
} = {};

beforeAll(async () => {
  [stripe, twilio, elevenlabs, openai] = await Promise.all([
    FakeStripe.start(),
    FakeTwilio.start(),
    FakeElevenLabs.start(),
    FakeOpenAi.start(),
  ]);
  recordingsDir = mkdtempSync(path.join(tmpdir(), 'santa-journey-'));
  ctx = await createTestContext({
    env: { SANTA_HOTLINE_NUMBER: HOTLINE },
    providers: (sandboxes) => ({
      ...sandboxes,
      stripe: new StripeAdapter({
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        ...stripe.endpoint,
      }),
      telephony: new TwilioTelephony({
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        hotlineNumber: HOTLINE,
        apiBaseUrl: twilio.apiBaseUrl,
      }),
      phoneVerifier: new TwilioVerify({
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        serviceSid: twilio.verifyServiceSid,
        countries: ['US', 'CA', 'GB'],
        apiBaseUrl: twilio.apiBaseUrl,
      }),
      voice: new ElevenLabsVoiceEngine({
        apiKey: elevenlabs.apiKey,
        agentId: elevenlabs.agentId,
        webhookSecret: elevenlabs.webhookSecret,
        baseUrl: elevenlabs.baseUrl,
      }),
      summarizer: new OpenAiSummarizer({
        apiKey: openai.apiKey,
        onError: (error) => summarizerErrors.push(error),
        baseURL: openai.baseURL,
      }),
      recordings: new LocalRecordingStorage(recordingsDir),
    }),
  });
});

afterAll(async () => {
  await ctx?.close();
  await Promise.all([stripe, twilio, elevenlabs, openai].map((fake) => fake?.close()));
  if (recordingsDir) rmSync(recordingsDir, { recursive: true, force: true });
});

function deliverStripe(delivery: StripeDelivery) {
  return supertest(ctx.app)
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json; charset=utf-8')
    .set('Stripe-Signature', delivery.signature)
    .send(delivery.payload);
}

/** Twilio POSTs to the URL configured on the number, which must be our public URL. */
function deliverTwilio(webhook: TwilioWebhook) {
  expect(webhook.url.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  const url = new URL(webhook.url);
  return supertest(ctx.app)
    .post(url.pathname + url.search)
    .type('form')
    .set('X-Twilio-Signature', webhook.signature)
    .send(webhook.params);
}

function deliverElevenLabs(delivery: ElevenLabsDelivery) {
  return supertest(ctx.app)
    .post('/api/voice/elevenlabs/post-call')
    .set('Content-Type', 'application/json')
    .set('ElevenLabs-Signature', delivery.signature)
    .send(delivery.body);
}

const parent = () => family.parent!;
const line = (method: string, p: string) => `${method} ${p}`;
const requestLine = (r: { method: string; path: string }) => line(r.method, r.path);

async function minutes() {
  const res = await parent().get('/api/subscription/status');
  expect(res.status).toBe(200);
  return res.body.subscription as { minutes_used: number; minutes_remaining: number; seconds_used: number };
}

describe("a family's 3-Month Pass on the real vendor adapters", () => {
  test('a parent signs up, proves the family phone with the code Twilio Verify texted, and describes the child', async () => {
    const { client, user } = await signUp(ctx.app);
    family.parent = client;
    family.userId = user.id;

    const sent = await client.post('/api/santa/phones/send-code').send({ phone: FAMILY_PHONE });
    expect(sent.status).toBe(200);
    expect(twilio.codes).toMatchObject([{ to: FAMILY_PHONE, channel: 'sms', status: 'pending' }]);
    const code = twilio.codes[0]!.code;
    expect((await client.post('/api/santa/phones/verify').send({ phone: FAMILY_PHONE, code })).status).toBe(
      200,
    );

    const profile = await postProfile(client, {
      parent_phone: FAMILY_PHONE,
      kid_name: 'Emma',
      age: '7',
      wish_list: 'a red bicycle',
    });
    expect(profile.status).toBe(201);
  });

  test('a 3-Month Pass is bought at Stripe Checkout and fulfilled from its signed webhooks', async () => {
    const checkout = await parent()
      .post('/api/stripe/create-checkout')
      .type('form')
      .send({
        plan: 'subscription_3month',
        success_url: `${PUBLIC_URL}/dashboard`,
        cancel_url: `${PUBLIC_URL}/pricing`,
      });
    expect(checkout.status).toBe(200);
    const [session] = stripe.sessions.values();
    expect(checkout.body.url).toBe(session!.url);

    const [create] = stripe.requests;
    expect(create!.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(Object.fromEntries(new URLSearchParams(create!.body))).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '8900',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][recurring][interval_count]': '3',
      'metadata[plan]': 'subscription_3month',
      'metadata[user_id]': family.userId,
      'subscription_data[metadata][user_id]': family.userId,
      client_reference_id: family.userId,
      success_url: `${PUBLIC_URL}/dashboard`,
    });

    stripe.pay(String(session!.id));
    const deliveries = stripe.takeDeliveries();
    expect(deliveries.map((d) => d.type)).toEqual([
      'customer.created',
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    family.deliveries = deliveries;
    for (const delivery of deliveries) {
      const res = await deliverStripe(delivery);
      expect(res.status, delivery.type).toBe(200);
    }
    // Each subscription event re-reads the subscription from Stripe instead of trusting the event.
    const [subscription] = stripe.subscriptions.values();
    const reads = stripe.requests.slice(1).map(requestLine);
    expect(reads).toEqual(Array(3).fill(line('GET', `/v1/subscriptions/${String(subscription!.id)}`)));

    const status = await parent().get('/api/subscription/status');
    const periodEnd = (subscription!.items as { data: { current_period_end: number }[] }).data[0]!;
    expect(status.body).toEqual({
      has_subscription: true,
      subscription: expect.objectContaining({
        plan: 'subscription_3month',
        plan_name: '3-Month Pass',
        status: 'active',
        minutes_limit: 180,
        minutes_used: 0,
        amount: 8900,
        current_period_end: new Date(periodEnd.current_period_end * 1000).toISOString(),
        cancel_at_period_end: false,
      }),
    });
  });

  test('the pass buys one dedicated Santa number at Twilio, pointed at our call webhooks', async () => {
    expect(twilio.numbers.size).toBe(1);
    const [number] = twilio.numbers.values();
    family.santaNumber = number!.phone_number;
    const hotline = await parent().get('/api/santa/hotline-number');
    expect(hotline.body).toEqual({ phone_number: family.santaNumber, type: 'dedicated' });

    const purchase = twilio.requests.filter((r) => r.path.endsWith('/IncomingPhoneNumbers.json'));
    expect(purchase).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(purchase[0]!.body))).toMatchObject({
      PhoneNumber: family.santaNumber,
      VoiceUrl: `${PUBLIC_URL}/api/voice/twilio/inbound`,
      VoiceMethod: 'POST',
      StatusCallback: `${PUBLIC_URL}/api/voice/twilio/status`,
      StatusCallbackMethod: 'POST',
    });
    const search = twilio.requests.find((r) => r.path.endsWith('/AvailablePhoneNumbers/US/Local.json'));
    expect(search?.query.get('VoiceEnabled')).toBe('true');

    // Stripe redelivers an event whose answer it never saw: the family still has one number.
    const completed = family.deliveries!.find((d) => d.type === 'checkout.session.completed')!;
    const redelivered = { ...completed, signature: stripe.sign(completed.payload) };
    expect((await deliverStripe(redelivered)).status).toBe(200);
    expect(twilio.numbers.size).toBe(1);
    expect(twilio.requests.filter((r) => r.path.endsWith('/IncomingPhoneNumbers.json'))).toHaveLength(1);
  });

  test("the child's call to the dedicated number is put through to Santa with the child's profile", async () => {
    const ringing = twilio.ring(FAMILY_PHONE, family.santaNumber!);
    const answer = await deliverTwilio(ringing);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/xml');

    const registrations = elevenlabs.requests.filter((r) => r.path === '/v1/convai/twilio/register-call');
    expect(registrations).toHaveLength(1);
    expect(registrations[0]!.headers['xi-api-key']).toBe(elevenlabs.apiKey);
    expect(JSON.parse(registrations[0]!.body)).toMatchObject({
      agent_id: elevenlabs.agentId,
      from_number: FAMILY_PHONE,
      to_number: family.santaNumber,
      direction: 'inbound',
      conversation_initiation_client_data: {
        dynamic_variables: {
          kid_name: 'Emma',
          user_id: family.userId,
          call_sid: ringing.params.CallSid,
          wish_list: 'a red bicycle',
          allowed_minutes: 60,
        },
        conversation_config_override: {
          agent: {
            prompt: { prompt: expect.stringContaining('Emma') },
            first_message: expect.stringContaining('Emma'),
          },
        },
      },
    });
    // The app hands Twilio ElevenLabs' TwiML as it came: Twilio streams the call to the agent.
    twilio.answered(ringing.params.CallSid!);
    family.firstConversation = elevenlabs.streamConnected(answer.text, ringing.params.CallSid!);
    elevenlabs.finish(family.firstConversation, {
      transcript: FIRST_CALL,
      durationSecs: 95,
      summary: 'Emma asked for a red bicycle.',
      audio: FIRST_AUDIO,
    });

    const status = twilio.hangUp(ringing.params.CallSid!, 96);
    expect((await deliverTwilio(status!)).status).toBe(200);
    // Settlement waits for ElevenLabs' post-call event: nothing is billed on the hang-up alone.
    expect(await minutes()).toMatchObject({ minutes_used: 0 });
  });

  test("ElevenLabs' signed post-call webhooks record the call and bill its minutes to the pass, once", async () => {
    // The summary job starts as soon as the call is stored: this is what OpenAI will answer it.
    openai.replies.push(recapAnswer(FIRST_SUMMARY, { wishes: ['I would love a red bicycle please'] }));
    const [transcription, audio] = elevenlabs.postCallWebhooks(family.firstConversation!);

    // A body changed on the way no longer matches ElevenLabs' signature.
    const tampered = transcription!.body.replace('"call_duration_secs":95', '"call_duration_secs":5');
    expect(tampered).not.toBe(transcription!.body);
    const forged = await deliverElevenLabs({ body: tampered, signature: transcription!.signature });
    expect(forged.status).toBe(401);
    expect((await parent().get('/api/calls/history')).body.calls).toEqual([]);

    const stored = await deliverElevenLabs(transcription!);
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual({ received: true, stored: true });
    expect((await deliverElevenLabs(audio!)).status).toBe(200);
    // ElevenLabs retries a webhook it thinks failed: the call is kept and billed once.
    expect((await deliverElevenLabs(transcription!)).body).toEqual({ received: true, stored: false });

    // 95 seconds are billed as 95 seconds; the minute fields read a started minute as used.
    expect(await minutes()).toMatchObject({ seconds_used: 95, minutes_used: 2, minutes_remaining: 178 });
    const history = await parent().get('/api/calls/history');
    expect(history.body.calls).toEqual([
      expect.objectContaining({
        duration: 95,
        phone_number: FAMILY_PHONE,
        transcript: [
          'Santa: Ho ho ho! Merry Christmas, Emma!',
          'Child: Hi Santa! I would love a red bicycle please.',
          'Santa: The elves will see what they can do!',
        ].join('\n'),
        audio_url: expect.stringMatching(/^\/api\/calls\/[0-9a-f-]+\/recording$/),
        // A pass includes its recordings.
        recording_purchased: true,
      }),
    ]);
  });

  test("the call's summary is written by OpenAI from the transcript", async () => {
    await ctx.jobs.drained();

    expect(openai.completions).toHaveLength(1);
    const [completion] = openai.completions;
    expect(openai.requests[0]!.headers.authorization).toBe(`Bearer ${openai.apiKey}`);
    expect(completion!.model).toEqual(expect.any(String));
    expect(completion!.messages.at(-1)!.content).toContain(
      'Child: Hi Santa! I would love a red bicycle please.',
    );
    expect(summarizerErrors).toEqual([]);
    const history = await parent().get('/api/calls/history');
    expect(history.body.calls[0].summary).toBe(FIRST_SUMMARY);
  });

  test('a call whose end reached us only through Twilio is billed once, and Sync brings it in without duplicating the first', async () => {
    const ringing = twilio.ring(FAMILY_PHONE, family.santaNumber!);
    const callSid = ringing.params.CallSid!;
    const answer = await deliverTwilio(ringing);
    twilio.answered(callSid);
    const conversation = elevenlabs.streamConnected(answer.text, callSid);
    family.secondConversation = conversation;
    elevenlabs.finish(conversation, {
      transcript: SECOND_CALL,
      durationSecs: 70,
      summary: 'Emma rode without training wheels.',
      audio: SECOND_AUDIO,
    });
    // The server was down when the call ended: Twilio's status callback and ElevenLabs' webhook are lost.
    twilio.hangUp(callSid, 70);

    const sweep = () =>
      sweepCallReservations({
        db: ctx.db,
        logger: ctx.deps.logger,
        telephony: ctx.providers.telephony,
        subscriptions: ctx.services.subscription,
        profiles: ctx.services.profile,
        silentSeconds: 0,
        graceSeconds: 0,
      });
    // The deadline sweeper asks Twilio about a call nobody reported on, and settles by its record.
    await sweep();
    expect(twilio.requests.map(requestLine)).toContain(
      line('GET', `/2010-04-01/Accounts/${twilio.accountSid}/Calls/${callSid}.json`),
    );
    // Settling wants the call to have ended before the sweep began: the next sweep, as the periodic
    // job would run it, makes that certain however fast the database is.
    await sweep();
    // Twilio's record says 70 seconds: 165 in all.
    expect(await minutes()).toMatchObject({ seconds_used: 165, minutes_used: 3 });

    const before = elevenlabs.requests.length;
    openai.replies.push(recapAnswer(SECOND_SUMMARY, { news: ['I can ride without training wheels'] }));
    const synced = await parent().post('/api/calls/sync-from-elevenlabs');
    expect(synced.status).toBe(200);
    expect(synced.body).toEqual({ message: 'Synced 1 call', stored: 1, unreadable: 0 });
    const asked = elevenlabs.requests.slice(before);
    expect(asked.map(requestLine)).toEqual([
      line('GET', '/v1/convai/conversations'),
      line('GET', `/v1/convai/conversations/${conversation}`),
      line('GET', `/v1/convai/conversations/${conversation}/audio`),
      // Once its audio is in, the provider's copy goes (the retention schedule's first row).
      line('DELETE', `/v1/convai/conversations/${conversation}`),
    ]);
    expect(asked[0]!.query.get('dynamic_variable_params')).toBe(`user_id:eq:${family.userId}`);
    expect(asked[0]!.query.get('agent_id')).toBe(elevenlabs.agentId);

    await ctx.jobs.drained();
    const history = await parent().get('/api/calls/history');
    expect(history.body.calls).toHaveLength(2);
    expect(history.body.calls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          duration: 70,
          phone_number: FAMILY_PHONE,
          transcript: expect.stringContaining('Child: I learned to ride without training wheels!'),
          summary: SECOND_SUMMARY,
          audio_url: expect.any(String),
        }),
      ]),
    );
    // Sync found a call already billed by Twilio's word: the pass is not charged twice.
    expect(await minutes()).toMatchObject({ seconds_used: 165, minutes_remaining: 177 });

    const again = await parent().post('/api/calls/sync-from-elevenlabs');
    expect(again.body).toEqual({ message: 'Synced 0 calls', stored: 0, unreadable: 0 });
    expect((await parent().get('/api/calls/history')).body.calls).toHaveLength(2);
  });

  test('Manage billing opens a Stripe portal session for the family, and a longer pass changes the same subscription with proration', async () => {
    const [subscription] = stripe.subscriptions.values();
    const before = stripe.requests.length;
    const portal = await parent().post('/api/stripe/billing-portal');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_bps_/);
    const [portalRequest] = stripe.requests.slice(before);
    expect(Object.fromEntries(new URLSearchParams(portalRequest!.body))).toEqual({
      customer: String(subscription!.customer),
      return_url: `${PUBLIC_URL}/dashboard?billing=portal`,
    });

    const upgrade = await parent()
      .post('/api/stripe/create-checkout')
      .type('form')
      .send({
        plan: 'subscription_6month',
        success_url: `${PUBLIC_URL}/dashboard?checkout=success&plan=subscription_6month`,
        cancel_url: `${PUBLIC_URL}/pricing`,
      });
    expect(upgrade.status).toBe(200);
    expect(upgrade.body.url).toBe(`${PUBLIC_URL}/dashboard?checkout=success&plan=subscription_6month`);
    expect(stripe.sessions.size).toBe(1);
    const update = stripe.requests
      .slice(before)
      .find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${String(subscription!.id)}`)!;
    expect(Object.fromEntries(new URLSearchParams(update.body))).toMatchObject({
      'items[0][price_data][unit_amount]': '15900',
      'items[0][price_data][recurring][interval_count]': '6',
      proration_behavior: 'create_prorations',
      payment_behavior: 'pending_if_incomplete',
    });
    const deliveries = stripe.takeDeliveries();
    expect(deliveries.map((d) => d.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    for (const delivery of deliveries) expect((await deliverStripe(delivery)).status).toBe(200);
    const status = (await parent().get('/api/subscription/status')).body.subscription;
    // 165 seconds were used of the 180 minutes: 10,635 seconds carried over to the new pass's 360 minutes.
    expect(status).toMatchObject({
      plan: 'subscription_6month',
      seconds_limit: 360 * 60 + 10_635,
      minutes_limit: 537,
      minutes_used: 0,
      renewal_amount: 15900,
    });
    expect(stripe.subscriptions.size).toBe(1);
    expect(twilio.numbers.size).toBe(1);
  });

  test("deleting the family's account ends the pass at Stripe, gives the number back to Twilio and deletes the calls at ElevenLabs", async () => {
    const [subscription] = stripe.subscriptions.values();
    const [number] = twilio.numbers.values();
    const askedBefore = elevenlabs.requests.length;
    const admin = await signInAsAdmin(ctx.app);
    const deleted = await admin.delete(`/api/admin/users/${family.userId}`);
    expect(deleted.status).toBe(200);

    expect(stripe.requests.map(requestLine)).toContain(
      line('DELETE', `/v1/subscriptions/${String(subscription!.id)}`),
    );
    expect(subscription!.status).toBe('canceled');
    expect(twilio.requests.map(requestLine)).toContain(
      line('DELETE', `/2010-04-01/Accounts/${twilio.accountSid}/IncomingPhoneNumbers/${number!.sid}.json`),
    );
    expect(twilio.numbers.size).toBe(0);
    // Copies already deleted on ingest are asked again: the erasure does not rely on an earlier answer.
    const deletions = elevenlabs.requests
      .slice(askedBefore)
      .filter((r) => r.method === 'DELETE')
      .map((r) => r.path);
    expect(deletions.sort()).toEqual(
      [family.firstConversation, family.secondConversation]
        .map((id) => `/v1/convai/conversations/${id}`)
        .sort(),
    );
    expect(elevenlabs.conversations.size).toBe(0);

    // Stripe then reports the cancellation; the account it belonged to is gone and nothing breaks.
    const cancellation = stripe.takeDeliveries();
    expect(cancellation.map((d) => d.type)).toEqual(['customer.subscription.deleted']);
    expect((await deliverStripe(cancellation[0]!)).status).toBe(200);
    expect((await parent().get('/api/calls/history')).status).toBe(401);
  });
});
