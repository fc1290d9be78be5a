/**
 * Several children per family (decision 0024): the first child is the kid profile's, the others
 * are added beside it, up to six in all, each with their own details, and only the family sees them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHILDREN_LIMIT, CHILDREN_MESSAGES } from '@santa/shared/children';
import {
  createTestContext,
  signInAsAdmin,
  signUp,
  type TestClient,
  type TestContext,
} from '../../../test/test-app.ts';
import { postProfile, validProfile } from '../../../test/fixtures/santa.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function familyWithFirstChild(kidName = 'Emma') {
  const { client } = await signUp(ctx.app);
  expect((await postProfile(client, validProfile({ kid_name: kidName, wish_list: 'a sledge' }))).status).toBe(
    201,
  );
  return client;
}

const addChild = (client: TestClient, body: object) => client.post('/api/children').send(body);

describe('the family’s children', () => {
  test('lists the kid profile as the first child', async () => {
    const client = await familyWithFirstChild('Emma');
    const res = await client.get('/api/children');
    expect(res.status).toBe(200);
    expect(res.body.limit).toBe(CHILDREN_LIMIT);
    expect(res.body.children).toEqual([
      expect.objectContaining({ position: 0, kid_name: 'Emma', wish_list: 'a sledge' }),
    ]);
  });

  test('adds a child with their own details and Santa style', async () => {
    const client = await familyWithFirstChild();
    const res = await addChild(client, {
      kid_name: 'Noah',
      age: 4,
      wish_list: 'a drum',
      santa_personality: 'modern',
    });
    expect(res.status).toBe(201);
    expect(res.body.children.map((child: { kid_name: string }) => child.kid_name)).toEqual(['Emma', 'Noah']);
    expect(res.body.children[1]).toMatchObject({
      position: 1,
      age: 4,
      wish_list: 'a drum',
      santa_personality: 'modern',
    });
  });

  test('refuses a seventh child with a clear reason', async () => {
    const client = await familyWithFirstChild();
    for (const name of ['B', 'C', 'D', 'E', 'F'])
      expect((await addChild(client, { kid_name: name })).status).toBe(201);
    const res = await addChild(client, { kid_name: 'G' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(CHILDREN_MESSAGES.tooMany);
  });

  test('counts six even when both requests for the sixth arrive together', async () => {
    const client = await familyWithFirstChild();
    for (const name of ['B', 'C', 'D', 'E']) await addChild(client, { kid_name: name });
    const results = await Promise.all([
      addChild(client, { kid_name: 'F1' }),
      addChild(client, { kid_name: 'F2' }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    expect((await client.get('/api/children')).body.children).toHaveLength(CHILDREN_LIMIT);
  });

  test('asks for the first child before another one', async () => {
    const { client } = await signUp(ctx.app);
    const res = await addChild(client, { kid_name: 'Noah' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(CHILDREN_MESSAGES.profileFirst);
  });

  test('keeps the language Santa speaks with each child, English unless the parent chose one', async () => {
    const client = await familyWithFirstChild();
    const res = await addChild(client, { kid_name: 'Lucía', language: 'es' });
    expect(res.status).toBe(201);
    expect(res.body.children.map((child: { language: string }) => child.language)).toEqual(['en', 'es']);
  });

  test('refuses a language Santa does not speak, saying so', async () => {
    const client = await familyWithFirstChild();
    const res = await addChild(client, { kid_name: 'Yuki', language: 'ja' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Please choose a language Santa speaks');
  });

  test('refuses a child without a name', async () => {
    const client = await familyWithFirstChild();
    expect((await addChild(client, { age: 4 })).status).toBe(400);
  });
});

describe('changing a child', () => {
  test('edits the first child through the same details the kid profile API reads', async () => {
    const client = await familyWithFirstChild('Emma');
    const first = (await client.get('/api/children')).body.children[0];
    const res = await client.patch(`/api/children/${first.id}`).send({ kid_name: 'Emmy', age: 7 });
    expect(res.status).toBe(200);
    const profile = (await client.get('/api/santa/kid-profile')).body.profile;
    expect(profile).toMatchObject({ kid_name: 'Emmy', age: 7 });
  });

  test('edits another child without touching the first', async () => {
    const client = await familyWithFirstChild('Emma');
    const noah = (await addChild(client, { kid_name: 'Noah' })).body.children[1];
    const res = await client.patch(`/api/children/${noah.id}`).send({ kid_name: 'Noah', age: 5 });
    expect(res.body.children.map((child: { age: number | null }) => child.age)).toEqual([null, 5]);
  });

  test('removes another child and forgets them as the usual caller', async () => {
    const client = await familyWithFirstChild();
    const noah = (await addChild(client, { kid_name: 'Noah' })).body.children[1];
    await client.put('/api/children/usual-caller').send({ child_id: noah.id });
    const res = await client.delete(`/api/children/${noah.id}`);
    expect(res.status).toBe(200);
    expect(res.body.children).toHaveLength(1);
    expect(res.body.usual_caller_child_id).toBeNull();
  });

  test('keeps the first child, whose details are the profile’s', async () => {
    const client = await familyWithFirstChild();
    const first = (await client.get('/api/children')).body.children[0];
    const res = await client.delete(`/api/children/${first.id}`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(CHILDREN_MESSAGES.firstChildStays);
  });

  test('sets who usually calls', async () => {
    const client = await familyWithFirstChild();
    const noah = (await addChild(client, { kid_name: 'Noah' })).body.children[1];
    const res = await client.put('/api/children/usual-caller').send({ child_id: noah.id });
    expect(res.status).toBe(200);
    expect(res.body.usual_caller_child_id).toBe(noah.id);
  });
});

describe('another family’s child', () => {
  test('cannot be seen, edited, removed or chosen as the usual caller', async () => {
    const owner = await familyWithFirstChild('Emma');
    const noah = (await addChild(owner, { kid_name: 'Noah' })).body.children[1];
    const other = await familyWithFirstChild('Zoe');
    expect(
      (await other.get('/api/children')).body.children.map((c: { kid_name: string }) => c.kid_name),
    ).toEqual(['Zoe']);
    expect((await other.patch(`/api/children/${noah.id}`).send({ kid_name: 'X' })).status).toBe(404);
    expect((await other.delete(`/api/children/${noah.id}`)).status).toBe(404);
    expect((await other.put('/api/children/usual-caller').send({ child_id: noah.id })).status).toBe(404);
    expect((await owner.get('/api/children')).body.children[1].kid_name).toBe('Noah');
  });
});

test('the admin sees how many children a family has, never their details', async () => {
  const { client, user } = await signUp(ctx.app);
  expect((await postProfile(client, validProfile({ kid_name: 'Emma', wish_list: 'a sledge' }))).status).toBe(
    201,
  );
  expect((await addChild(client, { kid_name: 'Noah', wish_list: 'a drum' })).status).toBe(201);
  const admin = await signInAsAdmin(ctx.app);
  const res = await admin.get(`/api/admin/users/${user.id}`);
  expect(res.status).toBe(200);
  expect(res.body.children).toBe(2);
  expect(JSON.stringify(res.body)).not.toContain('Noah');
  expect(JSON.stringify(res.body)).not.toContain('a drum');
});
