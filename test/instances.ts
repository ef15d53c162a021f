import type pg from 'pg';
import { type App, buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { type ConfigOverrides, testConfig } from './config';
import type { DatabaseContext } from './databases';

/**
 * A second server instance on the same PostgreSQL database as `ctx`, with its own connection pool and
 * its own LISTEN connection, as another process of a deployment would have. Close it in `finally`.
 */
export async function secondInstance(
  ctx: DatabaseContext,
  overrides: ConfigOverrides = {},
): Promise<{ app: App; close(): Promise<void> }> {
  const pool = ctx.database().client as pg.Pool;
  const database = await openDatabase({ kind: 'postgres', url: pool.options.connectionString!, poolMax: 5 });
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    logger: false,
    sandboxDelivery: { duplicateRate: 0, maxDelayMs: 0 },
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
