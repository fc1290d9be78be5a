/**
 * The published retention schedule on a controlled clock: recordings nobody unlocked, each
 * family's own choice for its recordings, and the words of one-call plans. Each test seeds calls
 * at chosen ages and checks that exactly the due ones lose their recording file or words.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUEUES } from '../../jobs/job-queue.ts';
import { callState, seedCall } from '../../../test/fixtures/retention.ts';
import { createFamily, createVoiceTestContext, type VoiceTestContext } from '../../../test/fixtures/voice.ts';
import { TestClient } from '../../../test/test-app.ts';

let ctx: VoiceTestContext;
let clock = new Date();
beforeAll(async () => {
  ctx = await createVoiceTestContext({ deps: { now: () => clock } });
});
afterAll(async () => {
  await ctx.close();
});

const retention = () => ctx.services.retention.recordings;

test('a recording nobody unlocked is deleted, file and all, 30 days after its call; younger and unlocked ones stay', async () => {
  clock = new Date();
  const now = clock;
  const { user } = await createFamily(ctx, { plan: 'free_sample' });
  const due = await seedCall(ctx, user.id, { now, daysOld: 30.1, plan: 'free_sample' });
  const young = await seedCall(ctx, user.id, { now, daysOld: 29.9, plan: 'pay_per_call' });
  const unlocked = await seedCall(ctx, user.id, { now, daysOld: 60, plan: 'pay_per_call', purchased: true });

  expect(await retention().deleteDueRecordings()).toBe(1);

  expect(await callState(ctx, due)).toMatchObject({ row: { audio_key: null }, fileStored: false });
  expect(await callState(ctx, young)).toMatchObject({ row: { audio_key: young.audioKey }, fileStored: true });
  expect(await callState(ctx, unlocked)).toMatchObject({
    row: { audio_key: unlocked.audioKey },
    fileStored: true,
  });
  // The call itself stays in the family's history, words included.
  expect((await callState(ctx, due)).row?.transcript).toContain('Hello Santa');
});

test('a family that chose "delete after N days" loses each recording N days after its call, unlocked ones too', async () => {
  clock = new Date();
  const now = clock;
  const { user, client } = await createFamily(ctx, { plan: 'subscription_3month' });
  const chose = await client.put('/api/privacy/retention').send({ mode: 'days', days: 10 });
  expect(chose.status).toBe(200);
  expect(chose.body.choice).toEqual({ mode: 'days', days: 10 });
  const due = await seedCall(ctx, user.id, {
    now,
    daysOld: 10.1,
    plan: 'subscription_3month',
    purchased: true,
  });
  const young = await seedCall(ctx, user.id, {
    now,
    daysOld: 9.9,
    plan: 'subscription_3month',
    purchased: true,
  });
  // Another family keeps its recordings: nothing of theirs goes, however old.
  const other = await createFamily(ctx, { plan: 'subscription_3month' });
  const kept = await seedCall(ctx, other.user.id, {
    now,
    daysOld: 300,
    plan: 'subscription_3month',
    purchased: true,
  });

  expect(await retention().deleteDueRecordings()).toBe(1);

  expect(await callState(ctx, due)).toMatchObject({ row: { audio_key: null }, fileStored: false });
  expect(await callState(ctx, young)).toMatchObject({ fileStored: true });
  expect(await callState(ctx, kept)).toMatchObject({ fileStored: true });
});

test('"keep until I delete them" keeps an unlocked recording for good, even after a shorter choice', async () => {
  clock = new Date();
  const { user, client } = await createFamily(ctx, { plan: 'subscription_3month' });
  await client.put('/api/privacy/retention').send({ mode: 'days', days: 30 });
  const back = await client.put('/api/privacy/retention').send({ mode: 'keep' });
  expect(back.body.choice).toEqual({ mode: 'keep' });
  const old = await seedCall(ctx, user.id, {
    now: clock,
    daysOld: 3000,
    plan: 'subscription_3month',
    purchased: true,
  });

  // Years later, on the schedule's clock.
  clock = new Date(clock.getTime() + 5 * 365 * 24 * 60 * 60 * 1000);
  await retention().deleteDueRecordings();

  expect(await callState(ctx, old)).toMatchObject({ row: { audio_key: old.audioKey }, fileStored: true });
});

test('transcripts and summaries of Free Sample and Pay Per Call calls are deleted after 90 days; a pass’s stay', async () => {
  clock = new Date();
  const now = clock;
  const { user } = await createFamily(ctx, { plan: 'pay_per_call' });
  const sample = await seedCall(ctx, user.id, { now, daysOld: 90.1, plan: 'free_sample', audio: false });
  const payPerCall = await seedCall(ctx, user.id, { now, daysOld: 90.1, plan: 'pay_per_call', audio: false });
  const young = await seedCall(ctx, user.id, { now, daysOld: 89.9, plan: 'pay_per_call', audio: false });
  const pass = await seedCall(ctx, user.id, {
    now,
    daysOld: 900,
    plan: 'subscription_12month',
    purchased: true,
  });

  expect(await retention().deleteDueTranscripts()).toBe(2);

  for (const cleared of [sample, payPerCall])
    expect((await callState(ctx, cleared)).row).toEqual({ audio_key: null, transcript: '', summary: '' });
  // Nothing else in the whole table lost its words.
  const { rows } = await ctx.db.query<{ id: string }>(`select id from calls where transcript = ''`);
  expect(rows.map((row) => row.id).sort()).toEqual([sample.id, payPerCall.id].sort());
  expect((await callState(ctx, young)).row).toMatchObject({
    transcript: expect.stringContaining('Hello Santa'),
  });
  expect(await callState(ctx, pass)).toMatchObject({
    row: { summary: 'A happy chat.', audio_key: pass.audioKey },
    fileStored: true,
  });
});

test('the recording-retention job deletes what is due when the queue runs it', async () => {
  clock = new Date();
  const { user } = await createFamily(ctx, { plan: 'free_sample' });
  const due = await seedCall(ctx, user.id, { now: clock, daysOld: 45, plan: 'free_sample' });
  await ctx.jobs.send(QUEUES.recordingRetention, {});
  expect(await ctx.jobs.drained([QUEUES.recordingRetention])).toBe(true);
  expect(await callState(ctx, due)).toMatchObject({ row: { audio_key: null }, fileStored: false });
});

test('a family reads its choice with the bounds it may choose within, and a choice outside them is refused', async () => {
  const { client } = await createFamily(ctx);
  const read = await client.get('/api/privacy/retention');
  expect(read.body).toEqual({
    choice: { mode: 'keep' },
    min_days: 7,
    max_days: 365,
    unpurchased_recording_days: 30,
    one_call_transcript_days: 90,
  });
  const tooShort = await client.put('/api/privacy/retention').send({ mode: 'days', days: 3 });
  expect(tooShort.status).toBe(400);
  expect(tooShort.body.detail).toBe('Choose between 7 and 365 days');
  const notANumber = await client.put('/api/privacy/retention').send({ mode: 'days', days: 'soon' });
  expect(notANumber.status).toBe(400);
  expect((await client.get('/api/privacy/retention')).body.choice).toEqual({ mode: 'keep' });
});

test('only a signed-in parent reads or changes a retention choice', async () => {
  const stranger = new TestClient(ctx.app);
  expect((await stranger.get('/api/privacy/retention')).status).toBe(401);
  expect((await stranger.put('/api/privacy/retention').send({ mode: 'keep' })).status).toBe(401);
});
