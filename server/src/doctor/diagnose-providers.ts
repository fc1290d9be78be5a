import type { Diagnosable, DiagnosisContext, Finding } from '../providers/diagnosis.ts';
import type { Providers } from '../providers/providers.ts';

/** One outside service as the doctor found it. */
export interface ProviderReport {
  provider: string;
  mode: 'real' | 'sandbox';
  findings: Finding[];
}

/** The services in the order an operator sets them up (docs/going-live.md). */
function servicesOf(providers: Providers): [string, Diagnosable][] {
  return [
    ['stripe', providers.stripe],
    ['twilio', providers.telephony],
    ['twilio verify', providers.phoneVerifier],
    ['elevenlabs', providers.voice],
    ['openai', providers.summarizer],
    ['openai moderation', providers.moderation],
    ['google', providers.google],
    ['storage', providers.recordings],
    ['email', providers.mailer],
  ];
}

/** How start-up names each service's mode: one log line per provider. */
export function providerModes(providers: Providers): { provider: string; mode: ProviderReport['mode'] }[] {
  return servicesOf(providers).map(([provider, service]) => ({
    provider,
    mode: service.isSandbox ? 'sandbox' : 'real',
  }));
}

/** Asks every provider at once; one that throws despite its promise is itself a fatal finding. */
export async function diagnoseProviders(
  providers: Providers,
  context: DiagnosisContext,
): Promise<ProviderReport[]> {
  return Promise.all(
    servicesOf(providers).map(async ([provider, service]): Promise<ProviderReport> => {
      const mode = service.isSandbox ? 'sandbox' : 'real';
      try {
        return { provider, mode, findings: await service.diagnose(context) };
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        return {
          provider,
          mode,
          findings: [
            {
              severity: 'fatal',
              check: 'diagnosis',
              detail,
              fix: 'Run npm run doctor again; report this if it persists.',
            },
          ],
        };
      }
    }),
  );
}

/**
 * What stops a production start-up: a fatal finding about how a service is set up. A vendor that
 * cannot be asked right now does not (its outage must not keep replicas from starting).
 */
export function blockingFindings(reports: ProviderReport[]): string[] {
  return reports.flatMap((report) =>
    report.findings
      .filter((finding) => finding.severity === 'fatal' && !finding.transient)
      .map(
        (finding) =>
          `${report.provider} ${finding.check}: ${finding.detail}. Fix: ${finding.fix ?? 'see npm run doctor'}`,
      ),
  );
}

const LABEL: Record<Finding['severity'], string> = { ok: 'ok', warning: 'WARN', fatal: 'FATAL' };

/** The doctor's table: a row per finding, its fix on the line below. */
export function formatReports(reports: ProviderReport[]): string {
  const width = Math.max(...reports.flatMap((r) => r.findings.map((f) => f.check.length)), 5);
  const lines: string[] = [];
  for (const report of reports) {
    lines.push(`${report.provider} (${report.mode})`);
    for (const finding of report.findings) {
      lines.push(`  ${LABEL[finding.severity].padEnd(5)}  ${finding.check.padEnd(width)}  ${finding.detail}`);
      if (finding.fix && finding.severity !== 'ok')
        lines.push(`  ${''.padEnd(5)}  ${''.padEnd(width)}  fix: ${finding.fix}`);
    }
  }
  const count = (severity: Finding['severity']) =>
    reports.reduce((sum, r) => sum + r.findings.filter((f) => f.severity === severity).length, 0);
  lines.push('', `${count('fatal')} fatal, ${count('warning')} warnings, ${count('ok')} ok`);
  return lines.join('\n');
}
