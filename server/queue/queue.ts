import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { ADVISORY_LOCKS, withAdvisoryLock } from '../db/advisory-lock';
import type { DatabaseAvailability } from '../db/availability';
import type { Database, DatabaseHandle, Executor } from '../db/client';
import type { EmbeddedClient } from '../db/embedded-client';
import { isDatabaseUnavailable } from '../lib/db-errors';
import {
  deadLetterOf,
  JOB_POLICIES,
  JOB_SCHEDULES,
  type JobName,
  type Jobs,
  QUEUE_SCHEMA,
  type QueueDefinition,
  type QueuePolicies,
  queueDefinitions,
} from './jobs';

export interface SendOptions {
  /** Not before this moment. */
  startAfter?: Date;
  /** With a singleton or stately queue policy, at most one job per key; otherwise a label. */
  singletonKey?: string;
  /** Overrides of the queue's retry policy for this job. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
}

/** What this instance's workers made of the jobs of one queue since it started (metrics). */
export interface JobOutcomes {
  completed: number;
  /** Failed for the last time (dead-lettered where the queue has a dead-letter queue). */
  failed: number;
  /** Failed, with retries left. */
  retried: number;
}

/** Jobs of one queue in one unfinished state, across every instance (metrics). */
export interface QueueDepth {
  queue: string;
  state: 'created' | 'retry' | 'active';
  count: number;
}

/** A job as a handler sees it: its id and which attempt this is (1 for the first). */
export interface JobInfo {
  id: string;
  attempt: number;
}

export type JobHandler<Data> = (data: Data, job: JobInfo) => Promise<unknown>;
/** Runs once for a job that exhausted its retries, with its last error's message. */
export type DeadJobHandler<Data> = (data: Data, error: string) => Promise<unknown>;

/** pg-boss's statements with `$1..$n` placeholders, run through a Drizzle executor as real parameters. */
function executorAdapter(executor: Executor): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const chunks: (SQL | SQL.Aliased | ReturnType<typeof sql.param>)[] = [];
      let from = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(from, match.index)));
        chunks.push(sql.param(values[Number(match[1]) - 1] ?? null));
        from = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(from)));
      const result = (await executor.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * pg-boss's own connection. On PostgreSQL it shares the application's pool. PGlite is one connection
 * with two entry points: `query` for a statement with parameters, `exec` for the parameterless,
 * multi-statement scripts pg-boss runs to install its schema and for maintenance (BEGIN; …; COMMIT;).
 */
function databaseAdapter(database: DatabaseHandle): PgBoss.Db {
  if (database.kind === 'postgres') {
    const pool = database.client as pg.Pool;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const client = database.client as EmbeddedClient;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        return client.query(
          text,
          values.map((v) => v ?? null),
        );
      }
      const results = await client.exec(text);
      return { rows: results.findLast((r) => r.fields.length > 0)?.rows ?? [] };
    },
  };
}

// Builds pg-boss's insert for a caller's transaction (`send`); it never opens a connection of its own.
const sender = new PgBoss({
  schema: QUEUE_SCHEMA,
  db: { executeSql: () => Promise.reject(new Error('jobs are sent through a transaction')) },
});

/** How far back a job to run at once is dated (see sendJob). */
const IMMEDIATE_MARGIN_MS = 60_000;

async function sendJob(
  executor: Executor,
  name: string,
  data: object,
  options: SendOptions = {},
): Promise<string | null> {
  const id = await sender.send(name, data, {
    db: executorAdapter(executor),
    // pg-boss fetches a job once `start_after < now()`, strictly, and a job sent without a date starts at
    // its transaction's now(). PGlite's clock moves in whole milliseconds, so a fetch in the same
    // millisecond as the send (wake() right after a commit, runDue in a test) missed the job until the
    // next poll. A start a minute back is before any later statement's now(), with room for the
    // database server's clock to be behind ours; nothing orders or expires jobs by it but retention
    // (14 days from it). pg-boss refuses an interval here (it casts the value as a date first).
    startAfter: options.startAfter ?? new Date(Date.now() - IMMEDIATE_MARGIN_MS),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
    ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds } : {}),
    ...(options.retryBackoff !== undefined ? { retryBackoff: options.retryBackoff } : {}),
  });
  // pg-boss inserts nothing for a queue that does not exist; a lost job must not pass silently.
  if (!id && !options.singletonKey) throw new Error(`no queue named ${name}: was the queue started?`);
  return id;
}

/**
 * Enqueues a job inside the caller's transaction (or on the database outside one): the job exists
 * only if the change commits. Call `queue.wake(name)` after the commit to run it at once here.
 * Returns the job's id, or null when a singleton key kept it out.
 */
