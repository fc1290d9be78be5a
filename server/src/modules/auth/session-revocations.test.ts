/**
 * Each replica remembers the sessions it looked up, for a minute while it hears every replica's
 * revocations as they commit, for half a second while it cannot (decision 0004). Two auth services
 * on one database stand for two replicas.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openTestDb } from '../../../test/test-db.ts';
import type { Db, NotificationListener } from '../../db/db.ts';
import { createAuthService, type AuthService } from './auth.service.ts';
import { createSessionCache } from './session-cache.ts';
import { hearSessionRevocations, SESSION_REVOKED_CHANNEL } from './session-revocations.ts';
import { hashToken } from './tokens.ts';
import { uniqueEmail } from '../../../test/fixtures/unique.ts';

const MINUTE = { heardMs: 60_000, unheardMs: 60_000 };
const SHORT_UNHEARD = { heardMs: 60_000, unheardMs: 100 };

let db: Db;
let lookups = 0;
/** The database as replica A sees it, counting its session lookups. */
let countedDb: Db;
beforeAll(async () => {
  db = await openTestDb();
  countedDb = {
    ...db,
    query(sql, params) {
      if (String(sql).includes('from sessions s join users')) lookups += 1;
      return db.query(sql, params);
    },
  };
});
afterAll(() => db.close());

function replica(target: Db, memory = MINUTE): AuthService {
  return createAuthService(target, { adminEmail: 'admin@santa.test', bcryptCost: 4, sessionMemory: memory });
}

/** Within the promise of decision 0004: one second. */
const soon = (assertion: () => Promise<void>) => vi.waitFor(assertion, { timeout: 1_000, interval: 20 });

const hearing = (auth: AuthService) =>
  vi.waitFor(() => expect(auth.hearsRevocations()).toBe(true), { timeout: 5_000 });

async function signedUp(auth: AuthService) {
  return auth.register({ email: uniqueEmail(), name: 'Robin', password: 'a long enough password' });
}

test('while revocations are heard, a polled session is looked up once, not on every poll', async () => {
  const a = replica(countedDb, SHORT_UNHEARD);
  await hearing(a);
  const { sessionToken } = await signedUp(a);
  lookups = 0;
  await a.authenticate(sessionToken);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await a.authenticate(sessionToken))?.name).toBe('Robin');
  expect(lookups).toBe(1);
});

test('a logout on another replica is forgotten as soon as it commits', async () => {
  const [a, b] = [replica(db), replica(db)];
  await Promise.all([hearing(a), hearing(b)]);
  const { sessionToken } = await signedUp(b);
  expect(await a.authenticate(sessionToken)).toBeDefined();
  await b.logout(sessionToken);
  await soon(async () => expect(await a.authenticate(sessionToken)).toBeUndefined());
});

test('a device signed out on another replica is forgotten as soon as it commits', async () => {
  const [a, b] = [replica(db), replica(db)];
  await Promise.all([hearing(a), hearing(b)]);
  const laptop = await signedUp(b);
  const phone = await b.login({ email: laptop.user.email, password: 'a long enough password' }, 'client');
  expect(await a.authenticate(phone.sessionToken)).toBeDefined();
  await b.signOutOtherDevices(laptop.user.id, laptop.sessionToken);
  await soon(async () => expect(await a.authenticate(phone.sessionToken)).toBeUndefined());
  expect(await a.authenticate(laptop.sessionToken)).toBeDefined();
});

test('an account deleted anywhere is forgotten as soon as it commits', async () => {
  const a = replica(db);
  await hearing(a);
  const { sessionToken, user } = await signedUp(a);
  expect(await a.authenticate(sessionToken)).toBeDefined();
  await db.query('delete from users where id = $1', [user.id]);
  await soon(async () => expect(await a.authenticate(sessionToken)).toBeUndefined());
});

