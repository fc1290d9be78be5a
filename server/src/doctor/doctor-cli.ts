/**
 * `npm run doctor`: checks every outside service with the keys in the environment and prints
 * what is wrong with the fix for each problem. Exits 1 when a finding is fatal.
 */
import { ConfigError, parseConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { createProviders } from '../providers/providers.ts';
import { loadSandboxSecrets } from '../providers/sandbox-secrets.ts';
import { diagnoseProviders, formatReports } from './diagnose-providers.ts';

/** The sandboxes answer the doctor without their tables: it never opens the app's database. */
const NO_DATABASE = new Proxy({} as Db, {
  get() {
    throw new Error('the doctor does not use the database');
  },
});

async function main(): Promise<number> {
  let config;
  try {
    config = parseConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  const providers = createProviders({
    config,
    db: NO_DATABASE,
    sandboxSecrets: loadSandboxSecrets(config.dataDir),
  });
  console.log(`Santa Calls doctor: PUBLIC_URL ${config.publicUrl}\n`);
  const reports = await diagnoseProviders(providers, { publicUrl: config.publicUrl });
  console.log(formatReports(reports));
  return reports.some((report) => report.findings.some((f) => f.severity === 'fatal')) ? 1 : 0;
}

process.exitCode = await main();
