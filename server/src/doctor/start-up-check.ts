import type { Logger } from 'pino';
import type { Providers } from '../providers/providers.ts';
import { blockingFindings, diagnoseProviders, providerModes } from './diagnose-providers.ts';

/** Vendors get this long to answer a production start-up's questions before it goes on without. */
const START_UP_DIAGNOSIS_MS = 20_000;

/**
 * Logs one line per provider (real or sandbox). With sandboxes off, asks each real provider how
 * it is set up and answers the fatal findings that must stop start-up, each with its fix.
 */
export async function checkProvidersAtStartUp(
  providers: Providers,
  options: { publicUrl: string; allowSandbox: boolean; logger: Logger; timeoutMs?: number },
): Promise<string[]> {
  const { logger } = options;
  for (const { provider, mode } of providerModes(providers)) {
    logger.info({ provider, mode }, `provider ${provider}: ${mode}`);
  }
  if (options.allowSandbox) return [];
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), options.timeoutMs ?? START_UP_DIAGNOSIS_MS);
  });
  const reports = await Promise.race([
    diagnoseProviders(providers, { publicUrl: options.publicUrl }),
    timedOut,
  ]);
  clearTimeout(timer);
  if (reports === 'timed out') {
    logger.error(
      'the providers did not answer the start-up check in time; starting without it (run npm run doctor)',
    );
    return [];
  }
  for (const report of reports) {
    for (const finding of report.findings.filter((f) => f.severity === 'fatal' && f.transient)) {
      logger.error(
        { provider: report.provider, check: finding.check },
        `${report.provider} could not be checked: ${finding.detail}`,
      );
    }
  }
  return blockingFindings(reports);
}
