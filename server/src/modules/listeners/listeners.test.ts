/**
 * A grandparent invited to listen (decision 0026): the family invites an address by email; whoever
 * accepts the link sees the family's calls, recaps and playable recordings, and nothing else.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LISTENER_MESSAGES, LISTENERS_LIMIT } from '@santa/shared/listeners';
import { QUEUES } from '../../jobs/job-queue.ts';
import {
  createTestContext,
  signInAsAdmin,
  signUp,
  type TestClient,
  type TestContext,
} from '../../../test/test-app.ts';
import { familyWithKeepsake, RECAP } from '../../../test/fixtures/keepsakes.ts';
import { mailTo } from '../../../test/fixtures/gifts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let invitees = 0;
const inviteeAddress = () => `grandma-${Date.now().toString(36)}-${(invitees += 1)}@example.com`;

/** The family invites `email`; answers the token of the link emailed to it. */
async function invite(family: { client: TestClient }, email: string, name = 'Grandma') {
  const res = await family.client.post('/api/listeners').send({ name, email });
  expect(res.status).toBe(201);
  expect(await ctx.jobs.drained([QUEUES.email], 15_000)).toBe(true);
  const mail = (await mailTo(ctx, email)).at(-1);
  const token = /\/listen#token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  expect(token, 'an accept link in the invitation').toBeDefined();
  return { token: token!, mail: mail!, message: res.body.message as string };
}

/** Signs up with the invited address (a new one when none is given) and accepts the link. */
async function grandparentAccepting(token: string, email = inviteeAddress()) {
  const grandma = await signUp(ctx.app, { email });
  const res = await grandma.client.post('/api/listening/accept').send({ token });
  return { ...grandma, res };
}

