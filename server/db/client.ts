import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { StartupError } from '../lib/startup-error';
import { lockEmbeddedDatabase } from './data-dir-lock';
import { EmbeddedClient } from './embedded-client';
import { ensureEmbeddedCluster } from './embedded-cluster';
import { PreparingClient } from './preparing-client';
import * as schema from './schema';

export type Schema = typeof schema;
/** The common Drizzle type of both drivers; services and repositories only see this. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction: repositories accept both so services decide the boundary. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /**
   * The embedded database's client (PGlite on its own thread) or the pg pool, for the few things Drizzle
   * does not cover (LISTEN/NOTIFY, raw SQL, the queue, backups).
   */
  client: EmbeddedClient | pg.Pool;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolMax?: number; applicationName?: string }
  | { kind: 'pglite'; dataDir?: string };

// int8 (bigint) columns come back as strings by default; ledger sums stay well inside 2^53 pence.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
// `date` columns stay 'YYYY-MM-DD' strings: a calendar date has no time zone to shift it.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      // Every parameterised statement is prepared once per connection (preparing-client.ts).
      Client: PreparingClient,
      connectionString: options.url,
      max: options.poolMax ?? 10,
      application_name: options.applicationName ?? 'tradenest',
      connectionTimeoutMillis: 10_000,
      // JIT compilation pays off for long analytical queries; for short OLTP ones whose estimates cross
      // its threshold it adds tens of milliseconds per query.
      options: '-c jit=off',
    });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    const ping = async () => {
      await db.execute(sql`select 1`);
    };
    // The pool connects lazily: asked now, so that 'opened' means the database answered, and a wrong
    // DATABASE_URL is told as such instead of surfacing in the first migration.
    try {
      await pool.query('select 1');
    } catch (err) {
      await pool.end().catch(() => {});
      throw explainConnectionError(err, options.url) ?? err;
    }
    return { kind: 'postgres', db, client: pool, ping, close: () => pool.end() };
  }

  const dataDir = options.dataDir ? path.resolve(options.dataDir) : undefined;
  // Before anything is copied into the folder or opened in it (data-dir-lock.ts).
  const lock = dataDir ? lockEmbeddedDatabase(dataDir) : undefined;
  try {
    // Loaded only for the embedded database: a server on DATABASE_URL never carries PGlite in memory.
    // A first start's copy of the template runs while the database's thread loads PGlite.
    const [client, { drizzle: drizzlePglite }] = await Promise.all([
      EmbeddedClient.open(
        {
          dataDir,
          // PostgreSQL's default 128 MB of shared buffers lives inside the WASM heap and dominated the
          // server's memory (RSS 374 MB → 238 MB at 16 MB, measured on a reopened database). Pages are
          // cached by the OS anyway, since PGlite's files are real files.
          // ANALYZE samples 300 rows per unit of the statistics target: 30 instead of 100 makes it about
          // four times cheaper (141 → 36 ms on a 62,000-row table), and here it holds the only connection
          // while it runs (upkeep.ts). A small database's plans do not need the larger sample.
          startParams: ['-c', 'shared_buffers=16MB', '-c', 'default_statistics_target=30'],
        },
        dataDir ? ensureEmbeddedCluster(dataDir) : undefined,
      ),
      import('drizzle-orm/pglite'),
    ]);
    // Drizzle's pglite driver only calls what EmbeddedClient offers (query, transaction).
    const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Database;
    return {
      kind: 'pglite',
      db,
      client,
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * One sentence for a first connection that failed: it can only fail for a reason the operator fixes (the
 * address, the database's name, the credentials, the server's state). Undefined for a URL that does not
 * parse, which the configuration has refused already.
 */
function explainConnectionError(err: unknown, url: string): StartupError | undefined {
  const e = err as { code?: string; message?: string; errors?: { code?: string }[] };
  const code = e.code ?? e.errors?.[0]?.code;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return undefined;
  }
  const where = `${target.hostname}:${target.port || 5432}`;
  const user = decodeURIComponent(target.username);
  const name = decodeURIComponent(target.pathname.slice(1)) || user;
  if (code === '3D000') {
    return new StartupError(
      `The database "${name}" does not exist on the PostgreSQL server at ${where}: create it (createdb ${name}) or correct DATABASE_URL.`,
    );
  }
  if (code === '28P01' || code === '28000') {
    return new StartupError(
      `The PostgreSQL server at ${where} refused the user "${user}" (${e.message}): correct the user or password in DATABASE_URL.`,
    );
  }
  // Any other SQLSTATE: the server answered, and said no (too many connections, still starting …).
  if (code && /^[0-9A-Z]{5}$/.test(code)) {
    return new StartupError(
      `The PostgreSQL server at ${where} refused the connection (${code}: ${e.message}).`,
    );
  }
  return new StartupError(
    `Cannot reach the PostgreSQL server at ${where} (${code ?? e.message}): is it running and reachable from here, and is DATABASE_URL right?`,
  );
}

/** Where the embedded database lives inside DATA_DIR. */
export function embeddedDatabaseDir(dataDir: string): string {
  return path.join(dataDir, 'db');
}

/** The database the configuration names: the server behind DATABASE_URL, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: {
  databaseUrl: string | undefined;
  databasePoolMax: number;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, poolMax: config.databasePoolMax })
    : openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(config.dataDir) });
}