test('an account’s details changed anywhere reach every remembered session at once', async () => {
  const a = replica(db);
  await hearing(a);
  const { sessionToken, user } = await signedUp(a);
  expect((await a.authenticate(sessionToken))?.email_verified).toBe(false);
  await db.query('update users set email_verified_at = now() where id = $1', [user.id]);
  await soon(async () => expect((await a.authenticate(sessionToken))?.email_verified).toBe(true));
});

test('an account’s activity mark, which no session shows, tells no replica', async () => {
  const a = replica(countedDb);
  await hearing(a);
  const { sessionToken, user } = await signedUp(a);
  await a.authenticate(sessionToken);
  lookups = 0;
  await db.query('update users set last_active_at = now() where id = $1', [user.id]);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await a.authenticate(sessionToken);
  expect(lookups).toBe(0);
});

test('a session whose expiry is past is removed without telling anyone', async () => {
  const heard: string[] = [];
  db.listen(SESSION_REVOKED_CHANNEL, { notified: (payload) => heard.push(payload), hearing: () => {} });
  const a = replica(db);
  await hearing(a);
  const live = await signedUp(a);
  const expired = await signedUp(a);
  await db.query(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [
    hashToken(expired.sessionToken),
  ]);
  await db.query('delete from sessions where token_hash = any($1)', [
    [hashToken(live.sessionToken), hashToken(expired.sessionToken)],
  ]);
  await soon(async () => expect(heard).toContain(`token:${hashToken(live.sessionToken)}`));
  expect(heard).not.toContain(`token:${hashToken(expired.sessionToken)}`);
});

describe('while revocations cannot be heard', () => {
  /** A database whose listening connection the test opens and loses at will. */
  function deafDb(): { db: Db; listener: () => NotificationListener } {
    let listener: NotificationListener | undefined;
    return {
      db: { listen: (_channel: string, l: NotificationListener) => void (listener = l) } as unknown as Db,
      listener: () => listener!,
    };
  }

  test('a lost listening connection forgets every remembered session', () => {
    const fake = deafDb();
    const sessions = createSessionCache<string>({ ttlMs: 500, maxEntries: 10 });
    hearSessionRevocations(fake.db, sessions, { heardMs: 60_000, unheardMs: 500 });
    fake.listener().hearing(true);
    sessions.set('hash-a', 'user-1', 'Robin', Number.MAX_SAFE_INTEGER, sessions.generation());
    fake.listener().hearing(false);
    expect(sessions.get('hash-a')).toBeUndefined();
  });

  test('a session is remembered for half a second only, and for a minute once heard again', () => {
    const clock = { now: 1_000 };
    const fake = deafDb();
    const sessions = createSessionCache<string>({ ttlMs: 500, maxEntries: 10, now: () => clock.now });
    const heard = hearSessionRevocations(fake.db, sessions, { heardMs: 60_000, unheardMs: 500 });
    sessions.set('hash-a', 'user-1', 'Robin', Number.MAX_SAFE_INTEGER, sessions.generation());
    clock.now += 500;
    expect(sessions.get('hash-a')).toBeUndefined();
    fake.listener().hearing(true);
    expect(heard()).toBe(true);
    sessions.set('hash-a', 'user-1', 'Robin', Number.MAX_SAFE_INTEGER, sessions.generation());
    clock.now += 59_999;
    expect(sessions.get('hash-a')).toBe('Robin');
  });

  test('a lookup begun before hearing started or stopped is not remembered', () => {
    const fake = deafDb();
    const sessions = createSessionCache<string>({ ttlMs: 500, maxEntries: 10 });
    hearSessionRevocations(fake.db, sessions, { heardMs: 60_000, unheardMs: 500 });
    const before = sessions.generation();
    fake.listener().hearing(true);
    sessions.set('hash-a', 'user-1', 'Robin', Number.MAX_SAFE_INTEGER, before);
    expect(sessions.get('hash-a')).toBeUndefined();
  });
});
