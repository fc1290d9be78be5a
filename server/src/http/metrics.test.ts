import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { countFailures } from '../metrics/count-failures.ts';
import { createMetrics } from '../metrics/metrics.ts';
import { connectedCall, createVoiceTestContext, type VoiceTestContext } from '../../test/fixtures/voice.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('with METRICS_TOKEN set', () => {
  let ctx: VoiceTestContext;
  beforeAll(async () => {
    ctx = await createVoiceTestContext({ env: { METRICS_TOKEN: TOKEN }, deps: { metrics: createMetrics() } });
  });
  afterAll(() => ctx.close());

  const scrape = () => supertest(ctx.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);

  test('GET /metrics without the token is refused with 401', async () => {
    const res = await supertest(ctx.app).get('/metrics');
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('A valid metrics token is required.');
  });

  test('GET /metrics with a wrong token is refused with 401', async () => {
    const res = await supertest(ctx.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`);
    expect(res.status).toBe(401);
  });

  test('GET /metrics answers in the Prometheus text format', async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toContain('process_resident_memory_bytes');
  });

  test('a ringing call shows in webhook latency and in calls in progress', async () => {
    await connectedCall(ctx);
    const res = await scrape();
    expect(res.text).toMatch(
      /santa_webhook_duration_seconds_count\{route="\/api\/voice\/twilio\/inbound",status="200"\} [1-9]/,
    );
    expect(res.text).toMatch(/^santa_calls_in_progress [1-9]/m);
  });

  test('phone codes sent today are reported beside their daily cap, for an alert before codes stop', async () => {
    await ctx.db.query(
      `insert into phone_code_sends (client_hash, phone) select md5(g::text), '+1415555' || g from generate_series(1, 7) g`,
    );
    const res = await scrape();
    expect(res.text).toMatch(/^santa_phone_codes_sent_today 7$/m);
    expect(res.text).toMatch(/^santa_phone_codes_daily_cap 5000$/m);
    await ctx.db.query('delete from phone_code_sends');
  });

  test('recap emails are counted by how they were rendered, so a falling template share shows', async () => {
    const res = await scrape();
    for (const way of ['template', 'new_shape', 'whole']) {
      expect(res.text).toMatch(new RegExp(`^santa_recap_emails_rendered_total\\{way="${way}"\\} \\d+$`, 'm'));
    }
  });

  test('the statements sent to the database are counted, a ringing call adding its own', async () => {
    const statements = async () =>
      Number(/^santa_db_statements_total (\d+)$/m.exec((await scrape()).text)?.[1] ?? NaN);
    const before = await statements();
    await connectedCall(ctx);
    // The ring's budget is three statements (call-budgets.test.ts); the scrapes read a few more.
    expect((await statements()) - before).toBeGreaterThanOrEqual(3);
  });

  test('the job queue depth is reported per queue', async () => {
    const res = await scrape();
    expect(res.text).toMatch(/^santa_job_queue_depth\{queue="after-call"\} \d+$/m);
    expect(res.text).toMatch(/^santa_job_queue_depth\{queue="call-deadlines"\} \d+$/m);
  });
});

describe('without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ deps: { metrics: createMetrics() } });
  });
  afterAll(() => ctx.close());

  test('there is no /metrics', async () => {
    expect((await supertest(ctx.app).get('/metrics')).status).toBe(404);
  });
});

test('a provider call that fails is counted by provider and operation', async () => {
  const metrics = createMetrics();
  const telephony = countFailures(
    {
      fetchCall: async () => {
        throw new Error('Twilio is down');
      },
      hotlineNumber: '+15550100',
    },
    'telephony',
    (provider, operation) => metrics.providerError(provider, operation),
  );
  await expect(telephony.fetchCall()).rejects.toThrow('Twilio is down');
  expect(telephony.hotlineNumber).toBe('+15550100');
  const text = await metrics.registry.metrics();
  expect(text).toContain('santa_provider_errors_total{provider="telephony",operation="fetchCall"} 1');
});
