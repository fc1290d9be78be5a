/**
 * What one call costs the database, as budgets a change must not creep past: the SQL statements
 * each webhook of a call's life sends, the jobs a call queues and what each of them sends, and the
 * dashboard a parent polls meanwhile. Counts do not drift
 * with the machine the way times do. Raising a budget is a deliberate line in the diff, with why.
 */
import { uniqueSantaNumber } from '../../../test/fixtures/unique.ts';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { countingDb, type CountingDb } from '../../../test/fixtures/counting-db.ts';
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
import { testSchemaOf } from '../../../test/test-db.ts';
import { QUEUES } from '../../jobs/queues.ts';
import type { Mailer } from '../../providers/email/mailer.ts';

/** Statements each webhook may send (BEGIN and COMMIT count), and jobs a whole call may queue. */
const BUDGET = {
  // The caller recognised by their number with the family's consent, children and memories in one
  // read; the reservation on a free line; Santa's script (read once a minute, this test's first).
  inboundHotline: 3,
  // The line's owner, its profile with the family's read, whether the caller's phone is the
  // family's, the reservation on a free line (Santa's script is read by then).
  inboundOwnLine: 4,
  // One statement ends the reservation and records Twilio's duration (shared by the callbacks that
  // arrive together).
  statusCompleted: 1,
  // Seen before? with the reservation and the family's children, then one statement: the call with
  // its reservation finished, the plan charged, its provider copy's deletion scheduled and both
  // jobs queued (a short call or Pay Per Call's one call takes a transaction around it).
  postCallTranscription: 2,
  // The audio's key with whether the provider copy's deletion waited for it, then that deletion's
  // removal once the provider confirms it (one statement for the calls confirmed together).
  postCallAudio: 2,
  // One after-call job: the summary and the safety read.
  jobsPerCall: 1,
  // A parent's dashboard, polled every few seconds: the plan (the session is remembered from the
  // poll before, while this replica hears every replica's revocations).
  planStatus: 1,
  // The calls with their reservations, their safety reads and the children who made them.
  callHistory: 1,
  // The after-call job: the call with its transcript and what earlier tries did, read once for
  // both halves; then one statement for the summary and recap, Santa's memories and the recap email
  // with its account's address (unless the parent turned recaps off); the email's sent mark (one
  // for the recaps of a batch that went out together); the safety read (one statement stores a
  // batch's reads).
  afterCallJob: 4,
};

/**
 * Round trips each webhook waits for, however many statements it sends: statements sent together
 * (read side by side) count once. Twilio and ElevenLabs wait for every one of them.
 */
const ROUND_TRIPS = {
  // The caller with the family, then the reservation (Santa's script was read).
  inboundHotline: 2,
  // The reservation with the children, then the statement that stores the call.
  postCallTranscription: 2,
  // The calls with their safety reads, beside the children.
  callHistory: 1,
};

let ctx: VoiceTestContext;
let counting: CountingDb | undefined;
/**
 * While set, a sent email waits until this many have been sent, then all go on at once: recaps
 * that finish at one moment, as a batch's do under load.
 */
let sendsTogether = 0;
const sent: (() => void)[] = [];
const sendingTogether = (sandbox: Mailer): Mailer => ({
  from: sandbox.from,
  isSandbox: sandbox.isSandbox,
  diagnose: (context) => sandbox.diagnose(context),
  async send(email) {
    await sandbox.send(email);
    if (sendsTogether === 0) return;
    await new Promise<void>((resolve) => {
      sent.push(resolve);
      if (sent.length === sendsTogether) sent.splice(0).forEach((goOn) => goOn());
    });
  },
});
beforeAll(async () => {
  ctx = await createVoiceTestContext({
    workers: false,
    appDb: (db) => (counting = countingDb(db)).db,
    mailer: sendingTogether,
  });
});
afterAll(() => ctx.close());

