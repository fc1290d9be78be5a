/**
 * The listening connection of one replica: it hears notifications as their transactions commit,
 * and a lost connection is told, opened again and heard again. Postgres only: PGlite is one
 * process's database, and its one connection cannot be lost.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { listenOnPostgres, type Listening } from './postgres-listener.ts';

const url = process.env.TEST_DATABASE_URL;

/** Waits until `check` holds, for at most limitMs. */
const within = (limitMs: number, check: () => boolean) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout: limitMs, interval: 20 });

describe.skipIf(!url)('a replica’s listening connection', () => {
  let sender: pg.Client;
  beforeAll(async () => {
    sender = new pg.Client({ connectionString: url });
    await sender.connect();
  });
  afterAll(() => sender.end());

  /** A listener on a channel of its own, its connection named so the test can find it. */
  function listening(connectionString = url) {
    const name = `listener_${randomBytes(6).toString('hex')}`;
    const heard: string[] = [];
    const hearing: boolean[] = [];
    const lost: Error[] = [];
    const notify = (payload: string) => sender.query('select pg_notify($1, $2)', [name, payload]);
    const connection: Listening = listenOnPostgres(
      { connectionString, application_name: name },
      name,
      { notified: (payload) => heard.push(payload), hearing: (on) => hearing.push(on) },
      {
        heartbeatMs: 1_000,
        retryMs: 50,
        onLost: (error) => lost.push(error),
        probe: (payload) => notify(payload),
      },
    );
    return { name, heard, hearing, lost, connection, notify };
  }

  test('hears what another connection notifies, only once its transaction commits', async () => {
    const l = listening();
    await within(2_000, () => l.hearing.at(-1) === true);
    await sender.query('begin');
    await l.notify('token:abc');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(l.heard).toEqual([]);
    await sender.query('commit');
    await within(1_000, () => l.heard.includes('token:abc'));
    await l.connection.close();
    expect(l.hearing).toEqual([true, false]);
  });

  test('a lost connection is told, opened again, and heard again', async () => {
    const l = listening();
    await within(2_000, () => l.hearing.at(-1) === true);
    await sender.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
      l.name,
    ]);
    await within(2_000, () => l.hearing.length === 3);
    expect(l.hearing).toEqual([true, false, true]);
    expect(l.lost).toHaveLength(1);
    await l.notify('user:after-the-loss');
    await within(1_000, () => l.heard.includes('user:after-the-loss'));
    await l.connection.close();
  });

  test('a connection that stops answering (a silent network) is treated as lost', async () => {
    const proxy = await silentProxy(new URL(url!));
    const l = listening(proxy.url);
    await within(2_000, () => l.hearing.at(-1) === true);
    proxy.silenceOpenConnections();
    await within(4_000, () => l.hearing.length === 3);
    expect(l.hearing).toEqual([true, false, true]);
    await l.notify('token:after-the-silence');
    await within(1_000, () => l.heard.includes('token:after-the-silence'));
    await l.connection.close();
    await proxy.close();
  });

  test('a listener that never hears its own probe (a pooler that drops LISTEN) never says it hears', async () => {
    const hearing: boolean[] = [];
    const connection = listenOnPostgres(
      { connectionString: url },
      `deaf_${randomBytes(6).toString('hex')}`,
      { notified() {}, hearing: (on) => hearing.push(on) },
      { heartbeatMs: 200, retryMs: 50, onLost() {}, probe: async () => undefined },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await connection.close();
    expect(hearing).toEqual([]);
  });

  test('closing stops hearing and opens nothing again', async () => {
    const l = listening();
    await within(2_000, () => l.hearing.at(-1) === true);
    await l.connection.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { rowCount } = await sender.query('select 1 from pg_stat_activity where application_name = $1', [
      l.name,
    ]);
    expect(rowCount).toBe(0);
    expect(l.hearing).toEqual([true, false]);
  });

  test('a channel name that is not a plain lowercase name is refused', () => {
    expect(() =>
      listenOnPostgres(
        { connectionString: url },
        'x; drop table users',
        { notified() {}, hearing() {} },
        {
          heartbeatMs: 1_000,
          retryMs: 50,
          onLost() {},
          probe: async () => undefined,
        },
      ),
    ).toThrow(/not a plain channel name/);
  });
});

/** A TCP relay to Postgres whose open connections can be made to go silent, as a dead network does. */
async function silentProxy(target: URL) {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream).pipe(client);
    open.add(client);
    const forget = () => {
      open.delete(client);
      upstream.destroy();
      client.destroy();
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    silenceOpenConnections() {
      for (const client of open) client.unpipe();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of open) client.destroy();
        server.close(() => resolve());
      }),
  };
}
