/**
 * Keepsakes and the family's privacy: deleting the call or the account kills its links, a
 * recording the retention schedule deletes stops playing through them, the family's download
 * lists its links without their tokens, and the admin sees how many are working.
 */
import JSZip from 'jszip';
import supertest from 'supertest';
import { QUEUES } from '../../jobs/job-queue.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestContext, signInAsAdmin, type TestContext } from '../../../test/test-app.ts';
import { familyWithKeepsake, share } from '../../../test/fixtures/keepsakes.ts';
import { countRows } from '../../../test/fixtures/privacy.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const open = (token: string, path = '') => supertest(ctx.app).get(`/api/keepsakes/${token}${path}`);

test("deleting the call kills its links: the listener finds no keepsake and the link's row is gone", async () => {
  const family = await familyWithKeepsake(ctx, 'Imogen');
  const { token } = await share(family, family.call.id);
  const deleted = await family.client
    .delete(`/api/privacy/calls/${family.call.id}`)
    .send({ password: family.password });
  expect(deleted.status).toBe(200);
  expect((await open(token)).status).toBe(404);
  expect((await open(token, '/recording')).status).toBe(404);
  expect(await countRows(ctx, 'select 1 from call_share_links where call_id = $1', [family.call.id])).toBe(0);
});

test('deleting the account kills every link the family made', async () => {
  const family = await familyWithKeepsake(ctx, 'Bartholomew');
  const first = await share(family, family.call.id);
  const second = await share(family, family.call.id, { expires_in_days: 7 });
  const deleted = await family.client.delete('/api/privacy/account').send({ password: family.password });
  expect(deleted.status).toBe(200);
  for (const { token } of [first, second]) expect((await open(token)).status).toBe(404);
  expect(await countRows(ctx, 'select 1 from call_share_links where user_id = $1', [family.user.id])).toBe(0);
});

test('a recording the retention schedule deletes stops playing through the link; the recap stays', async () => {
  const family = await familyWithKeepsake(ctx, 'Wilfred');
  const chose = await family.client.put('/api/privacy/retention').send({ mode: 'days', days: 7 });
  expect(chose.status).toBe(200);
  await ctx.db.query("update calls set created_at = now() - interval '8 days' where id = $1", [
    family.call.id,
  ]);
  const { token } = await share(family, family.call.id);
  expect((await open(token)).body.recording_url).not.toBeNull();

  expect(await ctx.services.retention.recordings.deleteDueRecordings()).toBeGreaterThanOrEqual(1);

  const page = await open(token);
  expect(page.status).toBe(200);
  expect(page.body.recording_url).toBeNull();
  expect(page.body.recap.wishes).toEqual(['a red sledge with a bell']);
  expect((await open(token, '/recording')).status).toBe(404);
});

test("the family's download lists its share links, without their tokens or the tokens' hashes", async () => {
  const family = await familyWithKeepsake(ctx, 'Philippa');
  const { token, link } = await share(family, family.call.id);
  const requested = await ctx.services.privacy.exports.request(family.user.id);
  // Built by the data-export job, as in production.
  expect(await ctx.jobs.drained([QUEUES.dataExport])).toBe(true);
  const { rows } = await ctx.db.query<{ archive_key: string }>(
    'select archive_key from data_exports where id = $1',
    [requested.id],
  );
  const archive = await ctx.providers.recordings.read(rows[0]!.archive_key);
  const zip = await JSZip.loadAsync(archive!);
  const familyJson = await zip.file('family.json')!.async('string');
  const links = JSON.parse(familyJson).tables.call_share_links as Record<string, unknown>[];
  expect(links).toHaveLength(1);
  expect(links[0]).toMatchObject({ id: link.id, call_id: family.call.id, revoked_at: null });
  expect(links[0]).not.toHaveProperty('token_hash');
  expect(familyJson).not.toContain(token);
});

test('the admin sees how many of a family’s links are working, never their addresses', async () => {
  const family = await familyWithKeepsake(ctx, 'Octavia');
  const kept = await share(family, family.call.id);
  const revoked = await share(family, family.call.id);
  await family.client.delete(`/api/calls/${family.call.id}/share-links/${revoked.link.id}`);
  const admin = await signInAsAdmin(ctx.app);
  const res = await admin.get(`/api/admin/users/${family.user.id}`);
  expect(res.status).toBe(200);
  expect(res.body.active_share_links).toBe(1);
  expect(JSON.stringify(res.body)).not.toContain(kept.token);
});
