import { sql } from 'drizzle-orm';
import { QUEUE_SCHEMA } from '../queue/jobs';
import type { Database } from './client';

/**
 * Empties every application table (not the migrations journal). Used by `db:reset` and by the test
 * harness, which reuses one database per worker instead of creating one per test file.
 */
export async function truncateAllTables(db: Database): Promise<void> {
  // Both drivers answer `execute` with an object holding `rows`.
  const result = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const rows = result.rows;
  if (rows.length === 0) return;
  const list = rows.map((r) => `"public"."${r.tablename}"`).join(', ');
  await db.execute(sql.raw(`truncate table ${list} restart identity cascade`));
  // Jobs name rows that are gone now; the queues and schedules themselves stay.
  const jobs = (await db.execute(
    sql`select to_regclass(${`${QUEUE_SCHEMA}.job`}) is not null as installed`,
  )) as unknown as { rows: { installed: boolean }[] };
  if (jobs.rows[0]?.installed) {
    await db.execute(sql.raw(`truncate table ${QUEUE_SCHEMA}.job, ${QUEUE_SCHEMA}.archive`));
  }
}
