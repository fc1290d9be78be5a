import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { countingDb } from '../../../test/fixtures/counting-db.ts';
import { openTestDb } from '../../../test/test-db.ts';
import type { Db } from '../../db/db.ts';
import type { FamiliesFinder } from '../../db/families-read.ts';
import type { CallerProfile } from '../santa/profile.repository.ts';
import { createRingingFamilyReader, type RingingFamilyParts } from './ringing-family.ts';

const FAMILY = '00000000-0000-4000-8000-0000000000f1';
const OTHER = '00000000-0000-4000-8000-0000000000f2';
const everyone = (families: string) => `select f as user_id from unnest(${families}) as f`;
const silent = pino({ level: 'silent' });

/** Two families' verified phones, each with its child's name. */
const PROFILES = `(values ('+15550100001', '${FAMILY}'::uuid, 'Emma'), ('+15550100002', '${OTHER}'::uuid, 'Leo'))
  as c (phone, user_id, kid_name)`;
const byPhone: FamiliesFinder<CallerProfile> = {
  keyType: 'text',
  select: (keys) => `select phone as found_by, user_id, kid_name from ${PROFILES} where phone = any(${keys})`,
  read: (row) => row as unknown as CallerProfile,
};
const byFamily: FamiliesFinder<CallerProfile> = {
  keyType: 'uuid',
  select: (keys) =>
    `select user_id as found_by, user_id, kid_name from ${PROFILES} where user_id = any(${keys})`,
  read: (row) => row as unknown as CallerProfile,
};
const profiles = { byPhone, byFamily };

/** Every family agreed; only FAMILY has a memory. */
const parts: RingingFamilyParts = {
  consented: { select: (_, families) => everyone(families), read: (rows) => rows.length > 0 },
  family: { select: (_, families) => `${everyone(families)} where false`, read: () => undefined },
  memories: {
    select: (_, families) => `${everyone(families)} where f = '${FAMILY}'::uuid`,
    read: (rows) => rows.map(() => ({ text: 'wants a kite' }) as never),
  },
};

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

test('a family whose memories cannot be read still reaches Santa, who remembers nothing', async () => {
  const unreadable: RingingFamilyParts = {
    ...parts,
    memories: {
      select: (_, families) => everyone(families),
      read: () => {
        throw new Error('a memory the reader cannot make sense of');
      },
    },
  };
  const reader = createRingingFamilyReader(db, silent, unreadable, profiles);
  expect(await reader.forFamily(FAMILY)).toEqual({
    profile: { user_id: FAMILY, kid_name: 'Emma' },
    family: { consented: true, family: undefined, memories: [] },
  });
});

test('a caller is recognised by their number together with their own family, in one statement', async () => {
  const counting = countingDb(db);
  const reader = createRingingFamilyReader(counting.db, silent, parts, profiles);
  const [emma, leo, stranger] = await Promise.all([
    reader.forCaller('+15550100001'),
    reader.forCaller('+15550100002'),
    reader.forCaller('+15550100009'),
  ]);
  expect(counting.statements).toHaveLength(1);
  expect(emma).toEqual({
    profile: { user_id: FAMILY, kid_name: 'Emma' },
    family: { consented: true, family: undefined, memories: [{ text: 'wants a kite' }] },
  });
  expect(leo).toEqual({
    profile: { user_id: OTHER, kid_name: 'Leo' },
    family: { consented: true, family: undefined, memories: [] },
  });
  expect(stranger).toBeUndefined();
});

test('a family known by its id (its own line, a scheduled call) is read with its profile in one statement', async () => {
  const counting = countingDb(db);
  const reader = createRingingFamilyReader(counting.db, silent, parts, profiles);
  const [leo, gone] = await Promise.all([
    reader.forFamily(OTHER),
    reader.forFamily('00000000-0000-4000-8000-0000000000f9'),
  ]);
  expect(counting.statements).toHaveLength(1);
  expect(leo).toEqual({
    profile: { user_id: OTHER, kid_name: 'Leo' },
    family: { consented: true, family: undefined, memories: [] },
  });
  expect(gone).toBeUndefined();
});