describe('a grandparent invited to listen', () => {
  test('is emailed a link, accepts it, and sees the family’s calls, recaps and recording', async () => {
    const family = await familyWithKeepsake(ctx, 'Clara');
    const email = inviteeAddress();
    const { token, mail, message } = await invite(family, email, 'Grandma Rose');
    expect(message).toBe(LISTENER_MESSAGES.invited('Grandma Rose'));
    expect(mail.subject).toContain('invited you to listen to their calls with Santa');
    expect(mail.text).toContain('Hello Grandma Rose,');

    const grandma = await grandparentAccepting(token, email);
    expect(grandma.res.status).toBe(200);
    expect(grandma.res.body.message).toMatch(/^You can now listen to .+'s calls with Santa\.$/);
    const listening = await grandma.client.get('/api/listening');
    expect(listening.status).toBe(200);
    const [familyShown] = listening.body.families;
    expect(familyShown.calls).toHaveLength(2);
    const shared = familyShown.calls.find((call: { id: string }) => call.id === family.call.id);
    expect(shared).toMatchObject({ recap: RECAP, child_name: 'Clara' });
    const audio = await grandma.client.get(shared.recording_url).buffer(true);
    expect(audio.status).toBe(200);
    expect(audio.body.toString()).toBe('ID3 Clara audio');
    // Nothing else of the family: no transcript, phone or safety notes.
    const body = JSON.stringify(listening.body);
    expect(body).not.toContain('Santa: Hello Clara!');
    expect(body).not.toContain('+14155550000');
    expect(body).not.toContain('safety');

    const invited = await family.client.get('/api/listeners');
    expect(invited.body.listeners).toEqual([
      expect.objectContaining({ name: 'Grandma Rose', email, status: 'joined' }),
    ]);
  });

  test('cannot play a recording the family has not unlocked', async () => {
    const family = await familyWithKeepsake(ctx, 'Hugo', { unlocked: false });
    const email = inviteeAddress();
    const { token } = await invite(family, email);
    const grandma = await grandparentAccepting(token, email);
    const [shown] = (await grandma.client.get('/api/listening')).body.families;
    expect(shown.calls.every((call: { recording_url: string | null }) => call.recording_url === null)).toBe(
      true,
    );
    const res = await grandma.client.get(`/api/listening/${shown.id}/calls/${family.call.id}/recording`);
    expect(res.status).toBe(403);
  });

  test('a link works once', async () => {
    const family = await familyWithKeepsake(ctx, 'Ines');
    const email = inviteeAddress();
    const { token } = await invite(family, email);
    expect((await grandparentAccepting(token, email)).res.status).toBe(200);
    const again = await grandparentAccepting(token);
    expect(again.res.status).toBe(404);
    expect(again.res.body.detail).toBe(LISTENER_MESSAGES.notFound);
  });

  test('the link’s page names the family that invited them before anyone signs in', async () => {
    const family = await familyWithKeepsake(ctx, 'Greta');
    const { token } = await invite(family, inviteeAddress(), 'Grandpa Joe');
    const { name } = (await family.client.get('/api/auth/me')).body.user as { name: string };
    const page = await request(ctx.app).get(`/api/listening/invitation?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ family_name: name, invitee_name: 'Grandpa Joe', expired: false });
  });

  test('a link nobody sent names no family', async () => {
    const page = await request(ctx.app).get(`/api/listening/invitation?token=${'x'.repeat(43)}`);
    expect(page.status).toBe(404);
    expect(page.body.detail).toBe(LISTENER_MESSAGES.notFound);
  });

  test('an expired link’s page says so before the grandparent signs in', async () => {
    const family = await familyWithKeepsake(ctx, 'Ines');
    const email = inviteeAddress();
    const { token } = await invite(family, email);
    await ctx.db.query(
      "update family_listeners set invited_at = now() - interval '15 days' where email = $1",
      [email],
    );
    const page = await request(ctx.app).get(`/api/listening/invitation?token=${token}`);
    expect(page.body.expired).toBe(true);
  });

  test('a link older than its days is refused as expired', async () => {
    const family = await familyWithKeepsake(ctx, 'Jonas');
    const email = inviteeAddress();
    const { token } = await invite(family, email);
    await ctx.db.query(
      "update family_listeners set invited_at = now() - interval '15 days' where email = $1",
      [email],
    );
    const late = await grandparentAccepting(token, email);
    expect(late.res.status).toBe(410);
    expect(late.res.body.detail).toBe(LISTENER_MESSAGES.expired);
  });

  test('once the family removes them, they see nothing of it and cannot play its recordings', async () => {
    const family = await familyWithKeepsake(ctx, 'Kai');
    const email = inviteeAddress();
    const { token } = await invite(family, email);
    const grandma = await grandparentAccepting(token, email);
    const [shown] = (await grandma.client.get('/api/listening')).body.families;
    const [listener] = (await family.client.get('/api/listeners')).body.listeners;
    const removed = await family.client.delete(`/api/listeners/${listener.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(LISTENER_MESSAGES.removed);
    expect((await grandma.client.get('/api/listening')).body.families).toEqual([]);
    const res = await grandma.client.get(`/api/listening/${shown.id}/calls/${family.call.id}/recording`);
    expect(res.status).toBe(404);
  });
});

describe('an invitation is for the address it was sent to', () => {
  test('another account opening the link is told whom it was sent to, and joins nothing', async () => {
    const family = await familyWithKeepsake(ctx, 'Quentin');
    const email = inviteeAddress();
    const { token } = await invite(family, email);
    const stranger = await grandparentAccepting(token);
    expect(stranger.res.status).toBe(403);
    expect(stranger.res.body.detail).toBe(LISTENER_MESSAGES.otherAddress(email));
    expect(stranger.res.body.detail).toContain(`g…@example.com`);
    expect((await stranger.client.get('/api/listening')).body.families).toEqual([]);
    const [listener] = (await family.client.get('/api/listeners')).body.listeners;
    expect(listener.status).toBe('invited');
  });

  test('the invited grandparent can still accept after someone else tried the link', async () => {
    const family = await familyWithKeepsake(ctx, 'Rosa');
    const email = inviteeAddress();
    const { token } = await invite(family, email);
    expect((await grandparentAccepting(token)).res.status).toBe(403);
    const grandma = await grandparentAccepting(token, email);
    expect(grandma.res.status).toBe(200);
    expect((await grandma.client.get('/api/listening')).body.families).toHaveLength(1);
    const [listener] = (await family.client.get('/api/listeners')).body.listeners;
    expect(listener).toMatchObject({ email, status: 'joined' });
  });

  test('accepting with the invited address proves that address for the account', async () => {
    const family = await familyWithKeepsake(ctx, 'Sven');
    const email = inviteeAddress();
    const { token } = await invite(family, email);
    const grandma = await grandparentAccepting(token, email);
    expect(grandma.res.status).toBe(200);
    expect((await grandma.client.get('/api/auth/me')).body.user.email_verified).toBe(true);
  });
});

describe('the family’s invitations', () => {
  test('the same address is invited once', async () => {
    const family = await familyWithKeepsake(ctx, 'Lena');
    const email = inviteeAddress();
    await invite(family, email);
    const again = await family.client
      .post('/api/listeners')
      .send({ name: 'Grandma', email: email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(LISTENER_MESSAGES.alreadyInvited);
  });

  test(`at most ${LISTENERS_LIMIT} people are invited`, async () => {
    const family = await familyWithKeepsake(ctx, 'Milo');
    for (let i = 0; i < LISTENERS_LIMIT; i += 1)
      expect(
        (await family.client.post('/api/listeners').send({ name: `Aunt ${i}`, email: inviteeAddress() }))
          .status,
      ).toBe(201);
    const more = await family.client
      .post('/api/listeners')
      .send({ name: 'One more', email: inviteeAddress() });
    expect(more.status).toBe(409);
    expect(more.body.detail).toBe(LISTENER_MESSAGES.tooMany);
  });

  test('a bad address is a 400 with its reason, and nothing is sent', async () => {
    const family = await familyWithKeepsake(ctx, 'Nora');
    const res = await family.client.post('/api/listeners').send({ name: 'Grandpa', email: 'not-an-address' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Please enter a valid email address.');
    expect((await family.client.get('/api/listeners')).body.listeners).toEqual([]);
  });

  test('another family cannot remove an invitation that is not theirs', async () => {
    const family = await familyWithKeepsake(ctx, 'Otto');
    await invite(family, inviteeAddress());
    const [listener] = (await family.client.get('/api/listeners')).body.listeners;
    const stranger = await signUp(ctx.app);
    expect((await stranger.client.delete(`/api/listeners/${listener.id}`)).status).toBe(404);
    expect((await family.client.get('/api/listeners')).body.listeners).toHaveLength(1);
  });

  test('a family cannot join itself as a listener', async () => {
    const family = await familyWithKeepsake(ctx, 'Pia');
    const own = await family.client.post('/api/listeners').send({ name: 'Me', email: family.user.email });
    expect(own.status).toBe(409);
    expect(own.body.detail).toBe(LISTENER_MESSAGES.ownFamily);
  });
});

test('the admin sees how many people a family invited to listen, never who', async () => {
  const family = await familyWithKeepsake(ctx, 'Quinn');
  const email = inviteeAddress();
  await invite(family, email);
  const admin = await signInAsAdmin(ctx.app);
  const res = await admin.get(`/api/admin/users/${family.user.id}`);
  expect(res.status).toBe(200);
  expect(res.body.listeners).toBe(1);
  expect(JSON.stringify(res.body)).not.toContain(email);
});
