/**
 * The server is killed (SIGKILL) while a child is on the phone, then started again: the family
 * is never locked out, and the call is billed by Twilio's record of it. Real processes on
 * Postgres (PGlite is one process's database); the sandbox phone places the call.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFamily, createVoiceTestContext, HOTLINE, type VoiceTestContext } from './fixtures/voice.ts';
import { startAppProcess, urlWithSchema, type AppProcess } from './app-process.ts';
import { testSchemaOf } from './test-db.ts';

const url = process.env.TEST_DATABASE_URL;

/** What the sandbox phone answers to dial and hangup. */
interface PhoneAnswer {
  state: { status: 'live' | 'ended'; call_sid: string };
  delivery?: Record<string, number>;
}

describe.skipIf(!url)('killing the server during a live call', () => {
  let ctx: VoiceTestContext;
  let env: Record<string, string>;
  let app: AppProcess | undefined;

  beforeAll(async () => {
    ctx = await createVoiceTestContext();
    const schema = testSchemaOf(ctx.db)!;
    env = {
      DATABASE_URL: urlWithSchema(url!, schema),
      JOB_QUEUE_SCHEMA: `${schema}_jobs`,
      // Minutes in production; seconds here, so the test need not wait.
      SILENT_CALL_CHECK_SECONDS: '1',
      POST_CALL_GRACE_SECONDS: '1',
    };
  });
  afterAll(async () => {
    await app?.stop();
    await ctx.close();
  });

  function phone(path: string, body: object) {
    return fetch(`${app!.url}/sandbox/phone/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app!.url },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as PhoneAnswer }));
  }

  async function reservation(callSid: string) {
    const { rows } = await ctx.db.query<{ status: string; seconds_billed: number | null }>(
      'select status, seconds_billed from call_reservations where call_sid = $1',
      [callSid],
    );
    return rows[0];
  }

  async function secondsUsed(userId: string): Promise<number | undefined> {
    return (await ctx.services.subscription.find(userId))?.seconds_used;
  }

  /** Kills the process mid-call and starts a new one on the same address (Twilio's webhook URL). */
  async function crashAndRestart(): Promise<void> {
    const port = new URL(app!.url).port;
    await app!.kill();
    app = await startAppProcess(env, Number(port));
  }

  test("a call that ended while the server was down is settled by Twilio's record, and the family can call again", async () => {
    app ??= await startAppProcess(env);
    const family = await createFamily(ctx, { plan: 'subscription_3month' });
    const dial = await phone('/dial', { from: family.parentPhone, to: HOTLINE });
    expect(dial.body.state.status).toBe('live');
    const callSid = dial.body.state.call_sid;
    expect(await reservation(callSid)).toMatchObject({ status: 'open' });

    await crashAndRestart();
    // While the server was down the child said goodbye: Twilio's record is all there is.
    await ctx.db.query(
      `update sandbox_twilio_calls set status = 'completed', duration_seconds = 95 where call_sid = $1`,
      [callSid],
    );

    await expect
      .poll(() => reservation(callSid), { timeout: 30_000, interval: 250 })
      .toMatchObject({
        status: 'settled',
        seconds_billed: 95,
      });
    expect(await secondsUsed(family.user.id)).toBe(95);
    const again = await phone('/dial', { from: family.parentPhone, to: HOTLINE });
    expect(again.body.state.status).toBe('live');
    await phone('/hangup', { call_sid: again.body.state.call_sid });
  }, 90_000);

  test('a call still going after the restart ends normally when the child hangs up', async () => {
    app ??= await startAppProcess(env);
    const family = await createFamily(ctx, { plan: 'subscription_3month' });
    const dial = await phone('/dial', { from: family.parentPhone, to: HOTLINE });
    const callSid = dial.body.state.call_sid;

    await crashAndRestart();
    const hangup = await phone('/hangup', { call_sid: callSid });
    expect(hangup.body.delivery).toEqual({
      post_call_transcription: 200,
      post_call_audio: 200,
      status_callback: 200,
    });
    const settled = await reservation(callSid);
    // Settled by its seconds, or closed free when the restart left it under 20 seconds (decision 0021).
    expect(['settled', 'closed']).toContain(settled?.status);
    expect(await secondsUsed(family.user.id)).toBe(settled?.seconds_billed);
    const again = await phone('/dial', { from: family.parentPhone, to: HOTLINE });
    expect(again.body.state.status).toBe('live');
    await phone('/hangup', { call_sid: again.body.state.call_sid });
  }, 90_000);
});
