import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  TestClient,
  createTestContext,
  signUp,
  verifyPhone,
  type TestContext,
} from '../../../test/test-app.ts';
import { postProfile, uniquePhone, validProfile } from '../../../test/fixtures/santa.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/santa/kid-profile', () => {
  test('needs sign-in (401)', async () => {
    const res = await new TestClient(ctx.app).get('/api/santa/kid-profile');
    expect(res.status).toBe(401);
  });

  test('answers has_profile false and no profile before one is created, with no-store', async () => {
    const { client } = await signUp(ctx.app);
    const res = await client.get('/api/santa/kid-profile');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ has_profile: false, profile: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('answers the stored profile after it is created', async () => {
    const { client } = await signUp(ctx.app);
    const phone = uniquePhone();
    await postProfile(client, {
      parent_phone: phone,
      kid_name: 'Emma',
      age: '7',
      santa_personality: 'modern',
    });
    const res = await client.get('/api/santa/kid-profile');
    expect(res.body.has_profile).toBe(true);
    expect(res.body.profile).toMatchObject({
      parent_phone: phone,
      kid_name: 'Emma',
      age: 7,
      santa_personality: 'modern',
    });
  });

  test("another user never reads a parent's profile", async () => {
    const owner = await signUp(ctx.app);
    await postProfile(owner.client, validProfile({ kid_name: 'Secret Sam' }));
    const other = await signUp(ctx.app);
    const res = await other.client.get('/api/santa/kid-profile');
    expect(res.body).toEqual({ has_profile: false, profile: null });
  });
});

describe('POST /api/santa/kid-profile', () => {
  test('needs sign-in (401)', async () => {
    const res = await postProfile(new TestClient(ctx.app), validProfile());
    expect(res.status).toBe(401);
  });

  test('creates the profile from the multipart form: 201 with the stored profile', async () => {
    const { client, user } = await signUp(ctx.app);
    const phone = uniquePhone();
    const res = await postProfile(client, {
      parent_phone: phone,
      kid_name: '  Emma  ',
      age: '7',
      gifts_giving: 'A red bike',
      wish_list: 'A puppy',
      accomplishments: 'Learned to read',
      behavior_notes: 'Kind to her brother',
      siblings: 'Leo (4)',
      custom_notes: 'Loves reindeer',
      santa_personality: 'mixed',
    });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      has_profile: true,
      profile: {
        parent_phone: phone,
        kid_name: 'Emma',
        age: 7,
        gifts_giving: 'A red bike',
        wish_list: 'A puppy',
        accomplishments: 'Learned to read',
        behavior_notes: 'Kind to her brother',
        siblings: 'Leo (4)',
        custom_notes: 'Loves reindeer',
        santa_personality: 'mixed',
        avoid_topics: [],
        name_pronunciation: null,
        language: 'en',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    const { rows } = await ctx.db.query('select kid_name, age from kid_profiles where user_id = $1', [
      user.id,
    ]);
    expect(rows).toEqual([{ kid_name: 'Emma', age: 7 }]);
  });

  test('updates the existing profile: 200 with the stored profile', async () => {
    const { client, user } = await signUp(ctx.app);
    const phone = uniquePhone();
    await postProfile(client, { parent_phone: phone, kid_name: 'Emma', wish_list: 'A puppy' });
    const res = await postProfile(client, { parent_phone: phone, kid_name: 'Emma Rose', age: '8' });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ kid_name: 'Emma Rose', age: 8, wish_list: null });
    const { rows } = await ctx.db.query('select count(*)::int as n from kid_profiles where user_id = $1', [
      user.id,
    ]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  test("normalises the parent phone to E.164 ('+1 (415) 555-2671' → '+14155552671')", async () => {
    const { client } = await signUp(ctx.app);
    const res = await postProfile(client, { parent_phone: '+1 (415) 555-2671', kid_name: 'Emma' });
    expect(res.status).toBe(201);
    expect(res.body.profile.parent_phone).toBe('+14155552671');
  });

  test('a national number is read in the country chosen beside it', async () => {
    const { client } = await signUp(ctx.app);
    const res = await postProfile(client, {
      parent_phone: '(415) 555-0142',
      parent_phone_country: 'US',
      kid_name: 'Emma',
    });
    expect(res.status).toBe(201);
    expect(res.body.profile.parent_phone).toBe('+14155550142');
  });

  test('a number written with its + keeps its own country whatever country is chosen', async () => {
    const { client } = await signUp(ctx.app);
    const res = await postProfile(client, {
      parent_phone: '+44 7700 900123',
      parent_phone_country: 'US',
      kid_name: 'Emma',
    });
    expect(res.status).toBe(201);
    expect(res.body.profile.parent_phone).toBe('+447700900123');
  });

  test.each(['555-2671', '+1 555 123', 'call me maybe', '+44 12'])(
    'refuses an invalid phone number %j with 400',
    async (phone) => {
      const { client } = await signUp(ctx.app);
      const res = await postProfile(client, { parent_phone: phone, kid_name: 'Emma' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        detail: 'Please enter a valid phone number, e.g. (415) 555-0142 or +44 7700 900123',
        code: 'bad_request',
      });
    },
  );

  test.each([[{ parent_phone: '+14155552000' }], [{ parent_phone: '+14155552000', kid_name: '  ' }], [{}]])(
    'requires the kid name %#',
    async (fields) => {
      const { client } = await signUp(ctx.app);
      const res = await postProfile(client, fields);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Please fill in kid name');
    },
  );

  test.each(['-1', '18', '7.5', 'seven'])('refuses age %j outside whole numbers 0–17', async (age) => {
    const { client } = await signUp(ctx.app);
    const res = await postProfile(client, validProfile({ age }));
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Age must be a whole number from 0 to 17');
  });

  test('age is optional, and 0 and 17 are accepted', async () => {
    const { client } = await signUp(ctx.app);
    const phone = uniquePhone();
    expect(
      (await postProfile(client, { parent_phone: phone, kid_name: 'Emma' })).body.profile.age,
    ).toBeNull();
    expect(
      (await postProfile(client, { parent_phone: phone, kid_name: 'Emma', age: '0' })).body.profile.age,
    ).toBe(0);
    expect(
      (await postProfile(client, { parent_phone: phone, kid_name: 'Emma', age: '17' })).body.profile.age,
    ).toBe(17);
  });

  test('trims text fields and stores empty ones as null', async () => {
    const { client } = await signUp(ctx.app);
    const res = await postProfile(
      client,
      validProfile({ wish_list: '  A puppy  ', siblings: '   ', custom_notes: '' }),
    );
    expect(res.body.profile).toMatchObject({
      wish_list: 'A puppy',
      siblings: null,
      custom_notes: null,
      gifts_giving: null,
    });
  });

  test('refuses a text field over its maximum length with a clear detail', async () => {
    const { client } = await signUp(ctx.app);
    const ok = await postProfile(client, validProfile({ wish_list: 'w'.repeat(1000) }));
    expect(ok.status).toBe(201);
    const res = await postProfile(client, validProfile({ wish_list: 'w'.repeat(1001) }));
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Wish list must be at most 1000 characters');
  });

  test('refuses an oversized form field before parsing it (413)', async () => {
    const { client } = await signUp(ctx.app);
    const res = await postProfile(client, validProfile({ custom_notes: 'x'.repeat(10_000) }));
    expect(res.status).toBe(413);
  });

  test('santa_personality defaults to traditional and refuses unknown values', async () => {
    const { client } = await signUp(ctx.app);
    const res = await postProfile(client, validProfile());
    expect(res.body.profile.santa_personality).toBe('traditional');
    const bad = await postProfile(client, validProfile({ santa_personality: 'grumpy' }));
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Please choose a Santa personality: traditional, modern or mixed');
  });

  test('a phone another account typed in but never verified blocks nobody and reveals nothing', async () => {
    const phone = uniquePhone();
    const stranger = await signUp(ctx.app);
    expect((await postProfile(stranger.client, { parent_phone: phone, kid_name: 'Max' })).status).toBe(201);
    const owner = await signUp(ctx.app);
    // The same number written differently is the same phone.
    const national = `+1 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    const res = await postProfile(owner.client, { parent_phone: national, kid_name: 'Emma' });
    expect(res.status).toBe(201);
    expect(JSON.stringify(res.body)).not.toContain(stranger.user.email);
    // Unverified, the phone reaches nobody's profile; verified by its owner, it reaches theirs.
    expect(await ctx.services.profile.findProfileByParentPhone(phone)).toBeUndefined();
    await verifyPhone(ctx, owner.client, phone);
    expect((await ctx.services.profile.findProfileByParentPhone(phone))?.kid_name).toBe('Emma');
  });

  test("another user's save never changes the owner's profile", async () => {
    const owner = await signUp(ctx.app);
    const phone = uniquePhone();
    await postProfile(owner.client, { parent_phone: phone, kid_name: 'Emma' });
    const other = await signUp(ctx.app);
    await postProfile(other.client, validProfile({ kid_name: 'Max' }));
    const res = await owner.client.get('/api/santa/kid-profile');
    expect(res.body.profile).toMatchObject({ parent_phone: phone, kid_name: 'Emma' });
  });

  test('a parent may move their profile to a new phone, freeing the old one', async () => {
    const first = uniquePhone();
    const owner = await signUp(ctx.app);
    await postProfile(owner.client, { parent_phone: first, kid_name: 'Emma' });
    await postProfile(owner.client, validProfile());
    const other = await signUp(ctx.app);
    const res = await postProfile(other.client, { parent_phone: first, kid_name: 'Max' });
    expect(res.status).toBe(201);
  });

  test('the profile service finds a profile by parent phone and deletes it', async () => {
    const { client, user } = await signUp(ctx.app);
    const phone = uniquePhone();
    await postProfile(client, { parent_phone: phone, kid_name: 'Emma' });
    await verifyPhone(ctx, client, phone);
    expect((await ctx.services.profile.findProfileByParentPhone(phone))?.user_id).toBe(user.id);
    expect((await ctx.services.profile.findProfileByUserId(user.id))?.kid_name).toBe('Emma');
    expect(await ctx.services.profile.deleteProfile(ctx.db, user.id)).toBe(true);
    expect(await ctx.services.profile.findProfileByParentPhone(phone)).toBeUndefined();
  });
});

describe('Things Santa should not mention', () => {
  test('one per line in the form becomes a list: trimmed, blank lines and repeats dropped', async () => {
    const { client, user } = await signUp(ctx.app);
    const res = await postProfile(
      client,
      validProfile({ avoid_topics: '  the dog \r\n\nElf on the Shelf\nTHE DOG\n' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.profile.avoid_topics).toEqual(['the dog', 'Elf on the Shelf']);
    const { rows } = await ctx.db.query('select avoid_topics from kid_profiles where user_id = $1', [
      user.id,
    ]);
    expect(rows[0]).toEqual({ avoid_topics: ['the dog', 'Elf on the Shelf'] });
  });

  test('an update without the field empties the list', async () => {
    const { client } = await signUp(ctx.app);
    const phone = uniquePhone();
    await postProfile(client, { parent_phone: phone, kid_name: 'Emma', avoid_topics: 'the dog' });
    const res = await postProfile(client, { parent_phone: phone, kid_name: 'Emma' });
    expect(res.body.profile.avoid_topics).toEqual([]);
  });

  test.each([
    [
      'more than 10 things',
      Array.from({ length: 11 }, (_, i) => `topic ${i}`).join('\n'),
      'at most 10 things',
    ],
    ['a thing over 60 characters', 'x'.repeat(61), 'at most 60 characters'],
    ['a control character', 'the dog\u0000', 'contains a control character'],
  ])('refuses %s with 400 and says why', async (_name, value, message) => {
    const { client } = await signUp(ctx.app);
    const res = await postProfile(client, validProfile({ avoid_topics: value }));
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(message);
  });
});
