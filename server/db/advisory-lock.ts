import type pg from 'pg';
import type { DatabaseHandle } from './client';
import type { EmbeddedClient } from './embedded-client';

/**
 * PostgreSQL advisory lock keys for work that instances starting together on one database must do one
 * at a time. Arbitrary constants, the same in every instance.
 */
export const ADVISORY_LOCKS = {
  migrations: 4_242_001,
  /** pg-boss's schema, queues and schedules: its createQueue and schedule deadlock when run at once. */
  queueSetup: 4_242_002,
  /** The demo seed of an empty database (SEED_DEMO_DATA=always) and ADMIN_EMAILS. */
  startData: 4_242_003,
  /** A round of vacuuming where the database has no autovacuum (upkeep.ts): one instance's is enough. */
  tableUpkeep: 4_242_004,
} as const;

/**
 * Runs `work` while this process holds the advisory lock `key`; other instances wait for it. The lock is
 * held by a connection of its own, so `work` may use the pool as usual (it needs one connection more
 * than it uses); if that connection dies, PostgreSQL releases the lock. The embedded database has one
 * process by construction (data-dir-lock.ts), so there is nothing to wait for.
 */
export async function withAdvisoryLock<T>(
  database: DatabaseHandle,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  if (database.kind === 'pglite') return work();
  const holder = await (database.client as pg.Pool).connect();
  let broken: Error | undefined;
  try {
    await holder.query('select pg_advisory_lock($1)', [key]);
    return await work();
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    await holder.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
    // A connection that failed is not handed back to the pool.
    holder.release(broken);
  }
}

/**
 * Runs `work` if no other instance holds the advisory lock `key`, and resolves with undefined if one
 * does: for work that one instance doing is enough. `work` gets the lock's own connection to run
 * statements on (VACUUM must not run inside a transaction, which a pooled Drizzle call might be).
 */
export async function withAdvisoryLockIfFree<T>(
  database: DatabaseHandle,
  key: number,
  work: (run: (text: string) => Promise<unknown>) => Promise<T>,
): Promise<T | undefined> {
  if (database.kind === 'pglite') {
    const client = database.client as EmbeddedClient;
    return work((text) => client.query(text));
  }
  const holder = await (database.client as pg.Pool).connect();
  let broken: Error | undefined;
  let held = false;
  try {
    const { rows } = await holder.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [key]);
    held = rows[0]!.held;
    if (!held) return undefined;
    return await work((text) => holder.query(text));
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    if (held) await holder.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
    holder.release(broken);
  }
}
