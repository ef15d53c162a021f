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
