import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { NotificationListener } from './db.ts';

export interface ListenerOptions {
  /** How often the listening connection is asked to answer, so a silent network is noticed. */
  heartbeatMs: number;
  /** How long after a loss it connects again (doubled, up to a minute, while it never hears). */
  retryMs: number;
  /** A connection that was hearing was lost (it is opened again). */
  onLost(error: Error): void;
  /**
   * Notifies the channel from another connection. Hearing starts only once that probe is heard:
   * a LISTEN that succeeds through a transaction-mode pooler hears nothing afterwards.
   */
  probe(payload: string): Promise<unknown>;
}

export interface Listening {
  close(): Promise<void>;
}

const PROBE = 'probe:';
const MAX_RETRY_MS = 60_000;

/**
 * LISTENs on a connection of its own, outside the pool (a pooled connection is handed to others
 * between statements, and would stop hearing). A lost connection, or one that stops answering the
 * heartbeat, is told to the listener as missed notifications and opened again.
 */
export function listenOnPostgres(
  config: pg.ClientConfig,
  channel: string,
  listener: NotificationListener,
  options: ListenerOptions,
): Listening {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let current: pg.Client | undefined;
  let heard = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  // A connection that never hears its probe, or later stops answering, is dropped.
  let [probeDeadline, heartbeat]: (NodeJS.Timeout | undefined)[] = [];

  function stopHearing() {
    clearTimeout(probeDeadline);
    clearInterval(heartbeat);
    if (heard) listener.hearing((heard = false));
  }

  function drop(client: pg.Client, error: Error) {
    if (client !== current) return;
    current = undefined;
    const wasHeard = heard;
    stopHearing();
    client.end().catch(() => undefined);
    if (closed) return;
    if (wasHeard) options.onLost(error);
    failures = wasHeard ? 0 : failures + 1;
    retry = setTimeout(() => void connect(), Math.min(options.retryMs * 2 ** failures, MAX_RETRY_MS));
    retry.unref();
  }

  function startHearing(client: pg.Client) {
    clearTimeout(probeDeadline);
    listener.hearing((heard = true));
    heartbeat = setInterval(() => {
      client.query('select 1').catch((error: Error) => drop(client, error));
    }, options.heartbeatMs);
    heartbeat.unref();
  }

  async function connect() {
    const client = new pg.Client({ ...config, query_timeout: options.heartbeatMs, keepAlive: true });
    const probe = `${PROBE}${randomUUID()}`;
    current = client;
    client.on('notification', ({ channel: heardOn, payload }) => {
      if (heardOn !== channel || payload === undefined || client !== current) return;
      if (payload === probe && !heard) startHearing(client);
      else if (!payload.startsWith(PROBE)) listener.notified(payload);
    });
    client.on('error', (error) => drop(client, error));
    client.on('end', () => drop(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
      if (client !== current) return;
      probeDeadline = setTimeout(
        () => drop(client, new Error('the listening connection did not hear its probe')),
        options.heartbeatMs,
      );
      await options.probe(probe);
    } catch (error) {
      drop(client, error as Error);
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      stopHearing();
      await client?.end().catch(() => undefined);
    },
  };
}
