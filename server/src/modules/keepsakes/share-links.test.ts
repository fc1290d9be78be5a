/**
 * Keepsakes shared by link (decision 0018): a link that works for a listener with no account,
 * shows only the child's first name, the date, the recap and the recording, stops when it expires
 * or is revoked, and is the parent's alone to make and turn off.
 */
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KEEPSAKE_GONE_MESSAGE, MAX_ACTIVE_SHARE_LINKS } from '@santa/shared/keepsakes';
import { hashToken } from '../auth/tokens.ts';
import { createTestContext, signUp, type TestContext } from '../../../test/test-app.ts';
import { familyWithKeepsake, RECAP, share } from '../../../test/fixtures/keepsakes.ts';
import { childDetails } from '../../../test/fixtures/santa.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A listener: no cookie, no Origin, just the address they were sent. */
const listener = () => supertest(ctx.app);

const DAY_MS = 24 * 60 * 60 * 1000;

describe('a shared link that works', () => {
  test("shows a listener with no account the child's first name, the call's date and the recap", async () => {
    const family = await familyWithKeepsake(ctx, 'Clementine');
    await ctx.db.query("update kid_profiles set kid_name = 'Clementine Rose' where user_id = $1", [
      family.user.id,
    ]);
    const { url, token } = await share(family, family.call.id);
    expect(url).toMatch(new RegExp(`^${ctx.config.publicUrl}/keepsake/[A-Za-z0-9_-]{43}$`));

    const res = await listener().get(`/api/keepsakes/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      child_name: 'Clementine',
      recap: RECAP,
      recording_url: `/api/keepsakes/${token}/recording`,
      certificate_url: `/api/keepsakes/${token}/certificate`,
    });
    expect(Date.parse(res.body.called_at)).not.toBeNaN();
  });

  test('names the child who spoke on the call, and no child when several might have', async () => {
    const family = await familyWithKeepsake(ctx, 'Emma');
    const { children } = await ctx.services.children.add(family.user.id, childDetails('Noah Lee'));
    const { token } = await share(family, family.call.id);
    // Nobody could tell which of the two children spoke.
    expect((await listener().get(`/api/keepsakes/${token}`)).body.child_name).toBeNull();
    await ctx.db.query('update calls set child_id = $2 where id = $1', [family.call.id, children[1]!.id]);
    expect((await listener().get(`/api/keepsakes/${token}`)).body.child_name).toBe('Noah');
  });

  test('lets the listener play the recording, a byte range at a time like the family’s own player', async () => {
    const family = await familyWithKeepsake(ctx, 'Tobias');
    const { token } = await share(family, family.call.id);
    const whole = await listener().get(`/api/keepsakes/${token}/recording`).buffer(true);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.body.toString()).toBe('ID3 Tobias audio');

    const part = await listener()
      .get(`/api/keepsakes/${token}/recording`)
      .set('Range', 'bytes=4-9')
      .buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 4-9/16');
    expect(part.body.toString()).toBe('Tobias');
  });

  test('shows nothing else of the family: no phone, email, transcript, summary or other call', async () => {
    const family = await familyWithKeepsake(ctx, 'Marigold');
    const { token } = await share(family, family.call.id);
    const res = await listener().get(`/api/keepsakes/${token}`);
    expect(Object.keys(res.body).sort()).toEqual([
      'called_at',
      'certificate_url',
      'child_name',
      'expires_at',
      'recap',
      'recording_url',
    ]);
    const text = JSON.stringify(res.body);
    for (const secret of [
      family.user.email,
      '+1415',
      'Santa: Hello',
      'wants a sledge',
      family.calls[1]!.id,
      family.call.id,
    ])
      expect(text).not.toContain(secret);
  });

  test('is kept by no cache and indexed by no search engine', async () => {
    const family = await familyWithKeepsake(ctx, 'Ottilie');
    const { token } = await share(family, family.call.id);
    for (const path of ['', '/recording', '/certificate']) {
      const res = await listener().get(`/api/keepsakes/${token}${path}`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toContain('noindex');
    }
  });

  test('keeps only a hash of its token: the address is shown to the parent once', async () => {
    const family = await familyWithKeepsake(ctx, 'Ezra');
    const { token, link } = await share(family, family.call.id);
    const { rows } = await ctx.db.query<Record<string, unknown>>(
      'select * from call_share_links where id = $1',
      [link.id],
    );
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const list = await family.client.get(`/api/calls/${family.call.id}/share-links`);
    expect(list.body.links).toEqual([
      { id: link.id, created_at: expect.any(String), expires_at: link.expires_at },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(token);
  });

  test('a made-up address is not a keepsake', async () => {
    const res = await listener().get('/api/keepsakes/not-a-real-token-at-all');
    expect(res.status).toBe(404);
    expect(res.body.detail).toMatch(/not valid/);
  });
});

describe('a shared link that expires', () => {
  test('lasts 30 days unless the parent picks 7', async () => {
    const family = await familyWithKeepsake(ctx, 'Juniper');
    const month = await share(family, family.call.id);
    const week = await share(family, family.call.id, { expires_in_days: 7 });
    expect(Date.parse(month.link.expires_at) - Date.now()).toBeGreaterThan(29.9 * DAY_MS);
    expect(Date.parse(week.link.expires_at) - Date.now()).toBeLessThan(7.01 * DAY_MS);
    expect(Date.parse(week.link.expires_at) - Date.now()).toBeGreaterThan(6.9 * DAY_MS);
  });

  test('refuses a lifetime the parent could not have picked', async () => {
    const family = await familyWithKeepsake(ctx, 'Ida');
    const res = await family.client
      .post(`/api/calls/${family.call.id}/share-links`)
      .send({ expires_in_days: 365 });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('A link can last 7 or 30 days.');
  });

  test('answers 410 with a kind detail once its time is up, for the page, the recording and the certificate', async () => {
    const family = await familyWithKeepsake(ctx, 'Rupert');
    const { token, link } = await share(family, family.call.id);
    await ctx.db.query("update call_share_links set expires_at = now() - interval '1 minute' where id = $1", [
      link.id,
    ]);
    for (const path of ['', '/recording', '/certificate']) {
      const res = await listener().get(`/api/keepsakes/${token}${path}`);
      expect(res.status).toBe(410);
      expect(res.body.detail).toBe(KEEPSAKE_GONE_MESSAGE);
    }
    const list = await family.client.get(`/api/calls/${family.call.id}/share-links`);
    expect(list.body.links).toEqual([]);
  });
});

describe('a shared link that is revoked', () => {
  test('answers 410 at once and leaves the call’s list of working links', async () => {
    const family = await familyWithKeepsake(ctx, 'Beatrix');
    const kept = await share(family, family.call.id);
    const revoked = await share(family, family.call.id);
    const res = await family.client.delete(`/api/calls/${family.call.id}/share-links/${revoked.link.id}`);
    expect(res.status).toBe(200);

    const opened = await listener().get(`/api/keepsakes/${revoked.token}`);
    expect(opened.status).toBe(410);
    expect(opened.body.detail).toBe(KEEPSAKE_GONE_MESSAGE);
    expect((await listener().get(`/api/keepsakes/${revoked.token}/recording`)).status).toBe(410);
    expect((await listener().get(`/api/keepsakes/${kept.token}`)).status).toBe(200);
    const list = await family.client.get(`/api/calls/${family.call.id}/share-links`);
    expect(list.body.links.map((link: { id: string }) => link.id)).toEqual([kept.link.id]);
  });

  test('cannot be revoked twice, nor by another parent', async () => {
    const family = await familyWithKeepsake(ctx, 'Horatio');
    const { link, token } = await share(family, family.call.id);
    const stranger = await signUp(ctx.app);
    const path = `/api/calls/${family.call.id}/share-links/${link.id}`;
    expect((await stranger.client.delete(path)).status).toBe(404);
    expect((await listener().get(`/api/keepsakes/${token}`)).status).toBe(200);
    expect((await family.client.delete(path)).status).toBe(200);
    expect((await family.client.delete(path)).status).toBe(404);
  });
});

describe('what may be shared', () => {
  test('another parent can neither list nor make links for a call that is not theirs', async () => {
    const family = await familyWithKeepsake(ctx, 'Wendell');
    const stranger = await signUp(ctx.app);
    const path = `/api/calls/${family.call.id}/share-links`;
    expect((await stranger.client.get(path)).status).toBe(404);
    expect((await stranger.client.post(path).send({})).status).toBe(404);
  });

  test('a call with no recap and no recording the family may play has nothing to share', async () => {
    const family = await familyWithKeepsake(ctx, 'Agnes');
    const res = await family.client.post(`/api/calls/${family.calls[1]!.id}/share-links`).send({});
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/nothing to share/);
  });

  test('a recording the family has not unlocked is never played through a link; the recap still is shared', async () => {
    const family = await familyWithKeepsake(ctx, 'Percival', { unlocked: false });
    const list = await family.client.get(`/api/calls/${family.call.id}/share-links`);
    expect(list.body.includes_recording).toBe(false);
    const { token } = await share(family, family.call.id);
    const page = await listener().get(`/api/keepsakes/${token}`);
    expect(page.body.recording_url).toBeNull();
    expect(page.body.recap).toEqual(RECAP);
    const audio = await listener().get(`/api/keepsakes/${token}/recording`);
    expect(audio.status).toBe(404);
    // The listener is not told that the recording is waiting to be bought.
    expect(audio.body.detail).not.toMatch(/unlock|purchase|buy/i);
  });

  test(`a call has at most ${MAX_ACTIVE_SHARE_LINKS} links working at once`, async () => {
    const family = await familyWithKeepsake(ctx, 'Cosima');
    const links = [];
    for (let n = 0; n < MAX_ACTIVE_SHARE_LINKS; n += 1) links.push(await share(family, family.call.id));
    const tooMany = await family.client.post(`/api/calls/${family.call.id}/share-links`).send({});
    expect(tooMany.status).toBe(409);
    await family.client.delete(`/api/calls/${family.call.id}/share-links/${links[0]!.link.id}`);
    expect((await family.client.post(`/api/calls/${family.call.id}/share-links`).send({})).status).toBe(201);
  });
});
