import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { describeOnDatabases, postgresUrl, testDatabasePrefix } from '../../test/databases';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from '../db/client';
import { TEST_POLICIES, type TestJobs } from './fixtures/test-jobs';
import { QUEUE_SCHEMA } from './jobs';
import { Queue } from './queue';

const FIXTURE = fileURLToPath(new URL('./fixtures/send-delayed-job.ts', import.meta.url));

/** A queue of the test catalogue whose log lines are kept for the test to read. */
function testQueue(database: DatabaseHandle) {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const queue = new Queue<TestJobs>(database, { log, pollIntervalMs: 0, policies: TEST_POLICIES });
  return { queue, lines };
}

const queues: Queue<TestJobs>[] = [];
afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop()));
});

/** Seconds from the database's now until the waiting job of `name` is due. */
async function secondsUntilDue(database: DatabaseHandle, name: string): Promise<number> {
  const result = (await database.db.execute(sql`
    select extract(epoch from start_after - now())::float8 as seconds
      from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${name} and state = 'retry'`)) as unknown as {
    rows: { seconds: number }[];
  };
  expect(result.rows).toHaveLength(1);
  return Number(result.rows[0]!.seconds);
}

describeOnDatabases('the job queue', (ctx) => {
  it('retries a failing job with growing delays, then dead-letters it and logs its error', async () => {
    const database = ctx.database();
    const { queue, lines } = testQueue(database);
    queues.push(queue);
    const attempts: number[] = [];
    const dead: { label: string; error: string }[] = [];
    queue.work(
      'test.failing',
      async (_data, job) => {
        attempts.push(job.attempt);
        throw new Error(`refused on attempt ${job.attempt}`);
      },
      { onDead: async ({ label }, error) => void dead.push({ label, error }) },
    );
    await queue.start();
    const id = await queue.send(database.db, 'test.failing', { label: 'doomed' });

    expect(await queue.runDue('test.failing')).toBe(1);
    // Backoff: retry n waits between delay·2^(n-1) and twice that (10 s retry delay).
    const first = await secondsUntilDue(database, 'test.failing');
    expect(first).toBeGreaterThan(8);
    expect(first).toBeLessThanOrEqual(20);
    expect(await queue.runDue('test.failing')).toBe(0);

    await queue.bringForward('test.failing');
    expect(await queue.runDue('test.failing')).toBe(1);
    const second = await secondsUntilDue(database, 'test.failing');
    expect(second).toBeGreaterThan(18);
    expect(second).toBeLessThanOrEqual(40);

    await queue.bringForward('test.failing');
    // The last attempt, then its dead letter.
    expect(await queue.runDue('test.failing')).toBe(2);
    expect(attempts).toEqual([1, 2, 3]);
    expect(dead).toEqual([{ label: 'doomed', error: 'refused on attempt 3' }]);
    expect(await queue.bringForward('test.failing')).toBe(0);

    const warnings = lines.filter((l) => l.msg === 'job failed; it will be retried');
    expect(warnings.map((l) => l.attempt)).toEqual([1, 2]);
    const errors = lines.filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      msg: 'job failed for the last time',
      queue: 'test.failing',
      jobId: id,
      attempt: 3,
      err: { message: 'refused on attempt 3' },
    });
  });

  it('creates its queues and schedules once, leaves them be when unchanged, and applies a changed policy', async () => {
    const database = ctx.database();
    const stored = async () =>
      (
        (await database.db.execute(sql`
          select name, retry_limit, dead_letter, retention_minutes, updated_on
            from ${sql.identifier(QUEUE_SCHEMA)}.queue where name like 'test.%' order by name`)) as unknown as {
          rows: {
            name: string;
            retry_limit: number;
            dead_letter: string | null;
            retention_minutes: number | null;
            updated_on: Date;
          }[];
        }
      ).rows;
    const schedules = async () =>
      (
        (await database.db.execute(sql`
          select name, cron, updated_on from ${sql.identifier(QUEUE_SCHEMA)}.schedule where name like 'test.%'`)) as unknown as {
          rows: { name: string; cron: string; updated_on: Date }[];
        }
      ).rows;
    const log = pino({ level: 'silent' });
    const start = async (policies: typeof TEST_POLICIES, cron: string) => {
      const queue = new Queue<TestJobs>(database, {
        log,
        pollIntervalMs: 0,
        policies,
        schedules: { 'test.record': cron },
      });
      queues.push(queue);
      await queue.start();
      await queue.stop();
    };

    await start(TEST_POLICIES, '*/5 * * * *');
    const created = await stored();
    expect(created.map((q) => [q.name, q.retry_limit, q.dead_letter, q.retention_minutes])).toEqual([
      ['test.counted', 0, null, null],
      ['test.failing', 2, 'test.failing.dead', null],
      ['test.failing.dead', 2, null, 14 * 24 * 60],
      ['test.record', 0, null, null],
    ]);
    const scheduled = await schedules();
    expect(scheduled.map((s) => [s.name, s.cron])).toEqual([['test.record', '*/5 * * * *']]);

    // The same policies again: nothing is written (pg-boss would stamp updated_on).
    await start(TEST_POLICIES, '*/5 * * * *');
    expect(await stored()).toEqual(created);
    expect(await schedules()).toEqual(scheduled);

    // A changed retry limit and cron apply from this start on; the other queues stay as they were.
    await start(
      { ...TEST_POLICIES, 'test.record': { ...TEST_POLICIES['test.record'], retryLimit: 4 } },
      '0 * * * *',
    );
    const changed = await stored();
    expect(changed.find((q) => q.name === 'test.record')?.retry_limit).toBe(4);
    expect(changed.filter((q) => q.name !== 'test.record')).toEqual(
      created.filter((q) => q.name !== 'test.record'),
    );
    expect((await schedules()).map((s) => [s.name, s.cron])).toEqual([['test.record', '0 * * * *']]);
  });

  it('runs a delayed job only once its time has come', async () => {
    const database = ctx.database();
    const { queue } = testQueue(database);
    queues.push(queue);
    const seen: string[] = [];
    queue.work('test.record', async ({ label }) => void seen.push(label));
    await queue.start();
    await queue.send(
      database.db,
      'test.record',
      { label: 'later' },
      { startAfter: new Date(Date.now() + 60_000) },
    );
    await queue.send(database.db, 'test.record', { label: 'now' });
    expect(await queue.runDue('test.record')).toBe(1);
    expect(seen).toEqual(['now']);
    expect(await queue.bringForward('test.record')).toBe(1);
    expect(await queue.runDue('test.record')).toBe(1);
    expect(seen).toEqual(['now', 'later']);
  });

  it('polls every queue with one look and fetches only from the queues this instance works that have a job due', async () => {
    const database = ctx.database();
    const { queue } = testQueue(database);
    const { queue: other } = testQueue(database);
    queues.push(queue, other);
    const seen: string[] = [];
    queue.work('test.record', async ({ label }) => void seen.push(label));
    queue.work('test.failing', async ({ label }) => {
      seen.push(label);
      throw new Error('refused');
    });
    other.work('test.counted', async ({ n }) => void seen.push(`counted ${n}`));
    await queue.start();
    await other.start();
    expect(await queue.poll()).toEqual([]);

    // Sent as another instance sends them: no wake here, only a poll finds them.
    await queue.send(database.db, 'test.record', { label: 'now' });
    await queue.send(
      database.db,
      'test.record',
      { label: 'later' },
      { startAfter: new Date(Date.now() + 60_000) },
    );
    await queue.send(database.db, 'test.counted', { n: 1 });
    await queue.send(database.db, 'test.failing', { label: 'refused' });
    // test.counted is due too, but this instance does not work it.
    expect(await queue.poll()).toEqual(['test.failing', 'test.record']);
    expect(seen).toEqual(expect.arrayContaining(['now', 'refused']));
    expect(seen).toHaveLength(2);
    // The delayed job and the failed one's retry are not due yet.
    expect(await queue.poll()).toEqual([]);
    expect(await other.poll()).toEqual(['test.counted']);
    expect(seen).toContain('counted 1');

    // Their time comes.
    await queue.bringForward('test.record');
    await queue.bringForward('test.failing');
    expect(await queue.poll()).toEqual(['test.failing', 'test.record']);
    expect(seen.slice(3).sort()).toEqual(['later', 'refused']);
    expect(await queue.poll()).toEqual([]);
  });

  it('makes a job sent without a date fetchable by the very next statement, even within its millisecond', async () => {
    // pg-boss fetches a job once start_after < now(), strictly, and PGlite's now() moves in whole
    // milliseconds: a job that started at its transaction's now() was missed by a fetch in the same
    // millisecond (two CI runs failed so, a wake() after a commit waited for the next poll). Inside one
    // transaction now() does not move at all, which makes the check exact.
    const database = ctx.database();
    const { queue } = testQueue(database);
    queues.push(queue);
    queue.work('test.record', async () => {});
    await queue.start();
    const due = await database.db.transaction(async (tx) => {
      const id = await queue.send(tx, 'test.record', { label: 'at once' });
      const result = (await tx.execute(sql`
        select start_after < now() as due from ${sql.identifier(QUEUE_SCHEMA)}.job where id = ${id}`)) as unknown as {
        rows: { due: boolean }[];
      };
      return result.rows[0]?.due;
    });
    expect(due).toBe(true);
    expect(await queue.runDue('test.record')).toBe(1);
  });

  it('runs a delayed job sent before its process was killed (SIGKILL) once a new process starts', async () => {
    const target = await scratchDatabase(ctx.kind);
    try {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, ctx.kind, target.location], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk) => {
          stderr += chunk;
        });
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().startsWith('sent ')) child.kill('SIGKILL');
        });
        child.once('exit', (code, signal) =>
          signal === 'SIGKILL' ? resolve() : reject(new Error(`fixture exited with ${code}: ${stderr}`)),
        );
      });

      const database = await openDatabase(target.options);
      try {
        const { queue } = testQueue(database);
        const seen: string[] = [];
        queue.work('test.record', async ({ label }) => void seen.push(label));
        await queue.start();
        try {
          expect(await queue.runDue('test.record')).toBe(0);
          expect(await queue.bringForward('test.record')).toBe(1);
          expect(await queue.runDue('test.record')).toBe(1);
          expect(seen).toEqual(['survives a kill']);
        } finally {
          await queue.stop();
        }
      } finally {
        await database.close();
      }
    } finally {
      await target.drop();
    }
  });
});

