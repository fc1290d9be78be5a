/**
 * Postgres going away under the app: a terminated connection must not end the process, and a
 * silent network (a TCP proxy that stops forwarding) must turn into prompt 503s, then recover.
 * Postgres only: skipped on PGlite.
 */
import net from 'node:net';
import pg from 'pg';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, signUp, type TestContext } from './test-app.ts';
import { createHealthRouter } from '../src/http/health.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPostgresDb } from '../src/db/postgres-db.ts';

const url = process.env.TEST_DATABASE_URL;

/** A TCP proxy in front of Postgres that the test can pause (a partition) and heal. */
function startProxy(target: URL) {
  let paused = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => (paused ? undefined : upstream.write(chunk)));
    upstream.on('data', (chunk) => (paused ? undefined : client.write(chunk)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return {
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as net.AddressInfo).port;
    },
    partition: () => (paused = true),
    heal: () => {
      paused = false;
      // Bytes dropped during the partition leave those connections unusable; drop them.
      for (const socket of sockets) socket.destroy();
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Ends these Postgres sessions from outside, as a restart or an operator would. */
async function terminate(pids: number[]) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
  } finally {
    await admin.end();
  }
}

/** What `work` let escape as uncaught exceptions (their stacks), once it has ended. */
async function uncaughtDuring(work: () => Promise<void>): Promise<(string | undefined)[]> {
  const errors: unknown[] = [];
  const onUncaught = (error: unknown) => errors.push(error);
  process.on('uncaughtException', onUncaught);
  try {
    await work();
  } finally {
    process.off('uncaughtException', onUncaught);
  }
  return errors.map((error) => (error instanceof Error ? error.stack : String(error)));
}

describe.skipIf(!url)('Postgres faults', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('terminating the app’s connections under traffic: the process stays up and recovers', async () => {
    const uncaught = await uncaughtDuring(async () => {
      const { client } = await signUp(ctx.app);
      // This app's own pooled connections (other test files share the database).
      const pids = await Promise.all(
        Array.from({ length: 10 }, () =>
          ctx.db.query<{ pid: number }>('select pg_backend_pid() as pid, pg_sleep(0.05)'),
        ),
      );
      const traffic = Array.from({ length: 40 }, () => client.get('/api/auth/me'));
      await terminate([...new Set(pids.map((result) => result.rows[0]!.pid))]);
      const statuses = (await Promise.all(traffic)).map((res) => res.status);
      expect(statuses.every((status) => status === 200 || status === 503 || status === 500)).toBe(true);
      // Recovers without a restart.
      await expect.poll(async () => (await client.get('/api/auth/me')).status, { timeout: 5_000 }).toBe(200);
    });
    expect(uncaught).toEqual([]);
  });

  test('a connection lost between two statements of a transaction fails the transaction, not the process', async () => {
    const uncaught = await uncaughtDuring(async () => {
      const transaction = ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
        await terminate([rows[0]!.pid]);
        // The connection's 'error' event arrives while the transaction holds it between statements.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.query('select 1');
      });
      await expect(transaction).rejects.toThrow();
    });
    expect(uncaught).toEqual([]);
    expect((await ctx.db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  test('a partition: health says 503 within 2 s, and everything recovers when it heals', async () => {
    const target = new URL(url!);
    const proxy = startProxy(target);
    const port = await proxy.listen();
    const proxied = new URL(url!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(port);
    const schema = (await ctx.db.query<{ s: string }>('select current_schema() as s')).rows[0]!.s;
    const db = createPostgresDb(proxied.toString(), {
      searchPath: schema,
      timeouts: { connectMs: 1_000, statementMs: 1_500 },
      onIdleError: () => undefined,
    });
    await migrate(db);
    const health = createHealthRouter(db);
    const app = (await import('express')).default();
    app.get('/health', health);
    try {
      expect((await supertest(app).get('/health')).status).toBe(200);
      proxy.partition();
      const started = Date.now();
      const during = await supertest(app).get('/health');
      expect(during.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(2_500);
      proxy.heal();
      await expect
        .poll(async () => (await supertest(app).get('/health')).status, { timeout: 10_000 })
        .toBe(200);
    } finally {
      await db.close().catch(() => undefined);
      await proxy.close();
    }
  });
});
