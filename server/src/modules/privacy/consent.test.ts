import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  CALL_CONSENT_REQUIRED_MESSAGE,
  CONSENT_OUTDATED_MESSAGE,
  CONSENT_REQUIRED_MESSAGE,
  PRIVACY_NOTICE_VERSION,
  PROFILE_CONSENT_FIELD,
} from '@santa/shared/privacy';
import { signUp } from '../../../test/test-app.ts';
import { postProfile, validProfile } from '../../../test/fixtures/santa.ts';
import {
  createFamily,
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  postTwilio,
  reservationsOf,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';
import { CONSENT_NEEDED_MESSAGE } from '../voice/santa-lines.ts';

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext();
});
afterAll(() => ctx.close());

async function consentsOf(userId: string) {
  const { rows } = await ctx.db.query<{ notice_version: string; method: string; created_at: Date }>(
    'select notice_version, method, created_at from privacy_consents where user_id = $1 order by created_at',
    [userId],
  );
  return rows;
}

/** What a family looks like the day the notice changes: their agreement is to an older version. */
async function noticeChanged(userId: string) {
  await ctx.db.query(`update privacy_consents set notice_version = '2000-01-01' where user_id = $1`, [
    userId,
  ]);
}

test('creating a profile without agreeing to the privacy notice is refused and stores nothing', async () => {
  const { client, user } = await signUp(ctx.voiceApp);
  const res = await postProfile(client, { ...validProfile(), [PROFILE_CONSENT_FIELD]: '' });
  expect(res.status).toBe(403);
  expect(res.body.detail).toBe(CONSENT_REQUIRED_MESSAGE);
  expect((await client.get('/api/santa/kid-profile')).body.has_profile).toBe(false);
  expect(await consentsOf(user.id)).toEqual([]);
});

test('creating the profile records the agreement: notice version, time, parent and method', async () => {
  const { client, user } = await signUp(ctx.voiceApp);
  const before = Date.now();
  expect((await postProfile(client, validProfile())).status).toBe(201);
  const [consent, ...others] = await consentsOf(user.id);
  expect(others).toEqual([]);
  expect(consent).toMatchObject({ notice_version: PRIVACY_NOTICE_VERSION, method: 'profile_form' });
  expect(consent!.created_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  const status = await client.get('/api/privacy/consent');
  expect(status.body).toMatchObject({ consented: true, consented_version: PRIVACY_NOTICE_VERSION });
});

test('a form agreeing to an older notice than the current one is refused', async () => {
  const { client } = await signUp(ctx.voiceApp);
  const res = await postProfile(client, { ...validProfile(), [PROFILE_CONSENT_FIELD]: '2000-01-01' });
  expect(res.status).toBe(409);
  expect(res.body.detail).toBe(CONSENT_OUTDATED_MESSAGE);
});

test('a new notice version asks again: the Santa number is refused until the parent agrees before the call', async () => {
  const { user, client } = await createFamily(ctx, { plan: 'subscription_3month' });
  expect((await client.get('/api/santa/hotline-number')).status).toBe(200);
  await noticeChanged(user.id);
  expect((await client.get('/api/privacy/consent')).body).toMatchObject({ consented: false });
  const refused = await client.get('/api/santa/hotline-number');
  expect(refused.status).toBe(403);
  expect(refused.body.detail).toBe(CALL_CONSENT_REQUIRED_MESSAGE);

  const agreed = await client.post('/api/privacy/consent').send({ notice_version: PRIVACY_NOTICE_VERSION });
  expect(agreed.status).toBe(201);
  expect(agreed.body).toMatchObject({ consented: true, consented_version: PRIVACY_NOTICE_VERSION });
  expect((await consentsOf(user.id)).at(-1)).toMatchObject({ method: 'first_call_prompt' });
  expect((await client.get('/api/santa/hotline-number')).status).toBe(200);
});

test('editing a profile after the notice changed records the agreement the form carries', async () => {
  const { user, client } = await createFamily(ctx);
  await noticeChanged(user.id);
  expect((await postProfile(client, validProfile({ kid_name: 'Emma' }))).status).toBe(200);
  expect((await consentsOf(user.id)).at(-1)).toMatchObject({
    notice_version: PRIVACY_NOTICE_VERSION,
    method: 'profile_form',
  });
});

test('a child calling a family without current consent hears a kind word; nothing is reserved or sent to the voice engine', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month' });
  await noticeChanged(user.id);
  const registered = ctx.voice.registered.length;
  const res = await postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE));
  expect(res.status).toBe(200);
  expect(res.text).toContain(CONSENT_NEEDED_MESSAGE);
  expect(res.text).not.toContain('Emma');
  expect(await reservationsOf(ctx, user.id)).toEqual([]);
  expect(ctx.voice.registered.length).toBe(registered);
});
