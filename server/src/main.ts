import type { Server } from 'node:http';
import { createApp } from './app.ts';
import { createServices } from './services.ts';
import { ConfigError, parseConfig, type Config } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open-db.ts';
import { createLogger } from './logger.ts';
import { createMetrics } from './metrics/metrics.ts';
import { ensureAdminAccount } from './modules/auth/admin-account.ts';
import { CLIENT_DIST } from './project-paths.ts';
import { checkProvidersAtStartUp } from './doctor/start-up-check.ts';
import { createProviders } from './providers/providers.ts';
import { loadSandboxSecrets } from './providers/sandbox-secrets.ts';
import { offerPeriodicJobs, registerWorkers } from './background-jobs.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { sandboxAgentSocketFor } from './sandbox/browser/agent-socket.ts';

const SHUTDOWN_GRACE_MS = 10_000;
const KEEP_ALIVE_MS = 65_000;
const IDLE_SWEEP_MS = 100;

function loadConfig(): Config {
  try {
    return parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = loadConfig();
const logger = createLogger(config.logLevel);
if (!config.secureCookies) {
  logger.warn(
    'PUBLIC_URL is plain http on a host other than localhost: session cookies fall back to SameSite=Lax without Secure. Use https in production.',
  );
}

const db = await openDb(config.databaseUrl, config.dataDir, {
  timeouts: config.databaseTimeouts,
  onIdleError: (error) =>
    logger.warn({ err: error }, 'an idle database connection was lost; the pool replaces it'),
  onListenerLost: (error) =>
    logger.warn(
      { err: error },
      'the connection hearing session revocations was lost; it is opened again, and sessions are remembered for 500 ms meanwhile',
    ),
});
const applied = await migrate(db);
if (applied.length > 0) logger.info({ applied }, 'migrations applied');

const metrics = createMetrics();
const providers = createProviders({
  config,
  db,
  sandboxSecrets: loadSandboxSecrets(config.dataDir),
  logger,
  onFailure: (provider, operation) => metrics.providerError(provider, operation),
});
const blocking = await checkProvidersAtStartUp(providers, {
  publicUrl: config.publicUrl,
  allowSandbox: config.allowSandbox,
  logger,
});
if (blocking.length > 0) {
  for (const problem of blocking) logger.fatal(problem);
  logger.fatal('start-up stopped: mend the findings above (npm run doctor shows them all)');
  await db.close();
  process.exit(1);
}
const jobs = createJobQueue(db, logger, { schema: config.jobQueueSchema });
await jobs.start();
const deps = { config, db, logger, providers, jobs, metrics, clientDist: CLIENT_DIST };
const services = createServices(deps);
await ensureAdminAccount(
  db,
  services.auth,
  { email: config.adminEmail, password: config.adminPassword },
  logger,
);

const app = createApp(deps, services);
await registerWorkers(jobs, services);
offerPeriodicJobs(jobs);
// Before the first caller: a replica started on Christmas Eve is sent its share of calls at once.
const opening = Date.now();
await db.openConnections().then(
  () => logger.info({ ms: Date.now() - opening }, 'database connections opened'),
  (error: unknown) =>
    logger.warn(
      { err: error },
      'database connections could not be opened ahead; calls open them as they come',
    ),
);
const server: Server = app.listen(config.port, () => {
  logger.info(`Santa Calls is listening on ${config.publicUrl} (port ${config.port}, database ${db.kind})`);
});
// A load balancer keeps idle connections open for 60 s and reuses them. Node closes them after 5 s,
// and a request sent as one closes is lost (a 502 for the caller). So the replica outwaits it.
server.keepAliveTimeout = KEEP_ALIVE_MS;
// The sandbox agent's conversation socket, for browser calls without ElevenLabs keys.
const agentSocket = sandboxAgentSocketFor(deps);
if (agentSocket) server.on('upgrade', agentSocket.onUpgrade);

let stopping = false;
/**
 * Graceful shutdown: stop accepting, let in-flight requests and running jobs finish (a job that
 * does not is retried by another replica), then close the database.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const forceExit = setTimeout(() => {
    logger.error('in-flight requests and jobs did not finish in time; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  forceExit.unref();
  agentSocket?.close();
  // Closes the idle connections now; one answering a request stays open, kept alive, once it is
  // answered, so each is closed as it falls idle, or the server would wait out its keep-alive.
  const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
  const closeIdle = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  await Promise.all([requestsDone, jobs.stop(SHUTDOWN_GRACE_MS - 1_000)]);
  clearInterval(closeIdle);
  await db.close();
  logger.info('stopped');
  process.exit(0);
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
