import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ADVISORY_LOCKS, withAdvisoryLockIfFree } from './advisory-lock';
import type { DatabaseHandle } from './client';

/**
 * How often tables are looked at. Often, so that each round has little to do: on the embedded database
 * a vacuum holds the only connection, and rounds of every due table every 30 s grew into stalls of up
 * to a second by the end of a 10-minute mixed load (bench/README.md, issue 40).
 */
export const UPKEEP_INTERVAL_MS = 10_000;

/** A round starts no further table after this long; the rest wait for the next round. */
const ROUND_BUDGET_MS = 100;

/** A round that took longer than this is logged at info (debug otherwise). */
const SLOW_ROUND_MS = 250;

/**
 * When a table is due, after autovacuum's own rules:
 * - vacuumed once its dead rows pass 50 + 10% of its live rows. Autovacuum's fraction is 20%; ours is
 *   half that because the queue's tables keep their completed jobs for hours, and their dead index
 *   entries are what slows every fetch;
 * - vacuumed once rows inserted since the last vacuum pass 1,000 + 20% (autovacuum's insert rule), so
 *   that an append-only table's pages are marked all-visible for index-only scans;
 * - analyzed once rows changed since the last analyze pass 50 + 10%.
 * Each is its own statement: ANALYZE reads a sample of the table and costs several times a vacuum
 * (66 against 17 ms on a 20,000-row table, embedded), and `vacuum (analyze)` paid for it at every
 * vacuum, which on the embedded database made rounds of 300 ms to 1.1 s late in a 10-minute mixed load.
 * The thresholds are constants, written into the SQL as literals.
 */
const DEAD = sql.raw('n_dead_tup > 50 + 0.1 * n_live_tup');
const INSERTED = sql.raw('n_ins_since_vacuum > 1000 + 0.2 * n_live_tup');
const CHANGED = sql.raw('n_mod_since_analyze > 50 + 0.1 * n_live_tup');
/**
 * A table more than twice as big as when it was last vacuumed or analyzed (`reltuples`, -1 when never)
 * goes first. A prepared statement keeps the plan it was given while the table was small: a lookup
 * by primary key on a few hundred rows is planned as a sequential scan, and kept as one until the
 * table's statistics change. An append-only table (the domain events, the audit log) has no dead rows,
 * so ordered by dead rows alone it waited behind the queue's tables round after round: in one
 * 7-minute embedded mixed load, reading a domain event by its id went from 0.8 to 3.2 ms and the
 * audit log's insert (its foreign key's check reads the same) from 0.9 to 2.6 ms (bench/README.md).
 */
const OUTGROWN = sql.raw('n_live_tup > 2 * greatest(c.reltuples, 0) + 100');

/**
 * Vacuums and analyzes the tables that need it, where the database does not do it itself (decision
 * 0035). The embedded database is PostgreSQL in a single process: it has no autovacuum, so every
 * update and delete left its dead row behind for good, and pg-boss's job tables grew slower to fetch
 * from with every job (a fetch walks the dead entries of their partial index; bench/README.md, issue 40). A PostgreSQL server runs autovacuum unless it was turned off; then
 * this runs there too, one instance at a time.
 */
export class TableUpkeep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<string[]> | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    private readonly roundBudgetMs = ROUND_BUDGET_MS,
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
   * Vacuums or analyzes the tables past their thresholds now, the most dead rows first, until the round's
   * budget is spent; resolves with their names. Concurrent calls share one round, and on PostgreSQL an
   * instance skips the round another instance is running.
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
    const due = await this.rows<{ name: string; vacuum: boolean; analyze: boolean }>(sql`
      select format('%I.%I', s.schemaname, s.relname) as name, (${DEAD} or ${INSERTED}) as vacuum,
             ${CHANGED} as analyze
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
       where ${DEAD} or ${INSERTED} or ${CHANGED}
       order by ${OUTGROWN} desc, n_dead_tup desc, n_mod_since_analyze desc`);
    const started = performance.now();
    const done: string[] = [];
    const took: Record<string, number> = {};
    const steps = due.flatMap(({ name, vacuum, analyze }) => [
      ...(vacuum ? [{ name, statement: `vacuum ${name}` }] : []),
      ...(analyze ? [{ name, statement: `analyze ${name}` }] : []),
    ]);
    for (const { name, statement } of steps) {
      // The first step always: a round that did nothing would leave the most dead rows for good.
      if (done.length > 0 && performance.now() - started > this.roundBudgetMs) break;
      const began = performance.now();
      await run(statement);
      took[statement] = Math.round(performance.now() - began);
      if (!done.includes(name)) done.push(name);
    }
    if (done.length > 0) {
      const ms = Math.round(performance.now() - started);
      // On the embedded database a round holds the only connection: a long one is a stall every request
      // waited behind, worth seeing in the log.
      const level = ms > SLOW_ROUND_MS ? 'info' : 'debug';
      this.log[level](
        { statements: took, ms, left: due.length - done.length },
        'tables vacuumed or analyzed',
      );
    }
    return done;
  }

  private async rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result = (await this.database.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }
}
