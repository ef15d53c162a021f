import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { SandboxDeliveryOptions } from '../server/adapters/payments/sandbox/sandbox-gateway';
import { type App, buildApp } from '../server/app';
import { type DatabaseHandle, type DatabaseKind, openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { truncateAllTables } from '../server/db/truncate';
import type { Clock } from '../server/lib/clock';
import { type ConfigOverrides, testConfig } from './config';

// One database per kind per test worker, migrated once and emptied before each test file: creating a
// PGlite instance costs seconds and most of a gigabyte, emptying it costs milliseconds.
const handles = new Map<DatabaseKind, Promise<DatabaseHandle>>();

export function testDatabasePrefix(runPid: number): string {
  return `tradenest_test_${runPid}_`;
}

export function postgresUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** Runs `statements` on the server's admin database, one after another, on a connection of its own. */
async function onAdminDatabase(adminUrl: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Drops `name` if a run before left it, creates it empty, and returns its URL. */
async function recreateDatabase(adminUrl: string, name: string): Promise<string> {
  await onAdminDatabase(
    adminUrl,
    `drop database if exists "${name}" with (force)`,
    `create database "${name}"`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function createPostgresDatabase(adminUrl: string): Promise<string> {
  // Named after the test run (the parent process) and the worker, so two runs on one machine never
  // share a database; the run's global teardown drops them.
  return recreateDatabase(
    adminUrl,
    `${testDatabasePrefix(process.ppid)}${process.env.VITEST_POOL_ID ?? process.pid}`,
  );
}

async function open(kind: DatabaseKind): Promise<DatabaseHandle> {
  const handle =
    kind === 'pglite'
      ? await openDatabase({ kind: 'pglite' })
      : await openDatabase({
          kind: 'postgres',
          url: await createPostgresDatabase(postgresUrl()!),
          // Two workers share the server's 100 connections with the second instances some tests start
          // (5 each plus a LISTEN connection) and anything else on the machine: 40 each once ran CI out
          // of connections ('too many clients already'). 20 still lets 50 parallel requests race.
          poolMax: 20,
        });
  await runMigrations(handle);
  return handle;
}

export function getTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  let handle = handles.get(kind);
  if (!handle) {
    handle = open(kind);
    handles.set(kind, handle);
  }
  return handle;
}

export function databaseKinds(): DatabaseKind[] {
  return postgresUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

export interface DatabaseContext {
  kind: DatabaseKind;
  /** The worker's database, emptied before this describe block ran. */
  database(): DatabaseHandle;
  /** Builds the app on this database (quiet logs, test config); closed after the block. */
  app(
    overrides?: ConfigOverrides,
    options?: { clock?: Clock; sandboxDelivery?: SandboxDeliveryOptions },
  ): Promise<App>;
}

/**
 * Runs the same tests on embedded PGlite and, when TEST_DATABASE_URL is set, on the PostgreSQL server.
 * With REQUIRE_POSTGRES=1 a missing TEST_DATABASE_URL is a failure instead of a skip.
 */
export function describeOnDatabases(name: string, body: (ctx: DatabaseContext) => void): void {
  for (const kind of ['pglite', 'postgres'] as const) {
    if (kind === 'postgres' && !postgresUrl()) {
      if (process.env.REQUIRE_POSTGRES === '1') {
        describe(`${name} [postgres]`, () => {
          it('needs PostgreSQL (REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set)', () => {
            throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
          });
        });
      } else {
        describe.skip(`${name} [postgres: set TEST_DATABASE_URL to run]`, () => {});
      }
      continue;
    }
    describe(`${name} [${kind}]`, () => {
      let handle: DatabaseHandle | undefined;
      const apps: App[] = [];
      beforeAll(async () => {
        handle = await getTestDatabase(kind);
        await truncateAllTables(handle.db);
      });
      afterAll(async () => {
        await Promise.all(apps.map((a) => a.close()));
      });
      body({
        kind,
        database: () => {
          if (!handle) throw new Error('database used outside a test');
          return handle;
        },
        app: async (overrides, options) => {
          if (!handle) throw new Error('app built outside a test');
          const app = await buildApp({
            config: testConfig(overrides),
            database: handle,
            logger: false,
            clock: options?.clock,
            // The sandbox's webhooks go out at once and once each, unless a test asks for its chaos.
            sandboxDelivery: options?.sandboxDelivery ?? { duplicateRate: 0, maxDelayMs: 0 },
          });
          apps.push(app);
          await app.ready();
          return app;
        },
      });
    });
  }
}

/**
 * A new, empty PostgreSQL database of its own for a test that starts servers on it; drop it in `finally`
 * (the run's global teardown drops any left behind, by the same prefix).
 */
export async function freshPostgresDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = postgresUrl();
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${testDatabasePrefix(process.ppid)}${label}_${process.pid}`;
  return {
    url: await recreateDatabase(adminUrl, name),
    drop: () => onAdminDatabase(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}
