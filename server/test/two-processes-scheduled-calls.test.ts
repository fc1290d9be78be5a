/**
 * Santa's scheduled call with two app processes (src/main.ts, as production runs them) on one
 * Postgres (decision 0025): at the call's instant both processes' workers are free to take its job,
 * and a duplicate of the job is there for the other; the family phone is dialled once.
 * Postgres only: PGlite is one process's database.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { QUEUES } from '../src/jobs/job-queue.ts';
import { uniqueUkPhone } from './fixtures/unique.ts';
import { createFamily, createVoiceTestContext, type VoiceTestContext } from './fixtures/voice.ts';
import { startAppProcess, urlWithSchema, type AppProcess } from './app-process.ts';
import { testSchemaOf } from './test-db.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('a scheduled call with two app processes on one Postgres', () => {
  let ctx: VoiceTestContext;
  let a: AppProcess;
  let b: AppProcess;

  beforeAll(async () => {
    // The test's own app seeds the family and schedules the call on the schema both processes use.
    ctx = await createVoiceTestContext();
    const schema = testSchemaOf(ctx.db)!;
    const env = { DATABASE_URL: urlWithSchema(url!, schema), JOB_QUEUE_SCHEMA: `${schema}_jobs` };
    [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await ctx?.close();
  });

  const dialsTo = async (phone: string) =>
    (
      await ctx.db.query<{ n: number }>(
        'select count(*)::int as n from sandbox_twilio_calls where to_number = $1',
        [phone],
      )
    ).rows[0]!.n;

  test('at its instant the call is dialled once, whichever process takes the job', async () => {
    const { client, parentPhone } = await createFamily(ctx, {
      plan: 'subscription_3month',
      minutes: 30,
      parentPhone: uniqueUkPhone(),
    });
    const { body: kids } = await client.get('/api/children');
    const date = new Date(Date.now() + 2 * 24 * 60 * 60_000).toISOString().slice(0, 10);
    const scheduled = await client.post('/api/scheduled-calls').send({
      date,
      time: '12:00',
      time_zone: 'UTC',
      phone: parentPhone,
      child_ids: [kids.children[0].id],
    });
    expect(scheduled.status).toBe(201);
    // A second job for the same call, so each process can hold one at the same moment.
    await ctx.jobs.send(QUEUES.scheduledCallPlacement, { scheduledCallId: scheduled.body.id, version: 0 });
    // Only the two processes work the queue from here on.
    await ctx.jobs.stop();
    const { rows: held } = await ctx.db.query<{ start_after: Date }>(
      `select start_after from ${ctx.jobs.schema}.job where name = $1 and data->>'scheduledCallId' = $2
       and state = 'created' order by start_after desc`,
      [QUEUES.scheduledCallPlacement, scheduled.body.id],
    );
    expect(new Date(held[0]!.start_after).toISOString()).toBe(`${date}T12:00:00.000Z`);

    // The instant arrives.
    await ctx.db.query(
      `update ${ctx.jobs.schema}.job set start_after = now() where name = $1 and data->>'scheduledCallId' = $2`,
      [QUEUES.scheduledCallPlacement, scheduled.body.id],
    );
    await expect
      .poll(
        async () => {
          const { rows } = await ctx.db.query<{ n: number }>(
            `select count(*)::int as n from ${ctx.jobs.schema}.job where name = $1
             and data->>'scheduledCallId' = $2 and state = 'completed'`,
            [QUEUES.scheduledCallPlacement, scheduled.body.id],
          );
          return rows[0]!.n;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(2);
    expect(await dialsTo(parentPhone)).toBe(1);
    const { rows } = await ctx.db.query<{ status: string; attempts: number }>(
      'select status, attempts from scheduled_calls where id = $1',
      [scheduled.body.id],
    );
    expect(rows[0]).toEqual({ status: 'dialing', attempts: 1 });
  }, 60_000);
});
