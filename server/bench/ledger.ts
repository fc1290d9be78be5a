/** The Christmas bench's exact checks on the call-time ledger (in seconds), and the job queue's lag. */
import type { Db } from '../src/db/db.ts';

/** The jobs that write a call's summary: the after-call job, and the previous release's one. */
export const SUMMARY_JOBS = "('after-call', 'call-summary')";

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

export async function checkLedger(
  db: Db,
  bench: { jobsSchema: string; stored: number; billedSeconds: number; leftOpen: number },
): Promise<{ exact: boolean; lines: string[] }> {
  const summariesWaiting = await drainSummaries(db, bench.jobsSchema);
  const checks: [string, number, number][] = [
    [
      'calls stored for the bench (one per stored transcript)',
      await count(db, `select count(*) as n from calls where call_sid like 'CAxmas%'`),
      bench.stored,
    ],
    [
      'seconds billed for the bench (what the calls lasted, to the second)',
      await count(
        db,
        `select coalesce(sum(seconds_billed), 0) as n from call_reservations where call_sid like 'CAxmas%' and status = 'settled'`,
      ),
      bench.billedSeconds,
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
      bench.leftOpen,
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
    const ok = found === expected;
    exact &&= ok;
    lines.push(`  ${ok ? 'ok  ' : 'FAIL'} ${what}: ${found}${ok ? '' : ` (expected ${expected})`}`);
  }
  lines.push(exact ? 'ledger exact' : 'LEDGER NOT EXACT');
  return { exact, lines };
}

/** Seconds between a summary job's creation and its start, over the whole bench. */
export async function jobLag(
  db: Db,
  jobsSchema: string,
): Promise<{ p50: number; p99: number; jobs: number }> {
  const { rows } = await db.query<{ p50: number | null; p99: number | null; jobs: number }>(
    `select percentile_cont(0.5) within group (order by lag) as p50,
            percentile_cont(0.99) within group (order by lag) as p99,
            count(*)::int as jobs
     from (select extract(epoch from started_on - created_on) as lag from ${jobsSchema}.job
           where name in ${SUMMARY_JOBS} and started_on is not null
           union all
           select extract(epoch from started_on - created_on) from ${jobsSchema}.archive
           where name in ${SUMMARY_JOBS} and started_on is not null) lags`,
  );
  return { p50: Number(rows[0]?.p50 ?? 0), p99: Number(rows[0]?.p99 ?? 0), jobs: rows[0]?.jobs ?? 0 };
}
