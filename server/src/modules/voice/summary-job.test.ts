import { uniqueConversationId } from '../../../test/fixtures/unique.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LocalSummarizer } from '../../providers/summarizer/local-summarizer.ts';
import type { CallSummary, SummaryInput } from '../../providers/summarizer/summarizer.ts';
import { EMPTY_RECAP } from '@santa/shared/recap';
import { QUEUES } from '../../jobs/queues.ts';
import type { DiagnosisContext } from '../../providers/diagnosis.ts';
import type { Mailer, OutgoingEmail } from '../../providers/email/mailer.ts';
import {
  connectedCall,
  createVoiceTestContext,
  postElevenLabs,
  transcriptionPayload,
  type VoiceTestContext,
  afterCallJob,
} from '../../../test/fixtures/voice.ts';

/** A summarizer the test controls: it answers when told to, or fails the first tries. */
class GatedSummarizer extends LocalSummarizer {
  calls = 0;
  failuresLeft = 0;
  private release: (() => void) | undefined;
  private gate: Promise<void> | undefined;

  hold(): void {
    this.gate = new Promise((resolve) => (this.release = resolve));
  }

  open(): void {
    this.release?.();
    this.gate = undefined;
  }

  override async summarize(input: SummaryInput): Promise<CallSummary> {
    this.calls += 1;
    if (this.gate) await this.gate;
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('summarizer unavailable');
    }
    return { summary: `Summary of ${input.kidName ?? 'a child'}'s call`, recap: EMPTY_RECAP };
  }
}

const isRecap = (subject: string) => subject.endsWith('just talked to Santa');

/** The sandbox mailer, refusing the next `refusalsLeft` recaps as a mail server that is down. */
class FlakyMailer implements Mailer {
  refusalsLeft = 0;
  readonly subjectsSentTo = new Map<string, string[]>();
  constructor(private readonly inner: Mailer) {}
  readonly isSandbox = true;
  get from() {
    return this.inner.from;
  }
  diagnose(context: DiagnosisContext) {
    return this.inner.diagnose(context);
  }
  async send(email: OutgoingEmail): Promise<void> {
    if (this.refusalsLeft > 0 && isRecap(email.subject)) {
      this.refusalsLeft -= 1;
      throw new Error('421 the mail server is down');
    }
    await this.inner.send(email);
    this.subjectsSentTo.set(email.to, [...(this.subjectsSentTo.get(email.to) ?? []), email.subject]);
  }
}

const summarizer = new GatedSummarizer();
let mailer!: FlakyMailer;
let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext({
    summarizer,
    mailer: (sandbox) => (mailer = new FlakyMailer(sandbox)),
  });
});
afterAll(async () => {
  summarizer.open();
  await ctx.close();
});

const nextConversationId = () => uniqueConversationId('conv_summary');

const recapsTo = (email: string) => (mailer.subjectsSentTo.get(email) ?? []).filter(isRecap);

async function recapJobsFor(conversationId: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>(
    `select count(*)::int as n from ${ctx.jobs.schema}.job j
     join emails e on e.id::text = j.data->>'emailId'
     join calls c on c.id::text = e.event_key
     where j.name = 'email' and c.conversation_id = $1`,
    [conversationId],
  );
  return rows[0]!.n;
}

async function summaryOf(conversationId: string): Promise<string | undefined> {
  const { rows } = await ctx.db.query<{ summary: string }>(
    'select summary from calls where conversation_id = $1',
    [conversationId],
  );
  return rows[0]?.summary;
}

async function safetyReadsOf(conversationId: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>(
    'select count(*)::int as n from call_safety_reviews r join calls c on c.id = r.call_id where c.conversation_id = $1',
    [conversationId],
  );
  return rows[0]!.n;
}

test('the post-call webhook answers before the summary is written, and the summary follows', async () => {
  const { callSid } = await connectedCall(ctx);
  const conversationId = nextConversationId();
  summarizer.hold();
  // The summarizer is held until the test opens it: a webhook that waited for it would not answer.
  const res = await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid }));
  expect(res.status).toBe(200);
  expect(await summaryOf(conversationId)).toBe('');

  summarizer.open();
  expect(await ctx.jobs.drained()).toBe(true);
  expect(await summaryOf(conversationId)).toBe("Summary of Emma's call");
});

