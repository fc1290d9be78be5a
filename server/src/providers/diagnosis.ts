/**
 * What `npm run doctor` and a production start-up ask of every outside service: is it set up
 * the way the app needs it? Each real adapter answers with findings in its own vendor's terms;
 * a sandbox answers that it is one.
 */
export type Severity = 'ok' | 'warning' | 'fatal';

export interface Finding {
  severity: Severity;
  /** What was checked, e.g. "webhook endpoint". */
  check: string;
  /** What was found, e.g. "https://santa.example/api/stripe/webhook, API version 2025-…". */
  detail: string;
  /** How to mend it, when it is not ok: a sentence an operator can act on. */
  fix?: string;
  /**
   * The vendor could not be asked (network, its 5xx or 429): a production start-up logs it and
   * goes on, so replicas can still start during a vendor's outage.
   */
  transient?: boolean;
}

/** Where the app is reachable: the URLs the vendors must call back. */
export interface DiagnosisContext {
  publicUrl: string;
}

export interface Diagnosable {
  readonly isSandbox: boolean;
  /** Never throws: an unreachable vendor is itself a finding. */
  diagnose(context: DiagnosisContext): Promise<Finding[]>;
}

export const ok = (check: string, detail: string): Finding => ({ severity: 'ok', check, detail });
export const warning = (check: string, detail: string, fix: string): Finding => ({
  severity: 'warning',
  check,
  detail,
  fix,
});
export const fatal = (check: string, detail: string, fix: string): Finding => ({
  severity: 'fatal',
  check,
  detail,
  fix,
});

/** The one finding of a sandbox: it is not the real service, and how to make it so. */
export function sandboxFinding(fix: string): Finding[] {
  return [{ severity: 'warning', check: 'mode', detail: 'sandbox (no real service is called)', fix }];
}

/** The HTTP status an SDK error carries, under whichever name that SDK uses. */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' ? value : undefined;
}

/** An error from a vendor call, as a finding: its message only, never a response body. */
export function unreachable(check: string, error: unknown, fix: string): Finding {
  const message = error instanceof Error ? error.message : String(error);
  const status = statusOf(error);
  const transient = status === undefined || status === 429 || status >= 500;
  return { ...fatal(check, `failed: ${message.split('\n')[0]!.slice(0, 200)}`, fix), transient };
}
