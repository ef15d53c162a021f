import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

/** Row count and a hash of every row of one table. */
export interface TableFingerprint {
  rows: number;
  hash: string;
}

/**
 * What every table holds, by `schema.table`: the application's tables and the queue's (a request that
 * queued a job or an email changed data too). Tests that must change nothing compare one taken before
 * with one taken after; the hash covers every column of every row, so an update shows as well as an
 * insert or a delete. Meant for the small databases tests build: it reads every row.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, TableFingerprint>> {
  const tables = (
    (await db.execute(
      sql`select schemaname, tablename from pg_tables
          where schemaname not in ('pg_catalog', 'information_schema')
          order by schemaname, tablename`,
    )) as unknown as { rows: { schemaname: string; tablename: string }[] }
  ).rows;
  if (tables.length === 0) return {};
  // One round trip for all of them: the fuzz suite takes one before and after every batch.
  const parts = tables.map(({ schemaname, tablename }) => {
    const name = `${schemaname}.${tablename}`.replaceAll("'", "''");
    const table = `"${schemaname.replaceAll('"', '""')}"."${tablename.replaceAll('"', '""')}"`;
    return `select '${name}' as name, count(*)::int as rows,
              md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash
            from ${table} t`;
  });
  const result = (await db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: { name: string; rows: number; hash: string }[];
  };
  return Object.fromEntries(result.rows.map((r) => [r.name, { rows: Number(r.rows), hash: r.hash }]));
}

/** The tables whose rows differ between two fingerprints, with their counts before and after. */
export function changedTables(
  before: Record<string, TableFingerprint>,
  after: Record<string, TableFingerprint>,
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => before[name]?.hash !== after[name]?.hash)
    .map((name) => `${name}: ${before[name]?.rows ?? 'none'} → ${after[name]?.rows ?? 'none'} rows`);
}