export function send<Name extends JobName>(
  executor: Executor,
  name: Name,
  data: Jobs[Name],
  options?: SendOptions,
): Promise<string | null> {
  return sendJob(executor, name, data, options);
}

export interface QueueOptions<Catalogue> {
  log: FastifyBaseLogger;
  /**
   * How often (ms) the worked queues are polled for jobs that other instances sent, retries, delayed
   * and scheduled jobs (see `poll`). 0: never, and no schedules or maintenance either; jobs run only
   * through `wake`, `poll` and `runDue` (tests, which must not depend on timers).
   */
  pollIntervalMs: number;
  policies: QueuePolicies<Catalogue>;
  schedules?: { [Name in keyof Catalogue]?: string };
  /** Longest wait for running jobs when stopping; later ones are retried after their expiry. */
  stopTimeoutMs?: number;
  /**
   * Told when pg-boss's maintenance or schedule checks (or a poll) cannot reach the database, instead of
   * an error line for each of them through an outage. (pg-boss itself swallows a failed fetch.)
   */
  availability?: DatabaseAvailability;
}

interface Worker {
  run(job: PgBoss.JobWithMetadata<object>): Promise<unknown>;
  batchSize: number;
  running: Promise<number> | undefined;
  /** Asked to look again while a run was under way. */
  again: boolean;
  /** A wake waiting to start a run (see `wake`). */
  wakeTimer?: NodeJS.Timeout;
}

/** How long a wake waits for others to share its fetch; short beside what a notification may take. */
const WAKE_COALESCE_MS = 10;

/**
 * Durable background jobs on pg-boss, in the application's database (PGlite or PostgreSQL). Delivery
 * is at least once: a job whose process dies while running it runs again after its expiry, so
 * handlers must be idempotent. Instances sharing a database share the work; a job is fetched with
 * FOR UPDATE SKIP LOCKED, so only one instance runs each attempt.
 */
