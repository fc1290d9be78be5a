import { uniqueEmail } from './fixtures/unique.ts';
import type { Express } from 'express';
import { pino } from 'pino';
import supertest from 'supertest';
import { createApp } from '../src/app.ts';
import { createServices, type AppDeps, type AppServices } from '../src/services.ts';
import { parseConfig, type Config } from '../src/config.ts';
import type { Db } from '../src/db/db.ts';
import { registerWorkers } from '../src/background-jobs.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/job-queue.ts';
import { ensureAdminAccount } from '../src/modules/auth/admin-account.ts';
import { createProviders, type Providers } from '../src/providers/providers.ts';
import { loadSandboxSecrets } from '../src/providers/sandbox-secrets.ts';
import type { PostToApp } from '../src/providers/sandbox-webhooks.ts';
import { openTestDb, testSchemaOf } from './test-db.ts';

export const PUBLIC_URL = 'http://localhost:3000';
export const ADMIN_EMAIL = 'admin@santacalls.local';
export const ADMIN_PASSWORD = 'admin-password-123';

export interface TestContext {
  app: Express;
  db: Db;
  config: Config;
  providers: Providers;
  services: AppServices;
  deps: AppDeps;
  jobs: JobQueue;
  close(): Promise<void>;
}

/** One migrated database and app per test file, all outside services on their sandboxes. */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    /** Swaps providers (a test double) before any service is built on them. */
    providers?: (sandboxes: Providers) => Providers;
    /** The database the app's services see (a counting wrapper); the test and the queue keep the raw one. */
    appDb?: (db: Db) => Db;
    /** False: jobs are queued but no worker runs them (a test that counts what one request does). */
    workers?: boolean;
  } = {},
): Promise<TestContext> {
  const db = await openTestDb();
  const config = parseConfig({
    PUBLIC_URL,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    // A test file's calls stay open unless it ends them; only the admission tests meet the limit.
    MAX_CONCURRENT_CALLS: '1000',
    // Every test proves its phones from one address; the phone-proof tests set their own caps.
    PHONE_CODES_PER_CLIENT_PER_HOUR: '100000',
    ...options.env,
  });
  // A test that captures the app's log lines (log-privacy.test.ts) gets the queue's too.
  const logger = options.deps?.logger ?? pino({ level: 'silent' });
  const sandboxes = createProviders({ config, db, sandboxSecrets: loadSandboxSecrets() });
  const providers = options.providers ? options.providers(sandboxes) : sandboxes;
  const schema = testSchemaOf(db);
  const jobs = createJobQueue(db, logger, schema ? { schema: `${schema}_jobs` } : {});
  await jobs.start();
  const built: { app?: Express } = {};
  // The sandboxes reach the app's webhooks in-process, through the HTTP stack, not over a port.
  const sandboxPost: PostToApp = async (path, { contentType, headers, body }) => {
    const res = await supertest(built.app!)
      .post(path)
      .set('Content-Type', contentType)
      .set(headers)
      .send(body);
    return { status: res.status, body: res.text };
  };
  // bcrypt cost 4 keeps the suite fast; a dedicated test checks the production cost of 11.
  const deps: AppDeps = {
    config,
    db: options.appDb ? options.appDb(db) : db,
    logger,
    providers,
    jobs,
    bcryptCost: 4,
    sandboxPost,
    ...options.deps,
  };
  const services = createServices(deps);
  // Workers run as in production; periodic jobs are run by hand in the tests that need them.
  if (options.workers !== false) await registerWorkers(jobs, services);
  await ensureAdminAccount(db, services.auth, { email: config.adminEmail, password: ADMIN_PASSWORD }, logger);
  const app = createApp(deps, services);
  built.app = app;
  return {
    app,
    db,
    config,
    providers,
    services,
    deps,
    jobs,
    async close() {
      await jobs.stop();
      await db.close();
    },
  };
}

/**
 * A browser stand-in: sends our Origin on every request and keeps the session cookie itself
 * (supertest's jar drops Secure cookies over plain http).
 */
export class TestClient {
  /** The session_token cookie. */
  cookie: string | undefined;
  /** Every other cookie the server set (paths are not scoped: the server checks values, not paths). */
  readonly otherCookies = new Map<string, string>();

  constructor(
    readonly app: Express,
    readonly origin: string = PUBLIC_URL,
  ) {}

  private prepare(test: supertest.Test): supertest.Test {
    if (this.origin) test.set('Origin', this.origin);
    const cookies = [...this.otherCookies].map(([name, value]) => `${name}=${value}`);
    if (this.cookie) cookies.push(`session_token=${this.cookie}`);
    if (cookies.length > 0) test.set('Cookie', cookies.join('; '));
    return test.on('response', (res: { headers: Record<string, string[] | undefined> }) => {
      for (const header of res.headers['set-cookie'] ?? []) {
        const match = /^([^=;\s]+)=([^;]*)/.exec(header);
        if (!match) continue;
        const [, name, value] = match as unknown as [string, string, string];
        const cleared = !value || /expires=Thu, 01 Jan 1970/i.test(header);
        if (name === 'session_token') this.cookie = cleared ? undefined : value;
        else if (cleared) this.otherCookies.delete(name);
        else this.otherCookies.set(name, value);
      }
    });
  }

  get(path: string) {
    return this.prepare(supertest(this.app).get(path));
  }
  post(path: string) {
    return this.prepare(supertest(this.app).post(path));
  }
  put(path: string) {
    return this.prepare(supertest(this.app).put(path));
  }
  patch(path: string) {
    return this.prepare(supertest(this.app).patch(path));
  }
  delete(path: string) {
    return this.prepare(supertest(this.app).delete(path));
  }
}

export { uniqueEmail } from './fixtures/unique.ts';

/** Registers a parent and returns a client signed in as them. */
export async function signUp(
  app: Express,
  overrides: Partial<{ email: string; password: string; name: string }> = {},
) {
  const client = new TestClient(app);
  const body = { email: uniqueEmail(), password: 'correct-horse-battery', name: 'Pat Parent', ...overrides };
  const res = await client.post('/api/auth/register').send(body);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    client,
    user: res.body.user as { id: string; email: string; name: string },
    password: body.password,
  };
}

export async function signInAsAdmin(app: Express) {
  const client = new TestClient(app);
  const res = await client.post('/api/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status}`);
  return client;
}

/**
 * Verifies a family phone the way a parent does: asks for a code, reads the text the sandbox
 * Twilio sent to the phone, and types it in.
 */
export async function verifyPhone(ctx: { db: Db }, client: TestClient, phone: string): Promise<void> {
  const sent = await client.post('/api/santa/phones/send-code').send({ phone });
  if (sent.status !== 200) throw new Error(`send-code failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const { rows } = await ctx.db.query<{ body: string }>(
    'select body from sandbox_sms_messages where to_number = $1 order by id desc limit 1',
    [phone],
  );
  const code = /\d{6}/.exec(rows[0]?.body ?? '')?.[0];
  const verified = await client.post('/api/santa/phones/verify').send({ phone, code });
  if (verified.status !== 200)
    throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
}
