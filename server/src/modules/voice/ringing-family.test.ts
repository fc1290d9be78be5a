import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDb } from '../../../test/test-db.ts';
import type { Db } from '../../db/db.ts';
import { createRingingFamilyReader, type RingingFamilyParts } from './ringing-family.ts';

const FAMILY = '00000000-0000-4000-8000-0000000000f1';
const everyone = 'select f as user_id from unnest($1::uuid[]) as f';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

test('a family whose memories cannot be read still reaches Santa, who remembers nothing', async () => {
  const parts: RingingFamilyParts = {
    consented: { select: () => everyone, read: (rows) => rows.length > 0 },
    family: { select: () => `${everyone} where false`, read: () => undefined },
    memories: {
      select: () => everyone,
      read: () => {
        throw new Error('a memory the reader cannot make sense of');
      },
    },
  };
  const reader = createRingingFamilyReader(db, pino({ level: 'silent' }), parts);
  expect(await reader.forRingingCall(FAMILY)).toEqual({ consented: true, family: undefined, memories: [] });
});
