import type PgBoss from 'pg-boss';
import type { JobsInStatement } from './queues.ts';

/**
 * pg-boss's own insert of `jobs`, as it would send it, for another statement to hold (see
 * JobsInStatement): queue defaults, retries and the table stay pg-boss's. Nothing is sent here.
 */
export async function jobsInStatement(
  boss: PgBoss,
  jobs: PgBoss.JobInsert[],
): Promise<JobsInStatement['sql']> {
  const sent: { text: string; values: unknown[] }[] = [];
  const capture: PgBoss.Db = {
    executeSql: async (text, values) => {
      sent.push({ text, values: values ?? [] });
      return { rows: [] };
    },
  };
  await boss.insert(jobs, { db: capture });
  if (sent.length !== 1) throw new Error(`pg-boss's insert sent ${sent.length} statements, not one`);
  const { text, values } = sent[0]!;
  // The jobs travel as the insert's first value, a JSON array: an empty one when `when` fails.
  return (param, when) =>
    text.replace(/\$(\d+)/g, (_, n: string) =>
      n === '1'
        ? `(case when ${when} then ${param(values[0])}::json else '[]'::json end)`
        : param(values[Number(n) - 1]),
    );
}
