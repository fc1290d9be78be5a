/**
 * A family's whole journey through the app, background jobs included, then database errors
 * forced on purpose, with every log line of the app captured at trace level: nothing the family
 * told us, nor what the child said, may appear in them. Runs on PGlite and on Postgres (npm test).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, verifyPhone, type TestClient } from '../test/test-app.ts';
import { createLogger } from './logger.ts';
import { QUEUES } from './jobs/job-queue.ts';
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
const SIBLING = 'Thaddeus';
const NOTES = 'Tidied her room without being asked';
const CHILD_SAID = 'My hamster Biscuit learned to juggle';
const ADDRESS = '42 Snowberry Lane';
const PHONE = '+14155557361';
const PASSWORD = 'correct-horse-battery';

/** Everything the family told us or the child said, as it could appear in a log line. */
const SECRETS = [KID, WISH, SIBLING, NOTES, CHILD_SAID, ADDRESS, PHONE, PHONE.slice(2), PASSWORD, '$2b$'];

let family: { client: TestClient; user: { id: string; email: string }; profile: Record<string, unknown> };

function searchLogs(extra: string[] = []) {
  const log = lines.join('');
  for (const secret of [...SECRETS, family.user.email, ...extra]) expect(log, secret).not.toContain(secret);
  return log;
}

test('after a full journey, jobs and emails included, no log line carries the family’s data', async () => {
  const { client, user } = await signUp(ctx.voiceApp, { password: PASSWORD });
  const profile = validProfile({
    parent_phone: PHONE,
    kid_name: KID,
    wish_list: WISH,
    siblings: SIBLING,
    behavior_notes: NOTES,
  });
  family = { client, user, profile };
  expect((await postProfile(client, profile)).status).toBe(201);
  await verifyPhone(ctx, client, PHONE);
  await ctx.db.transaction((tx) =>
    ctx.services.subscription.activatePlan(tx, user.id, { plan: 'subscription_3month', amountCents: 0 }),
  );
  expect((await client.put('/api/privacy/retention').send({ mode: 'days', days: 30 })).status).toBe(200);

  // The child rings Santa; the call is stored, then its audio; the jobs write the summary, read
  // the transcript for safety (the child shared an address, so it is flagged) and send emails.
  const call = inboundCall(PHONE, HOTLINE);
  expect((await postTwilio(ctx, 'inbound', call)).text).toContain('<Connect>');
  const conversationId = 'conv_log_1';
  const payload = transcriptionPayload({
    conversationId,
    callSid: call.CallSid,
    userId: user.id,
    from: PHONE,
  });
  payload.data.transcript = [
    { role: 'agent', message: `Ho ho ho! Merry Christmas, ${KID}!`, time_in_call_secs: 0 },
    { role: 'user', message: `${CHILD_SAID}. I want ${WISH}. I live at ${ADDRESS}.`, time_in_call_secs: 4 },
    { role: 'agent', message: `What a clever hamster! Say hello to ${SIBLING}.`, time_in_call_secs: 9 },
  ];
  payload.data.analysis.transcript_summary = `${KID} told Santa that ${CHILD_SAID}.`;
  payload.data.conversation_initiation_client_data.dynamic_variables.kid_name = KID;
  expect((await postElevenLabs(ctx, payload)).status).toBe(200);
  const audio = {
    type: 'post_call_audio',
    data: { agent_id: 'agent_test', conversation_id: conversationId, full_audio: 'SUQz' },
  };
  expect((await postElevenLabs(ctx, audio)).status).toBe(200);
  expect(await ctx.jobs.drained()).toBe(true);

  const history = await client.get('/api/calls/history');
  expect(history.status).toBe(200);
  expect(JSON.stringify(history.body)).toContain(CHILD_SAID);
  const { rows: mail } = await ctx.db.query<{ subject: string }>(
    'select subject from sandbox_emails where to_address = $1',
    [user.email],
  );
  expect(mail.map((email) => email.subject)).toContain(`${KID} just talked to Santa`);
  const { rows: safety } = await ctx.db.query<{ flagged: boolean }>(
    'select r.flagged from call_safety_reviews r join calls c on c.id = r.call_id where c.user_id = $1',
    [user.id],
  );
  expect(safety).toEqual([{ flagged: true }]);

  // The retention jobs, as the queue runs them.
  for (const queue of [QUEUES.recordingRetention, QUEUES.transcriptRetention, QUEUES.inactiveAccounts])
    await ctx.jobs.send(queue, {});
  expect(await ctx.jobs.drained()).toBe(true);

  const log = searchLogs();
  // The journey was logged (requests, jobs, emails), so the search above means something.
  expect(log).toContain('/api/voice/elevenlabs/post-call');
  expect(log).toContain('email sent');
});

test('a database that refuses the family’s data logs the error without the data', async () => {
  const { client, profile } = family;
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

  const log = searchLogs();
  expect(log).toContain('"level":50'); // the forced error was logged
});