test("the call's safety read is stored while its summary is still being written", async () => {
  const { callSid } = await connectedCall(ctx);
  const conversationId = nextConversationId();
  summarizer.hold();
  try {
    await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid }));
    await expect.poll(() => safetyReadsOf(conversationId), { timeout: 5_000 }).toBe(1);
    expect(await summaryOf(conversationId)).toBe('');
  } finally {
    summarizer.open();
  }
  expect(await ctx.jobs.drained()).toBe(true);
  expect(await summaryOf(conversationId)).toBe("Summary of Emma's call");
});

test('a summary job run again after it succeeded pays the summariser nothing and sends no second recap', async () => {
  const { callSid } = await connectedCall(ctx);
  const conversationId = nextConversationId();
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid }));
  const emails = async () =>
    (
      await ctx.db.query<{ n: number }>(
        "select count(*)::int as n from emails e join calls c on c.id::text = e.event_key where e.kind = 'call_recap' and c.conversation_id = $1",
        [conversationId],
      )
    ).rows[0]!.n;
  await expect.poll(emails, { timeout: 10_000 }).toBe(1);
  const before = summarizer.calls;

  await ctx.services.voice.postCall.afterCall(afterCallJob(conversationId));
  expect(summarizer.calls).toBe(before);
  expect(await emails()).toBe(1);
  expect(await summaryOf(conversationId)).toBe("Summary of Emma's call");
});

test('a summary that fails is retried by the job queue, not lost', async () => {
  const { callSid } = await connectedCall(ctx);
  const conversationId = nextConversationId();
  summarizer.failuresLeft = 1;
  const before = summarizer.calls;
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid }));
  // The first try failed; the retry waits for its backoff, so it is not drained yet.
  await expect.poll(() => summarizer.calls, { timeout: 5_000 }).toBe(before + 1);
  expect(await summaryOf(conversationId)).toBe('');
  // The queue records the failure just after the handler throws, so the state is read until it lands.
  const jobState = async () =>
    (
      await ctx.db.query<{ state: string }>(
        `select state from ${ctx.jobs.schema}.job where name = 'after-call' and data->>'conversationId' = $1`,
        [conversationId],
      )
    ).rows[0]?.state;
  await expect.poll(jobState, { timeout: 5_000 }).not.toBe('active');
  expect(await jobState()).toBe('retry');
  expect(await summaryOf(conversationId)).toBe('');
});

test('a summary job for a call deleted since does nothing', async () => {
  await ctx.services.voice.postCall.afterCall(afterCallJob('conv_summary_gone'));
  expect(await summaryOf('conv_summary_gone')).toBeUndefined();
});

test('the recap goes out with the summary, without an email job of its own', async () => {
  const { user, callSid } = await connectedCall(ctx);
  const conversationId = nextConversationId();
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid }));
  await expect.poll(() => recapsTo(user.email), { timeout: 5_000 }).toEqual(['Emma just talked to Santa']);
  expect(await recapJobsFor(conversationId)).toBe(0);
});

test('a recap the mail server refuses is left to the email job, which sends it once the server is back', async () => {
  const { user, callSid } = await connectedCall(ctx);
  const conversationId = nextConversationId();
  mailer.refusalsLeft = 1;
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid }));
  await expect.poll(() => recapJobsFor(conversationId), { timeout: 5_000 }).toBe(1);
  expect(await summaryOf(conversationId)).toBe("Summary of Emma's call");
  expect(await ctx.jobs.drained([QUEUES.email])).toBe(true);
  expect(recapsTo(user.email)).toEqual(['Emma just talked to Santa']);
});

test('a summary job that stopped between writing the summary and sending its recap sends it when run again', async () => {
  const { user, callSid } = await connectedCall(ctx);
  const conversationId = nextConversationId();
  // Refused by the summary job, then by the email job's first try, which waits 30 s to retry.
  mailer.refusalsLeft = 2;
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid }));
  await expect.poll(() => mailer.refusalsLeft, { timeout: 5_000 }).toBe(0);
  const heldRecap = `from ${ctx.jobs.schema}.job where name = 'email' and data->>'emailId' in (
    select e.id::text from emails e join calls c on c.id::text = e.event_key where c.conversation_id = $1)`;
  const jobState = async () =>
    (await ctx.db.query<{ state: string }>(`select state ${heldRecap}`, [conversationId])).rows[0]?.state;
  await expect.poll(jobState, { timeout: 5_000 }).toBe('retry');
  // As if the replica had stopped before handing the recap on: no email job holds it.
  await ctx.db.query(`delete ${heldRecap}`, [conversationId]);
  const before = summarizer.calls;

  await ctx.services.voice.postCall.afterCall(afterCallJob(conversationId));
  expect(summarizer.calls).toBe(before);
  expect(recapsTo(user.email)).toEqual(['Emma just talked to Santa']);
});
