import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ADVISORY_LOCKS, withAdvisoryLockIfFree } from './advisory-lock';
import type { DatabaseHandle } from './client';

/** How often tables are looked at; autovacuum's own default is a minute. */
export const UPKEEP_INTERVAL_MS = 30_000;

/**
 * A table is vacuumed and analyzed once this many of its rows changed since the last time: autovacuum's
 * base threshold, with a tenth of the table (autovacuum's default is a fifth) because the queue's tables
 * keep their completed jobs for hours, and their dead index entries are what slows every fetch.
 */
const BASE_THRESHOLD = 50;
const SCALE_FACTOR = 0.1;
/** The threshold in SQL (constants, written as literals: bound, a bigint column took 0.1 for its type). */
const THRESHOLD = sql.raw(`${BASE_THRESHOLD} + ${SCALE_FACTOR} * n_live_tup`);

/**
 * Vacuums and analyzes the tables that need it, where the database does not do it itself (decision
 * 0035). The embedded database is PostgreSQL in a single process: it has no autovacuum, so every
 * update and delete left its dead row behind for good. pg-boss's job tables (a fetch walks the dead
 * entries of its partial index), sessions and notifications grew slower to read with every request
 * (bench/README.md, issue 40). A PostgreSQL server runs autovacuum unless it was turned off; then
 * this runs there too, one instance at a time.
 */
export class TableUpkeep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<string[]> | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Whether the database vacuums by itself. PGlite answers `autovacuum = on` (the setting's default)
   * but never starts the launcher that would act on it.
   */
  async databaseVacuums(): Promise<boolean> {
    if (this.database.kind === 'pglite') return false;
    const rows = await this.rows<{ on: boolean }>(sql`select current_setting('autovacuum') = 'on' as on`);
    return rows[0]?.on ?? false;
  }

  /** Looks at the tables every `intervalMs` from now on, unless the database does it itself. */
  async start(intervalMs = UPKEEP_INTERVAL_MS): Promise<void> {
    if (await this.databaseVacuums()) return;
    if (this.database.kind === 'postgres') {
      this.log.warn(
        'autovacuum is off on this PostgreSQL server: TradeNest vacuums its busiest tables itself',
      );
    }
    this.timer = setInterval(() => {
      this.runOnce().catch((err) => this.log.warn({ err }, 'table upkeep failed; it is tried again later'));
    }, intervalMs);
    this.timer.unref();
  }

  /**
   * Vacuums and analyzes every table past its threshold now; resolves with their names. Concurrent calls
   * share one round, and on PostgreSQL an instance skips the round another instance is running.
   */
  runOnce(): Promise<string[]> {
    this.running ??= withAdvisoryLockIfFree(this.database, ADVISORY_LOCKS.tableUpkeep, (run) =>
      this.round(run),
    )
      .then((done) => done ?? [])
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** Stops the timer and waits for a round under way (it needs the database, which closes next). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => {});
  }

  private async round(run: (text: string) => Promise<unknown>): Promise<string[]> {
    const due = await this.rows<{ name: string }>(sql`
      select format('%I.%I', schemaname, relname) as name
        from pg_stat_user_tables
       where n_dead_tup > ${THRESHOLD}
          or n_mod_since_analyze > ${THRESHOLD}
       order by n_dead_tup desc`);
    const started = performance.now();
    for (const { name } of due) await run(`vacuum (analyze) ${name}`);
    if (due.length > 0) {
      const ms = Math.round(performance.now() - started);
      this.log.debug({ tables: due.map((t) => t.name), ms }, 'tables vacuumed');
    }
    return due.map((t) => t.name);
  }

  private async rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result = (await this.database.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }
}
