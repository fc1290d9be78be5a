/**
 * What an error may say in a log line: its class, code, a message with quoted values removed, and
 * a stack of code locations. Never its other fields: database drivers attach the query's
 * parameters (`params`) and the failing row (`detail`: "Failing row contains (…)"), and provider
 * SDKs attach request and response bodies — which carry parents' emails and phones, children's
 * names, wish lists and transcripts, and password hashes.
 */
export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  /** Postgres names the constraint or table involved; those are schema names, not data. */
  constraint?: string;
  table?: string;
  stack?: string;
  cause?: LoggedError;
}

const MAX_CAUSES = 3;
// Quoted text in driver and SDK messages is where input values appear:
// `invalid input syntax for type uuid: "…"`, `Key (email)=(…) already exists`.
const QUOTED = /"[^"]*"|'[^']*'|=\([^)]*\)/g;

export function scrubMessage(message: string): string {
  return message.replace(QUOTED, (match) => (match.startsWith('=') ? '=(…)' : `${match[0]}…${match[0]}`));
}

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 100 ? value : undefined;
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return {
      type: typeof error,
      message: typeof error === 'string' ? scrubMessage(error) : 'non-error thrown',
    };
  }
  const fields = error as Error & Record<string, unknown>;
  const message = scrubMessage(error.message);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = {
    type: error.constructor?.name || error.name,
    message,
    code: stringField(fields.code) ?? (typeof fields.code === 'number' ? String(fields.code) : undefined),
    constraint: stringField(fields.constraint),
    table: stringField(fields.table),
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  if (error.cause !== undefined && depth < MAX_CAUSES) logged.cause = serializeError(error.cause, depth + 1);
  return Object.fromEntries(Object.entries(logged).filter(([, value]) => value !== undefined)) as LoggedError;
}