export class Queue<Catalogue extends { [Name in keyof Catalogue]: object } = Jobs> {
  private readonly boss: PgBoss;
  private readonly workers = new Map<string, Worker>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly log: FastifyBaseLogger;
  private readonly db: Database;
  private stopping = false;
  /** A poll's look for due queues, while it runs. */
  private looking: Promise<void> | undefined;
  /** By queue name; plain numbers counted as jobs end, read only when metrics are scraped. */
  readonly outcomes = new Map<string, JobOutcomes>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly options: QueueOptions<Catalogue>,
  ) {
    this.log = options.log;
    this.db = database.db;
    const background = options.pollIntervalMs > 0;
    this.boss = new PgBoss({
      schema: QUEUE_SCHEMA,
      db: databaseAdapter(database),
      // Maintenance (expiring attempts whose process died, archiving) and cron run with polling.
      supervise: background,
      schedule: background,
    });
    this.boss.on('error', (err) => this.failed(err, 'job queue error'));
  }

  /** Enqueues a job of this queue's catalogue; see `send`. */
  send<Name extends keyof Catalogue & string>(
    executor: Executor,
    name: Name,
    data: Catalogue[Name],
    options?: SendOptions,
  ): Promise<string | null> {
    return sendJob(executor, name, data, options);
  }

  /** Registers the handler of a queue; a handler that throws is retried by the queue's policy. */
  work<Name extends keyof Catalogue & string>(
    name: Name,
    handler: JobHandler<Catalogue[Name]>,
    { onDead }: { onDead?: DeadJobHandler<Catalogue[Name]> } = {},
  ): void {
    const policy = this.options.policies[name];
    this.workers.set(name, {
      run: (job) => handler(job.data as Catalogue[Name], { id: job.id, attempt: job.retryCount + 1 }),
      batchSize: policy.batchSize,
      running: undefined,
      again: false,
    });
    if (onDead) {
      if (!policy.deadLetter) throw new Error(`queue ${name} has no dead-letter queue`);
      this.workers.set(deadLetterOf(name), {
        run: (job) => onDead(job.data as Catalogue[Name], errorMessage(job.output)),
        batchSize: policy.batchSize,
        running: undefined,
        again: false,
      });
    }
  }

  /**
   * Installs or upgrades pg-boss's schema, creates the queues and schedules, and starts polling. A queue
   * or schedule already stored as the policies say is left alone: creating a queue makes its table (DDL,
   * ~40 ms each on the embedded database, and there are a dozen), and scheduling parses the cron.
   */
  async start(): Promise<void> {
    // One instance at a time: pg-boss's createQueue and schedule, run by three instances starting
    // together on an empty database, deadlocked and two of them crashed.
    await withAdvisoryLock(this.database, ADVISORY_LOCKS.queueSetup, () => this.setUp());
    if (this.options.pollIntervalMs > 0) {
      const timer = setInterval(() => {
        // One look at a time; the jobs it finds run on without holding up the next look.
        this.looking ??= this.dueQueues()
          .then((due) => {
            for (const name of due) {
              this.pump(name).catch((err) => this.failed(err, 'job queue poll failed', name));
            }
          })
          .catch((err) => this.failed(err, 'job queue poll failed'))
          .finally(() => {
            this.looking = undefined;
          });
      }, this.options.pollIntervalMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Runs the jobs due in every worked queue now; resolves, once they ran, with the queues that had some. */
  async poll(): Promise<string[]> {
    const due = await this.dueQueues();
    await Promise.all(due.map((name) => this.pump(name)));
    return due;
  }

  /**
   * The worked queues with a job due: sent without a wake (by another instance), a retry or delayed job
   * whose time came, or a scheduled one. One statement for every queue, so that a poll fetches only from
   * those. A fetch from each queue at every poll was a statement per queue (22, with the dead-letter
   * queues) every second, each planned anew on the embedded database, which kept an idle server busy
   * (bench/README.md, issue 40).
   */
  private async dueQueues(): Promise<string[]> {
    if (this.stopping) return [];
    // pg-boss's own fetch condition (created or retry, start_after passed), over every queue's partition.
    const result = (await this.db.execute(sql`
      select distinct name from ${sql.identifier(QUEUE_SCHEMA)}.job
       where state < 'active' and start_after < now()
       order by name`)) as unknown as { rows: { name: string }[] };
    return result.rows.map((r) => r.name).filter((name) => this.workers.has(name));
  }

  private async setUp(): Promise<void> {
    await this.boss.start();
    const stored = new Map((await this.boss.getQueues()).map((q) => [q.name, q]));
    for (const definition of queueDefinitions(this.options.policies)) {
      const current = stored.get(definition.name);
      if (!current) await this.boss.createQueue(definition.name, definition);
      // createQueue leaves an existing queue as it was: a changed policy applies from this start on.
      else if (!storedAsDefined(current, definition))
        await this.boss.updateQueue(definition.name, definition);
    }
    const schedules = new Map((await this.boss.getSchedules()).map((s) => [s.name, s]));
    for (const [name, cron] of Object.entries(this.options.schedules ?? {}) as [string, string][]) {
      const current = schedules.get(name) as (PgBoss.Schedule & { timezone?: string }) | undefined;
      if (current?.cron === cron && current.timezone === 'UTC') continue;
      await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
    }
  }

  /**
   * Runs this queue's due jobs here soon (after a commit that sent one), without waiting for a poll.
   * Wakes within WAKE_COALESCE_MS of each other share one fetch: under load every write wakes the
   * dispatcher, and a fetch and a completion per job were a third of PostgreSQL's time in the mixed
   * load (bench/README.md, issue 40). A wake while a run is under way makes it look once more.
   */
  wake(name: string): void {
    const worker = this.workers.get(name);
    if (this.stopping || !worker) return;
    if (worker.running) {
      worker.again = true;
      return;
    }
    if (worker.wakeTimer) return;
    worker.wakeTimer = setTimeout(() => {
      worker.wakeTimer = undefined;
      if (this.stopping) return;
      this.pump(name).catch((err) => this.failed(err, 'job queue poll failed', name));
    }, WAKE_COALESCE_MS);
  }

  /** An error of the queue's own work (not a job's): an unreachable database is logged once, elsewhere. */
  private failed(err: unknown, message: string, queue?: string): void {
    if (this.options.availability && isDatabaseUnavailable(err)) this.options.availability.lost(err);
    else this.log.error({ err, ...(queue ? { queue } : {}) }, message);
  }

  /**
   * Runs the queue's due jobs until none is left, then those of its dead-letter queue; resolves with
   * how many ran. Jobs sent before the call are attempted by the time it resolves (tests use this).
   */
  async runDue(name: keyof Catalogue & string): Promise<number> {
    let ran = await this.pump(name);
    if (this.workers.has(deadLetterOf(name))) ran += await this.pump(deadLetterOf(name));
    return ran;
  }

  /**
   * Makes the queue's waiting jobs (delayed, or retrying after a failure) due now. For tests, whose
   * clock cannot move the database's, and for an operator retrying at once after an outage.
   */
  async bringForward(name: keyof Catalogue & string): Promise<number> {
    const result = (await this.db.execute(sql`
      update ${sql.identifier(QUEUE_SCHEMA)}.job set start_after = now() - interval '1 second'
       where name = ${name} and state in ('created', 'retry') and start_after >= now()`)) as unknown as {
      rowCount?: number | null;
      affectedRows?: number;
    };
    return result.rowCount ?? result.affectedRows ?? 0;
  }

  /**
   * Unfinished jobs by queue and state, in one statement over pg-boss's job table (rather than a count
   * per queue): for metrics, at scrape time. Covers every instance's jobs, as they share the table.
   */
  async depths(): Promise<QueueDepth[]> {
    const result = (await this.db.execute(sql`
      select name as queue, state::text as state, count(*)::int as count
        from ${sql.identifier(QUEUE_SCHEMA)}.job
       where state in ('created', 'retry', 'active')
       group by name, state`)) as unknown as { rows: QueueDepth[] };
    return result.rows;
  }

  /** Stops fetching, waits (bounded) for running jobs, then stops pg-boss. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const worker of this.workers.values()) clearTimeout(worker.wakeTimer);
    const running = [...[...this.workers.values()].map((w) => w.running?.catch(() => 0)), this.looking];
    let timeout: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<'timeout'>((resolve) => {
      timeout = setTimeout(() => resolve('timeout'), this.options.stopTimeoutMs ?? 5_000);
    });
    if ((await Promise.race([Promise.all(running), gaveUp])) === 'timeout') {
      this.log.warn('jobs still running at shutdown; they will be retried after their expiry');
    }
    clearTimeout(timeout);
    // Our workers are not pg-boss's, so graceful waits for nothing of ours (they were waited for above);
    // it stops pg-boss's maintenance and schedules without failing any job it may be working on.
    await this.boss.stop({ graceful: true, close: false, timeout: 1000 });
  }

  /** Fetches and runs batches until none is due; concurrent calls share one run per queue. */
  private pump(name: string): Promise<number> {
    const worker = this.workers.get(name);
    if (!worker) throw new Error(`no handler for queue ${name}`);
    worker.again = true;
    worker.running ??= (async () => {
      let ran = 0;
      try {
        while (worker.again && !this.stopping) {
          worker.again = false;
          for (;;) {
            const batch = await this.runBatch(name, worker);
            ran += batch;
            // A batch short of full took every job that was due: another fetch would come back empty
            // (jobs sent since then woke us, setting again).
            if (batch < worker.batchSize || this.stopping) break;
          }
        }
      } finally {
        worker.running = undefined;
      }
      return ran;
    })();
    return worker.running;
  }

  private async runBatch(name: string, worker: Worker): Promise<number> {
    const jobs = await this.boss.fetch<object>(name, { batchSize: worker.batchSize, includeMetadata: true });
    if (jobs.length === 0) return 0;
    let outcomes = this.outcomes.get(name);
    if (!outcomes) {
      outcomes = { completed: 0, failed: 0, retried: 0 };
      this.outcomes.set(name, outcomes);
    }
    const done: string[] = [];
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await worker.run(job);
          done.push(job.id);
        } catch (err) {
          const attempt = job.retryCount + 1;
          if (job.retryCount >= job.retryLimit) {
            outcomes.failed++;
            this.log.error({ queue: name, jobId: job.id, attempt, err }, 'job failed for the last time');
          } else {
            outcomes.retried++;
            this.log.warn({ queue: name, jobId: job.id, attempt, err }, 'job failed; it will be retried');
          }
          await this.boss.fail(name, job.id, err instanceof Error ? err : { message: String(err) });
        }
      }),
    );
    if (done.length > 0) {
      await this.boss.complete(name, done);
      outcomes.completed += done.length;
    }
    return jobs.length;
  }
}

/** Whether pg-boss holds a queue with the settings the policies give it (null where none is set). */
function storedAsDefined(stored: PgBoss.QueueResult, definition: QueueDefinition): boolean {
  const keys = [
    'retryLimit',
    'retryDelay',
    'retryBackoff',
    'expireInSeconds',
    'retentionMinutes',
    'deadLetter',
  ] as const;
  return keys.every((key) => (stored[key] ?? null) === (definition[key] ?? null));
}

/** The message of a failed job's stored output (pg-boss keeps the serialized error). */
function errorMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return JSON.stringify(output ?? null);
}

/** The application's queue: the job catalogue, its policies and schedules. */
export function applicationQueue(
  database: DatabaseHandle,
  options: Omit<QueueOptions<Jobs>, 'policies' | 'schedules'>,
): Queue<Jobs> {
  return new Queue<Jobs>(database, { ...options, policies: JOB_POLICIES, schedules: JOB_SCHEDULES });
}
