import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, postgresUrl } from '../../test/databases';
import { killStarted, spawnNode, startServerProcess } from '../../test/processes';
import { seedDemoData } from '../seed/seed';
import { type DatabaseHandle, embeddedDatabaseDir, openDatabase } from './client';
import { runMigrations } from './migrate';

// Backups that come back: the demo data is backed up, the database is changed or lost, the backup is
// restored, and a real server started on the result serves the data as it was. Embedded with
// db:backup / db:restore; PostgreSQL with pg_dump / pg_restore, as docs/operations/backup-and-restore.md
// tells an operator to.

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(tmpdir(), 'tradenest-backup-'));
afterEach(killStarted);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Row counts of the tables the demo data fills, and its users' ids, to compare a database before and after. */
async function counts(database: DatabaseHandle): Promise<Record<string, number | string>> {
  const result: Record<string, number | string> = {};
  for (const table of [
    'users',
    'job_postings',
    'quotes',
    'bookings',
    'messages',
    'reviews',
    'ledger_entries',
  ]) {
    const rows = (await database.db.execute(
      sql.raw(`select count(*)::int as n from ${table}`),
    )) as unknown as {
      rows: { n: number }[];
    };
    result[table] = rows.rows[0]!.n;
  }
  const ids = (await database.db.execute(
    sql`select string_agg(id::text, ',' order by id) as ids from users`,
  )) as unknown as {
    rows: { ids: string }[];
  };
  result.userIds = ids.rows[0]!.ids;
  return result;
}

/** The featured tradespeople a started server shows visitors: read through the API, so from the data. */
async function featured(url: string): Promise<string[]> {
  const response = await fetch(`${url}/api/v1/tradespeople/featured?limit=6`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { tradespeople: { name: string }[] };
  return body.tradespeople.map((t) => t.name);
}

describe('embedded database: db:backup and db:restore', () => {
  it('backs up, refuses while a server runs, and restores what was backed up', {
    timeout: 240_000,
  }, async () => {
    const dataDir = path.join(scratch, 'embedded');
    const databaseDir = embeddedDatabaseDir(dataDir);
    const seeded = await openDatabase({ kind: 'pglite', dataDir: databaseDir });
    let before: Record<string, number | string>;
    try {
      await runMigrations(seeded);
      // A seed of its own: its ids differ from those db:reset's demo gets.
      await seedDemoData(seeded.db, { seed: 'backup-test' });
      before = await counts(seeded);
    } finally {
      await seeded.close();
    }
    const env = { DATA_DIR: dataDir, QUEUE_POLL_INTERVAL_MS: '0' };
    const file = path.join(scratch, 'embedded.tar.gz');
    const backup = spawnNode('server/db/cli/backup.ts', env, [file]);
    expect(await backup.exited(), backup.stderr()).toBe(0);
    expect(backup.stdout()).toContain(`Backed up the embedded database to ${file}`);

    // With a server on the folder, both refuse and say why.
    const server = await startServerProcess(env);
    const shown = await featured(server.url);
    expect(shown.length).toBeGreaterThan(0);
    for (const [script, name, args] of [
      ['server/db/cli/backup.ts', 'db:backup', [path.join(scratch, 'refused.tar.gz')]],
      ['server/db/cli/restore.ts', 'db:restore', [file]],
    ] as const) {
      const refused = spawnNode(script, env, [...args]);
      expect(await refused.exited(), name).toBe(1);
      expect(refused.stderr()).toBe(
        `${name} failed: The data folder ${dataDir} is in use by another TradeNest process (PID ${server.child.pid}): stop it first, or give this one another DATA_DIR.\n`,
      );
    }
    expect(existsSync(path.join(scratch, 'refused.tar.gz'))).toBe(false);
    await server.kill();

    // The data is lost (db:reset replaces it with a new demo), then restored.
    const reset = spawnNode('server/seed/cli/reset.ts', env);
    expect(await reset.exited(), reset.stderr()).toBe(0);
    const lost = await openDatabase({ kind: 'pglite', dataDir: databaseDir });
    try {
      expect((await counts(lost)).userIds).not.toBe(before.userIds);
    } finally {
      await lost.close();
    }
    const restore = spawnNode('server/db/cli/restore.ts', env, [file]);
    expect(await restore.exited(), restore.stderr()).toBe(0);
    expect(restore.stdout()).toMatch(/The database it replaced is in .*db\.before-restore-/);

    const restored = await openDatabase({ kind: 'pglite', dataDir: databaseDir });
    try {
      expect(await counts(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    const again = await startServerProcess(env);
    expect(await featured(again.url)).toEqual(shown);
  });

  it('refuses a file that is not a backup, leaving the database in place', async () => {
    const dataDir = path.join(scratch, 'not-a-backup');
    const restore = spawnNode('server/db/cli/restore.ts', { DATA_DIR: dataDir }, [
      path.join(import.meta.dirname, 'client.ts'),
    ]);
    expect(await restore.exited()).toBe(1);
    expect(restore.stderr()).toMatch(/^db:restore failed: .*client\.ts is not a backup made by db:backup/);
    expect(existsSync(embeddedDatabaseDir(dataDir))).toBe(false);
  });
});

const onPostgres = postgresUrl() ? describe : describe.skip;

onPostgres('PostgreSQL: pg_dump and pg_restore [postgres]', () => {
  it('restores a dump of a seeded database into a fresh one that the app starts on', {
    timeout: 240_000,
  }, async () => {
    const source = await freshPostgresDatabase('dumped');
    const target = await freshPostgresDatabase('restored');
    try {
      const seeded = await openDatabase({ kind: 'postgres', url: source.url, poolMax: 2 });
      let before: Record<string, number | string>;
      try {
        await runMigrations(seeded);
        await seedDemoData(seeded.db);
        before = await counts(seeded);
      } finally {
        await seeded.close();
      }
      // As the operations guide says: the custom format, restored without the source's owners and grants.
      const file = path.join(scratch, 'tradenest.dump');
      await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${source.url}`]);
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${target.url}`,
        file,
      ]);

      const restored = await openDatabase({ kind: 'postgres', url: target.url, poolMax: 2 });
      try {
        expect(await counts(restored)).toEqual(before);
      } finally {
        await restored.close();
      }
      const server = await startServerProcess({
        DATABASE_URL: target.url,
        DATA_DIR: path.join(scratch, 'pg'),
      });
      expect((await featured(server.url)).length).toBeGreaterThan(0);
      await server.kill();
    } finally {
      await killStarted();
      await source.drop();
      await target.drop();
    }
  });
});
