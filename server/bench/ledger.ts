/** The Christmas bench's exact checks on the call-time ledger (in seconds), and the job queue's lag. */
import type { Db } from '../src/db/db.ts';

/** The jobs that write a call's summary. */
export const SUMMARY_JOBS = "('after-call')";

async function count(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

/** Waits for the summaries the bench queued; answers how many are still waiting. */
async function drainSummaries(db: Db, jobsSchema: string, timeoutMs = 120_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  let waiting = 0;
  do {
    waiting = await count(
      db,
      `select count(*) as n from ${jobsSchema}.job where name in ${SUMMARY_JOBS} and state in ('created', 'retry', 'active')`,
    );
    if (waiting === 0) return 0;
    await new Promise((resolve) => setTimeout(resolve, 500));
  } while (Date.now() < until);
  return waiting;
}

/** What a check expects: a count, or, where the generator did not hear every outcome, a range. */
type Expected = number | { from: number; to: number };

/** `expected`, plus up to `unheard` more that the server may have done without the generator hearing. */
const upTo = (expected: number, unheard: number): Expected =>
  unheard === 0 ? expected : { from: expected, to: expected + unheard };

const holds = (found: number, expected: Expected) =>
  typeof expected === 'number' ? found === expected : found >= expected.from && found <= expected.to;

const spelled = (expected: Expected) =>
  typeof expected === 'number' ? `${expected}` : `${expected.from} to ${expected.to}`;

export async function checkLedger(
  db: Db,
  bench: {
    jobsSchema: string;
    stored: number;
    billedSeconds: number;
    leftOpen: number;
    /**
     * Webhooks that got no answer: transcripts the server may have stored (and their seconds),
     * and rings that may have reserved. Each widens its checks by that much, never more.
     */
    unheard: { stored: number; storedSeconds: number; open: number };
  },
): Promise<{ exact: boolean; lines: string[] }> {
  const summariesWaiting = await drainSummaries(db, bench.jobsSchema);
  const { unheard } = bench;
  const checks: [string, number, Expected][] = [
    [
      'calls stored for the bench (one per stored transcript)',
      await count(db, `select count(*) as n from calls where call_sid like 'CAxmas%'`),
      upTo(bench.stored, unheard.stored),
    ],
    [
      'seconds billed for the bench (what the calls lasted, to the second)',
      await count(
        db,
        `select coalesce(sum(seconds_billed), 0) as n from call_reservations where call_sid like 'CAxmas%' and status = 'settled'`,
      ),
      upTo(bench.billedSeconds, unheard.storedSeconds),
    ],
    [
      'settled calls billed other than by their duration',
      await count(
        db,
        `select count(*) as n from call_reservations r join calls c on c.call_sid = r.call_sid
         where r.call_sid like 'CAxmas%' and r.seconds_billed <> c.duration`,
      ),
      0,
    ],
    [
      'families whose seconds used differ from their settled calls',
      await count(
        db,
        `select count(*) as n from subscriptions s
         left join (select user_id, sum(seconds_billed) as billed from call_reservations
                    where status = 'settled' group by user_id) r on r.user_id = s.user_id
         where s.seconds_used <> coalesce(r.billed, 0)`,
      ),
      0,
    ],
    [
      'families over their limit',
      await count(db, 'select count(*) as n from subscriptions where seconds_used > seconds_limit'),
      0,
    ],
    [
      'calls stored twice',
      await count(
        db,
        `select count(*) as n from (select call_sid from calls where call_sid like 'CAxmas%'
         group by call_sid having count(*) > 1) twice`,
      ),
      0,
    ],
    [
      // Only calls whose transcript never arrived; the sweeper settles them by Twilio's record.
      'reservations still holding call time',
      await count(db, `select count(*) as n from call_reservations where status = 'open'`),
      upTo(bench.leftOpen, unheard.stored + unheard.open),
    ],
    [
      'calls without a summary',
      await count(db, `select count(*) as n from calls where call_sid like 'CAxmas%' and summary = ''`),
      0,
    ],
    ['summary jobs still waiting', summariesWaiting, 0],
  ];
  const lines = ['\ncall-time ledger (seconds):'];
  let exact = true;
  for (const [what, found, expected] of checks) {
    const ok = holds(found, expected);
    exact &&= ok;
    const range = typeof expected === 'number' ? '' : ` (${spelled(expected)}: some answers never came)`;
    lines.push(
      `  ${ok ? 'ok  ' : 'FAIL'} ${what}: ${found}${ok ? range : ` (expected ${spelled(expected)})`}`,
    );
  }
  const neverAnswered = unheard.stored + unheard.open;
  if (!exact) lines.push('LEDGER NOT EXACT');
  else if (neverAnswered > 0)
    lines.push(`ledger exact for every answered call; ${neverAnswered} webhooks were never answered`);
  else lines.push('ledger exact');
  return { exact, lines };
}

/** The database's clock, which stamps a job's creation and its start. */
export async function databaseNow(db: Db): Promise<Date> {
  const { rows } = await db.query<{ now: Date }>('select clock_timestamp() as now');
  return rows[0]!.now;
}

/**
 * Seconds between a summary job's creation and its start: over the whole bench, or for the jobs
 * created in one step's window (a step's calls, however long after it their summaries began).
 */
export async function jobLag(
  db: Db,
  jobsSchema: string,
  window?: { from: Date; to: Date },
): Promise<{ p50: number; p99: number; jobs: number }> {
  const inWindow = window ? 'and created_on >= $1 and created_on < $2' : '';
  const { rows } = await db.query<{ p50: number | null; p99: number | null; jobs: number }>(
    `select percentile_cont(0.5) within group (order by lag) as p50,
            percentile_cont(0.99) within group (order by lag) as p99,
            count(*)::int as jobs
     from (select extract(epoch from started_on - created_on) as lag from ${jobsSchema}.job
           where name in ${SUMMARY_JOBS} and started_on is not null ${inWindow}
           union all
           select extract(epoch from started_on - created_on) from ${jobsSchema}.archive
           where name in ${SUMMARY_JOBS} and started_on is not null ${inWindow}) lags`,
    window ? [window.from, window.to] : [],
  );
  return { p50: Number(rows[0]?.p50 ?? 0), p99: Number(rows[0]?.p99 ?? 0), jobs: rows[0]?.jobs ?? 0 };
}