/** A database of the test's own: a temporary PGlite folder, or a new database on the server. */
async function scratchDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'tradenest-queue-'));
    const options: DatabaseOptions = { kind, dataDir: dir };
    return { location: dir, options, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = new pg.Client({ connectionString: postgresUrl()! });
  const name = `${testDatabasePrefix(process.ppid)}queue_kill_${process.env.VITEST_POOL_ID ?? process.pid}`;
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(postgresUrl()!);
  url.pathname = `/${name}`;
  const options: DatabaseOptions = { kind, url: url.toString(), poolMax: 2 };
  return {
    location: url.toString(),
    options,
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl()! });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

describe.skipIf(!postgresUrl())('the job queue with two instances on PostgreSQL', () => {
  it('runs each of 300 jobs exactly once between two instances working the same queue', async () => {
    const target = await scratchDatabase('postgres');
    const [one, two] = [await openDatabase(target.options), await openDatabase(target.options)];
    try {
      const runs = new Map<number, number>();
      const byInstance = [0, 0];
      // Each instance's first job waits until the other has started one, so both must take part.
      let release: () => void = () => {};
      const bothStarted = new Promise<void>((resolve) => {
        release = resolve;
      });
      const instances = [one, two].map((database, i) => {
        const { queue } = testQueue(database);
        queue.work('test.counted', async ({ n }) => {
          runs.set(n, (runs.get(n) ?? 0) + 1);
          const mine = (byInstance[i] ?? 0) + 1;
          byInstance[i] = mine;
          if (mine === 1) {
            if ((byInstance[1 - i] ?? 0) > 0) release();
            await bothStarted;
          }
        });
        return queue;
      });
      for (const queue of instances) await queue.start();
      await one.db.transaction(async (tx) => {
        for (let n = 0; n < 300; n++) await instances[0]!.send(tx, 'test.counted', { n });
      });
      const ran = await Promise.all(instances.map((q) => q.runDue('test.counted')));
      expect(ran[0]! + ran[1]!).toBe(300);
      expect(byInstance.every((count) => count > 0)).toBe(true);
      expect(runs.size).toBe(300);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      await Promise.all(instances.map((q) => q.stop()));
    } finally {
      await one.close();
      await two.close();
      await target.drop();
    }
  });
});