/** The statements `step` sends through the app's database. */
async function statementsOf(step: () => Promise<unknown>): Promise<string[]> {
  counting!.reset();
  await step();
  return [...counting!.statements];
}

async function jobsQueued(): Promise<number> {
  const schema = testSchemaOf(ctx.db);
  const table = schema ? `${schema}_jobs.job` : 'pgboss.job';
  const { rows } = await ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]!.n;
}

/** The jobs of `queue` waiting in the queue's table, newest last. */
async function queued(queue: string): Promise<object[]> {
  const schema = testSchemaOf(ctx.db);
  const table = schema ? `${schema}_jobs.job` : 'pgboss.job';
  const { rows } = await ctx.db.query<{ data: object }>(
    `select data from ${table} where name = $1 and state = 'created' order by created_on`,
    [queue],
  );
  return rows.map((row) => row.data);
}

async function familyWithOwnLine() {
  const family = await createFamily(ctx, { plan: 'subscription_3month' });
  const line = uniqueSantaNumber();
  await ctx.db.query('insert into agent_configs (user_id, twilio_phone_number) values ($1, $2)', [
    family.user.id,
    line,
  ]);
  return { ...family, line };
}

test('a call from a known family on the hotline, whole life long', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month' });
  const call = inboundCall(parentPhone, HOTLINE);
  const conversationId = `conv_budget_${call.CallSid}`;
  const jobsBefore = await jobsQueued();
  const steps = {
    inboundHotline: await statementsOf(() => postTwilio(ctx, 'inbound', call)),
    statusCompleted: await statementsOf(() =>
      postTwilio(ctx, 'status', { CallSid: call.CallSid, CallStatus: 'completed', CallDuration: '95' }),
    ),
    postCallTranscription: await statementsOf(() =>
      postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid: call.CallSid, userId: user.id })),
    ),
    postCallAudio: await statementsOf(() =>
      postElevenLabs(ctx, {
        type: 'post_call_audio',
        data: { conversation_id: conversationId, full_audio: Buffer.from('ID3 audio').toString('base64') },
      }),
    ),
  };
  const jobs = (await jobsQueued()) - jobsBefore;
  expect(steps.inboundHotline.length).toBeGreaterThan(0); // the counter sees the app's database
  for (const [step, statements] of Object.entries(steps))
    expect(statements.length, `${step}:\n${statements.join('\n')}`).toBeLessThanOrEqual(
      BUDGET[step as keyof typeof BUDGET],
    );
  expect(jobs).toBeLessThanOrEqual(BUDGET.jobsPerCall);
});

test('a ringing call and its finished call wait for their round trips, not one per statement', async () => {
  // Santa's script is read once a minute, not on every ring.
  await ctx.services.santaScript.scriptForCall();
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month' });
  const call = inboundCall(parentPhone, HOTLINE);
  const roundTripsOf = async (step: () => Promise<unknown>) => {
    counting!.reset();
    await step();
    return counting!.roundTrips;
  };
  const waited = {
    inboundHotline: await roundTripsOf(() => postTwilio(ctx, 'inbound', call)),
    postCallTranscription: await roundTripsOf(() =>
      postElevenLabs(
        ctx,
        transcriptionPayload({
          conversationId: `conv_trips_${call.CallSid}`,
          callSid: call.CallSid,
          userId: user.id,
        }),
      ),
    ),
  };
  for (const [step, trips] of Object.entries(waited))
    expect(trips, step).toBeLessThanOrEqual(ROUND_TRIPS[step as keyof typeof ROUND_TRIPS]);
});

test('a call from the family’s own phone on its own line', async () => {
  const { parentPhone, line } = await familyWithOwnLine();
  const statements = await statementsOf(() => postTwilio(ctx, 'inbound', inboundCall(parentPhone, line)));
  expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(BUDGET.inboundOwnLine);
});

