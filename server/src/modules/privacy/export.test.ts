import JSZip from 'jszip';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUEUES } from '../../jobs/job-queue.ts';
import { createTestContext, TestClient, type TestContext } from '../../../test/test-app.ts';
import { countRows, familyWithCalls } from '../../../test/fixtures/privacy.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The download link from the "ready" email in the sandbox mailbox, as the parent clicks it. */
async function emailedLink(email: string): Promise<string> {
  expect(await ctx.jobs.drained([QUEUES.dataExport, QUEUES.email])).toBe(true);
  const { rows } = await ctx.db.query<{ text: string }>(
    `select text from sandbox_emails where to_address = $1 and subject like '%download is ready%'
     order by id desc limit 1`,
    [email],
  );
  expect(rows).toHaveLength(1);
  const link = /http:\/\/localhost:3000(\/api\/privacy\/exports\/download\/[A-Za-z0-9_-]+)/.exec(
    rows[0]!.text,
  );
  expect(link).not.toBeNull();
  return link![1]!;
}

async function requestAndDownload(family: Awaited<ReturnType<typeof familyWithCalls>>) {
  const requested = await family.client.post('/api/privacy/exports');
  expect(requested.status).toBe(202);
  const path = await emailedLink(family.user.email);
  // The link works without a session: a parent may open the email on another device.
  const res = await new TestClient(ctx.app)
    .get(path)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return { zip: await JSZip.loadAsync(res.body as Buffer), path };
}

/**
 * What the export itself adds once its archive is built (the "ready" email, the download's audit
 * row) is not in that archive.
 */
const AFTER_THE_ARCHIVE: Record<string, string> = {
  emails: ` and kind <> 'export_ready'`,
  privacy_audit_log: ` and action <> 'export_downloaded'`,
};

/** Every table with the family's rows, as the database itself counts them. */
async function familyTableCounts(userId: string): Promise<Record<string, number>> {
  const { rows } = await ctx.db.query<{ table_name: string }>(
    `select table_name from information_schema.columns
     where table_schema = current_schema() and column_name = 'user_id' and table_name not like 'sandbox_%'
       and table_name not in ('sessions', 'sign_in_handoffs', 'sign_in_failures', 'account_tokens')`,
  );
  const counts: Record<string, number> = { users: 1 };
  for (const { table_name: table } of rows) {
    const n = await countRows(
      ctx,
      `select 1 from "${table}" where user_id = $1${AFTER_THE_ARCHIVE[table] ?? ''}`,
      [userId],
    );
    if (n > 0) counts[table] = n;
  }
  counts.call_safety_reviews = await countRows(
    ctx,
    'select 1 from call_safety_reviews r join calls c on c.id = r.call_id where c.user_id = $1',
    [userId],
  );
  return counts;
}

test('the export contains every row and file of the family and nothing of another family', async () => {
  const family = await familyWithCalls(ctx, 'Tilly');
  const other = await familyWithCalls(ctx, 'Oskar');
  const { zip } = await requestAndDownload(family);

  const json = JSON.parse(await zip.file('family.json')!.async('string')) as {
    tables: Record<string, Record<string, unknown>[]>;
    recordings: string[];
  };
  const expected = await familyTableCounts(family.user.id);
  expect(expected).toMatchObject({ users: 1, kid_profiles: 1, calls: 2, call_safety_reviews: 2 });
  expect(
    Object.fromEntries(Object.entries(json.tables).map(([table, rows]) => [table, rows.length])),
  ).toEqual(expected);
  expect(json.tables.kid_profiles![0]).toMatchObject({ kid_name: 'Tilly', wish_list: "Tilly's sledge" });
  expect(json.tables.calls!.map((call) => call.transcript)).toEqual([
    'Santa: Hello Tilly!',
    'Santa: Hello Tilly!',
  ]);

  const recording = family.calls.find((call) => call.audioKey)!;
  const files = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir);
  expect(files.sort()).toEqual(['family.json', `recordings/${recording.id}.mp3`]);
  expect(await zip.file(`recordings/${recording.id}.mp3`)!.async('string')).toBe('ID3 Tilly audio');

  const everything = JSON.stringify(json);
  for (const needle of [other.user.id, other.user.email, 'Oskar', ...other.calls.map((call) => call.id)])
    expect(everything).not.toContain(needle);
  // Secrets that would let the archive's holder into the account are not in it.
  expect(everything).not.toContain('password_hash');
  expect(everything).not.toContain('token_hash');
});

test('the download link stops working once it expires, and the expired archive is deleted', async () => {
  const family = await familyWithCalls(ctx, 'Greta');
  const { path } = await requestAndDownload(family);
  const { rows } = await ctx.db.query<{ archive_key: string }>(
    `update data_exports set expires_at = now() - interval '1 minute' where user_id = $1 returning archive_key`,
    [family.user.id],
  );
  const res = await new TestClient(ctx.app).get(path);
  expect(res.status).toBe(404);
  expect(res.body.detail).toMatch(/expired/);
  expect(await ctx.services.privacy.exports.deleteExpired()).toBe(1);
  expect(await ctx.providers.recordings.size(rows[0]!.archive_key)).toBeNull();
});

test('a made-up download link is refused', async () => {
  const res = await new TestClient(ctx.app).get('/api/privacy/exports/download/not-a-real-token');
  expect(res.status).toBe(404);
});

test('an export the job queue builds twice at once still opens from its link', async () => {
  const family = await familyWithCalls(ctx, 'Juniper');
  expect((await family.client.post('/api/privacy/exports')).status).toBe(202);
  const { rows } = await ctx.db.query<{ id: string }>('select id from data_exports where user_id = $1', [
    family.user.id,
  ]);
  const job = { exportId: rows[0]!.id };
  // The queue delivers at least once: a second delivery races the first.
  await Promise.all([ctx.services.privacy.exports.build(job), ctx.services.privacy.exports.build(job)]);
  const path = await emailedLink(family.user.email);
  const res = await new TestClient(ctx.app).get(path);
  expect(res.status).toBe(200);
});
