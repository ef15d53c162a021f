import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { DatabaseHandle } from './client';
import { MIGRATIONS_FOLDER } from './migrations-folder';

// Arbitrary constant shared by every instance, so that instances starting together migrate one at a time.
const MIGRATION_LOCK_ID = 4_242_001;

/** Applies pending migrations. Safe to call from several instances starting at once. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    await migratePglite(drizzlePglite({ client: handle.client as PGlite }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    return;
  }
  const client = await (handle.client as pg.Pool).connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}