test('a parent’s dashboard polls: plan status and call history', async () => {
  const { client, parentPhone, user } = await createFamily(ctx, { plan: 'subscription_3month' });
  const call = inboundCall(parentPhone, HOTLINE);
  await postTwilio(ctx, 'inbound', call);
  await postElevenLabs(
    ctx,
    transcriptionPayload({
      conversationId: `conv_dash_${call.CallSid}`,
      callSid: call.CallSid,
      userId: user.id,
    }),
  );
  await vi.waitFor(() => expect(ctx.services.auth.hearsRevocations()).toBe(true), { timeout: 5_000 });
  await client.get('/api/subscription/status');
  // A poll later than a replica that hears no revocations remembers a session (half a second).
  await new Promise((resolve) => setTimeout(resolve, 600));
  const status = await statementsOf(() => client.get('/api/subscription/status'));
  expect(status.length, status.join('\n')).toBeLessThanOrEqual(BUDGET.planStatus);
  const history = await statementsOf(() => client.get('/api/calls/history'));
  expect(history.length, history.join('\n')).toBeLessThanOrEqual(BUDGET.callHistory);
  expect(counting!.roundTrips, 'history round trips').toBeLessThanOrEqual(ROUND_TRIPS.callHistory);
});

test('a dashboard’s requests that arrive together look the session up once', async () => {
  const { client } = await createFamily(ctx, { plan: 'subscription_3month' });
  const statements = await statementsOf(() =>
    // A new sign-in's token is in no process's memory yet.
    Promise.all([
      ctx.services.auth.authenticate(client.cookie),
      ctx.services.auth.authenticate(client.cookie),
    ]),
  );
  expect(statements, statements.join('\n')).toHaveLength(1);
});

test('the background work of one finished call', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month' });
  const call = inboundCall(parentPhone, HOTLINE);
  const conversationId = `conv_jobs_${call.CallSid}`;
  await postTwilio(ctx, 'inbound', call);
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid: call.CallSid, userId: user.id }));
  const mine = (jobs: object[]) =>
    jobs.filter((job) => (job as { conversationId?: string }).conversationId === conversationId);
  const [job] = mine(await queued(QUEUES.afterCall));
  const emailsBefore = (await queued(QUEUES.email)).length;
  const work = await statementsOf(() => ctx.services.voice.postCall.afterCall(job as never));
  // The recap went with the summary: no email job was queued for it.
  expect((await queued(QUEUES.email)).length).toBe(emailsBefore);
  expect(work.length, work.join('\n')).toBeLessThanOrEqual(BUDGET.afterCallJob);
});

test('the after-call jobs of calls that ended together read their calls once and store each kind of result in one statement', async () => {
  const calls: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month' });
    const call = inboundCall(parentPhone, HOTLINE);
    const conversationId = `conv_together_${call.CallSid}`;
    await postTwilio(ctx, 'inbound', call);
    await postElevenLabs(
      ctx,
      transcriptionPayload({ conversationId, callSid: call.CallSid, userId: user.id }),
    );
    calls.push(conversationId);
  }
  const ours = (jobs: object[]) =>
    jobs.filter((job) => calls.includes((job as { conversationId: string }).conversationId));
  const jobs = ours(await queued(QUEUES.afterCall));
  // A batch of jobs runs side by side, as the queue runs it.
  sendsTogether = jobs.length;
  const statements = await statementsOf(() =>
    Promise.all(jobs.map((job) => ctx.services.voice.postCall.afterCall(job as never))),
  ).finally(() => (sendsTogether = 0));
  const matching = (found: string[], text: string) => found.filter((sql) => sql.includes(text));
  expect(matching(statements, 'from calls where conversation_id')).toHaveLength(1);
  // The three recaps were sent; one statement marks them sent.
  expect(matching(statements, 'update emails e set sent_at')).toHaveLength(1);
  expect(matching(statements, 'insert into call_safety_reviews')).toHaveLength(1);
});
