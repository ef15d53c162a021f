import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { JOB_POLICIES, JOB_SCHEDULES, QUEUE_SCHEMA, queueDefinitions } from '../queue/jobs';
import { openDatabase } from './client';
import { EmbeddedClient } from './embedded-client';
import { ensureEmbeddedCluster } from './embedded-cluster';

const dir = mkdtempSync(path.join(tmpdir(), 'tradenest-cluster-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database template', () => {
  it("holds the job queues and schedules the server's queue start would create, and no job", async () => {
    // openDatabase copies the template (creating it first if this machine has none).
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
    try {
      const rows = async <Row>(query: string) =>
        (await (database.client as EmbeddedClient).query<Row>(query)).rows;
      const queues = await rows<{ name: string; retryLimit: number; deadLetter: string | null }>(
        `select name, retry_limit as "retryLimit", dead_letter as "deadLetter" from ${QUEUE_SCHEMA}.queue`,
      );
      for (const definition of queueDefinitions(JOB_POLICIES)) {
        expect(queues).toContainEqual({
          name: definition.name,
          retryLimit: definition.retryLimit,
          deadLetter: definition.deadLetter ?? null,
        });
      }
      // And pg-boss's own queue for schedules that fall due, which its cron would otherwise create at start.
      expect(queues.map((q) => q.name)).toContain('__pgboss__send-it');
      const schedules = await rows<{ name: string; cron: string; timezone: string }>(
        `select name, cron, timezone from ${QUEUE_SCHEMA}.schedule order by name`,
      );
      expect(schedules).toEqual(
        Object.entries(JOB_SCHEDULES)
          .map(([name, cron]) => ({ name, cron, timezone: 'UTC' }))
          .sort((a, b) => (a.name < b.name ? -1 : 1)),
      );
      expect(await rows<{ count: number }>(`select count(*)::int as count from ${QUEUE_SCHEMA}.job`)).toEqual(
        [{ count: 0 }],
      );
      // One database: PostgreSQL's templates were 600 of the files every new folder copied.
      expect(await rows<{ datname: string }>('select datname from pg_database')).toEqual([
        { datname: 'postgres' },
      ]);
      expect(readdirSync(path.join(dir, 'db', 'base'))).toEqual(
        await rows<{ oid: number }>("select oid::text from pg_database where datname = 'postgres'").then(
          (r) => r.map((row) => String(row.oid)),
        ),
      );
    } finally {
      await database.close();
    }
  });
});

describe('a new data folder', () => {
  const isCluster = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

  it('is filled from the template, through a copy renamed into place, replacing an empty folder', async () => {
    const parent = mkdtempSync(path.join(dir, 'new-'));
    const target = path.join(parent, 'db');
    mkdirSync(target);
    await ensureEmbeddedCluster(target);
    expect(isCluster(target)).toBe(true);
    // Nothing is left beside it, and a second call leaves the cluster as it is.
    expect(readdirSync(parent)).toEqual(['db']);
    const version = readFileSync(path.join(target, 'PG_VERSION'), 'utf8');
    await ensureEmbeddedCluster(target);
    expect(readFileSync(path.join(target, 'PG_VERSION'), 'utf8')).toBe(version);
  });

  it("removes the copy a start killed mid-copy left behind, and keeps a live process's", async () => {
    const parent = mkdtempSync(path.join(dir, 'killed-'));
    const target = path.join(parent, 'db');
    // A pid no process has (above Linux's default pid_max), and this process's own.
    const abandoned = path.join(parent, 'db.tmp-4194999-0a1b2c3d');
    const inProgress = path.join(parent, `db.tmp-${process.pid}-00000000`);
    for (const copy of [abandoned, inProgress]) {
      mkdirSync(copy);
      writeFileSync(path.join(copy, 'PG_VERSION'), '17\n');
    }
    await ensureEmbeddedCluster(target);
    expect(isCluster(target)).toBe(true);
    expect(readdirSync(parent).sort()).toEqual(['db', path.basename(inProgress)]);
  });

  it('leaves a folder holding something else alone, and says so', async () => {
    const parent = mkdtempSync(path.join(dir, 'occupied-'));
    const target = path.join(parent, 'db');
    mkdirSync(target);
    writeFileSync(path.join(target, 'notes.txt'), 'mine');
    await expect(ensureEmbeddedCluster(target)).rejects.toThrow(
      `${target} holds files that are not a database; move them away and start again`,
    );
    expect(readdirSync(target)).toEqual(['notes.txt']);
    expect(readdirSync(parent)).toEqual(['db']);
  });

  it("is refused by openDatabase in the folder's words, letting go of the folder and the database's thread", async () => {
    // openDatabase starts the database's thread while the folder is made: a folder that cannot be made
    // must end that thread and free the folder's lock (a second attempt gets the same answer, not
    // "in use"), and leave nothing in the folder.
    const target = path.join(mkdtempSync(path.join(dir, 'occupied-')), 'db');
    mkdirSync(target);
    writeFileSync(path.join(target, 'notes.txt'), 'mine');
    const refusal = `${target} holds files that are not a database; move them away and start again`;
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(openDatabase({ kind: 'pglite', dataDir: target })).rejects.toThrow(refusal);
    }
    expect(readdirSync(target)).toEqual(['notes.txt']);
  });

  it("answers the folder's failure when the database's thread was waiting for it, and ends the thread", async () => {
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    try {
      const failed = Promise.reject(new Error('the copy failed'));
      await expect(
        EmbeddedClient.open({ dataDir: path.join(dir, 'never-made'), startParams: [] }, failed),
      ).rejects.toThrow('the copy failed');
      expect(terminate).toHaveBeenCalledTimes(1);
      expect(existsSync(path.join(dir, 'never-made'))).toBe(false);
    } finally {
      terminate.mockRestore();
    }
  });
});
