import { sql } from 'drizzle-orm';
import type { Executor } from './client';

// Statements run on every request are prepared once per database object: Drizzle builds their SQL once
// and PostgreSQL plans them once per connection. Planning, not execution, dominated the short queries
// behind the busiest endpoints (see bench/README.md).
const cache = new WeakMap<Executor, Map<string, unknown>>();

export function prepared<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}

/**
 * A LIMIT written into a prepared statement rather than bound. PostgreSQL costs a bound LIMIT as 10%
 * of the rows, so the generic plan of a page query looks dear and it re-plans the statement on every
 * execution (2-3 ms of planning for 0.25 ms of work on the open-jobs list, measured in
 * bench/marketplace-load.mjs), or picks a plan that sorts everything instead of reading an index in
 * order. Drizzle binds numbers but writes an SQL chunk as it is, so each page size becomes its own
 * statement: name statements with the size.
 */
export function literalLimit(n: number): number {
  // 2,000: the longest list read whole (a support conversation's transcript).
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_000) throw new Error(`bad page size ${n}`);
  return sql.raw(String(n)) as unknown as number;
}
