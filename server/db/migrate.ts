import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-lock';
import type { DatabaseHandle } from './client';
import { MIGRATIONS_FOLDER } from './migrations-folder';

/** Applies pending migrations. Safe to call from several instances starting at once. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    // The embedded client offers what Drizzle's pglite driver calls (client.ts).
    await migratePglite(drizzlePglite({ client: handle.client as unknown as PGlite }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    return;
  }
  // Instances starting together migrate one at a time, on the connection that holds the lock.
  const client = await (handle.client as pg.Pool).connect();
  try {
    await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]).catch(() => {});
    client.release();
  }
}
