import { sql } from 'drizzle-orm';
import type pg from 'pg';
import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { ADVISORY_LOCKS } from './advisory-lock';
import { TableUpkeep } from './upkeep';

describeOnDatabases('vacuuming where the database does not', (ctx) => {
  const log = pino({ level: 'silent' });
  const run = async (query: ReturnType<typeof sql>) => {
    const result = (await ctx.database().db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows;
  };
  const statsOf = async (table: string) => {
    const [row] = await run(sql`
      select n_dead_tup::int as dead, vacuum_count::int as vacuums, analyze_count::int as analyzes
        from pg_stat_user_tables where relname = ${table}`);
    return row as { dead: number; vacuums: number; analyzes: number };
  };

  beforeEach(async () => {
    await run(sql`create table upkeep_busy (id int primary key, v int not null)`);
    await run(sql`create table upkeep_quiet (id int primary key, v int not null)`);
    await ctx.database().db.transaction(async (tx) => {
      await tx.execute(sql`insert into upkeep_busy select g, 0 from generate_series(1, 200) g`);
      await tx.execute(sql`insert into upkeep_quiet select g, 0 from generate_series(1, 200) g`);
      await tx.execute(sql`select pg_stat_force_next_flush()`);
    });
    // Every table of the database starts settled, so only what this test changes is due.
    await new TableUpkeep(ctx.database(), log, Number.POSITIVE_INFINITY).runOnce();
    // Each update leaves a dead row behind; the statistics reach other sessions at the commit.
    await ctx.database().db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await tx.execute(sql`update upkeep_busy set v = v + 1`);
      await tx.execute(sql`select pg_stat_force_next_flush()`);
    });
  });
  afterEach(async () => {
    await run(sql`drop table if exists upkeep_busy, upkeep_quiet, upkeep_events`);
  });

  it('vacuums and analyzes a table with many dead rows, and leaves a quiet one alone', async () => {
    const quietBefore = await statsOf('upkeep_quiet');
    const busyBefore = await statsOf('upkeep_busy');
    expect(busyBefore.dead).toBe(600);

    const done = await new TableUpkeep(ctx.database(), log, Number.POSITIVE_INFINITY).runOnce();

    expect(done).toContain('public.upkeep_busy');
    expect(done).not.toContain('public.upkeep_quiet');
    expect(await statsOf('upkeep_busy')).toMatchObject({ dead: 0, vacuums: busyBefore.vacuums + 1 });
    expect((await statsOf('upkeep_busy')).analyzes).toBe(busyBefore.analyzes + 1);
    expect((await statsOf('upkeep_quiet')).vacuums).toBe(quietBefore.vacuums);
  });

  it('vacuums without analyzing a table whose statistics are fresh (analyze costs several vacuums)', async () => {
    await run(sql`analyze upkeep_busy`);
    await run(sql`select pg_stat_force_next_flush()`);
    const before = await statsOf('upkeep_busy');
    expect(before.dead).toBe(600);

    expect(await new TableUpkeep(ctx.database(), log, Number.POSITIVE_INFINITY).runOnce()).toContain(
      'public.upkeep_busy',
    );

    const after = await statsOf('upkeep_busy');
    expect(after).toMatchObject({ dead: 0, vacuums: before.vacuums + 1, analyzes: before.analyzes });
  });

  it.runIf(ctx.kind === 'pglite')('samples fewer rows to analyze on the embedded database', async () => {
    const [setting] = await run(sql`select current_setting('default_statistics_target') as value`);
    expect(setting!.value).toBe('30');
  });

  it('only analyzes a table that rows were added to, and stops a round once its budget is spent', async () => {
    await ctx.database().db.transaction(async (tx) => {
      await tx.execute(sql`insert into upkeep_quiet select g, 0 from generate_series(201, 400) g`);
      await tx.execute(sql`select pg_stat_force_next_flush()`);
    });
    const quietBefore = await statsOf('upkeep_quiet');

    // No budget: the first table (the most dead rows) is done, and nothing after it.
    expect(await new TableUpkeep(ctx.database(), log, 0).runOnce()).toEqual(['public.upkeep_busy']);
    expect(await new TableUpkeep(ctx.database(), log, Number.POSITIVE_INFINITY).runOnce()).toContain(
      'public.upkeep_quiet',
    );
    const quiet = await statsOf('upkeep_quiet');
    expect(quiet.vacuums).toBe(quietBefore.vacuums);
    expect(quiet.analyzes).toBe(quietBefore.analyzes + 1);
  });

  it('takes first a table that outgrew its statistics, so a lookup planned while it was small uses its index again', async () => {
    // Small, with its statistics taken: 300 rows, as the demo's domain events start.
    await run(sql`create table upkeep_events (id int primary key, v int not null)`);
    await run(sql`insert into upkeep_events select g, 0 from generate_series(1, 300) g`);
    await run(sql`analyze upkeep_events`);
    // A prepared lookup by primary key takes its generic plan after five runs. Only the embedded
    // database keeps one session for every statement, which a prepared statement needs here.
    const embedded = ctx.kind === 'pglite';
    const planOfLookup = async () =>
      (await run(sql`explain execute upkeep_lookup(7)`)).map((r) => r['QUERY PLAN']).join('\n');
    if (embedded) {
      await run(sql`prepare upkeep_lookup(int) as select v from upkeep_events where id = $1`);
      for (let i = 0; i < 6; i++) await run(sql`execute upkeep_lookup(7)`);
      expect(await planOfLookup()).toMatch(/^Seq Scan on upkeep_events/);
    }
    // Then it grows, append-only: no dead rows, and far fewer than the busy table's 600.
    await ctx.database().db.transaction(async (tx) => {
      await tx.execute(sql`insert into upkeep_events select g, 0 from generate_series(301, 10300) g`);
      await tx.execute(sql`select pg_stat_force_next_flush()`);
    });
    try {
      // No budget: one step, and it is the table that outgrew its statistics.
      expect(await new TableUpkeep(ctx.database(), log, 0).runOnce()).toEqual(['public.upkeep_events']);
      if (embedded) expect(await planOfLookup()).toMatch(/^Index Scan using upkeep_events_pkey/);
      // The dead rows come next.
      expect(await new TableUpkeep(ctx.database(), log, 0).runOnce()).toEqual(['public.upkeep_busy']);
    } finally {
      if (embedded) await run(sql`deallocate upkeep_lookup`);
    }
  });

  it.runIf(ctx.kind === 'postgres')('skips a round while another instance runs one', async () => {
    const other = await (ctx.database().client as pg.Pool).connect();
    try {
      await other.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.tableUpkeep]);
      expect(await new TableUpkeep(ctx.database(), log, Number.POSITIVE_INFINITY).runOnce()).toEqual([]);
      expect((await statsOf('upkeep_busy')).dead).toBe(600);
    } finally {
      await other.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.tableUpkeep]);
      other.release();
    }
    expect(await new TableUpkeep(ctx.database(), log, Number.POSITIVE_INFINITY).runOnce()).toContain(
      'public.upkeep_busy',
    );
  });

  it('knows whether the database vacuums by itself (the embedded one never does)', async () => {
    const upkeep = new TableUpkeep(ctx.database(), log, Number.POSITIVE_INFINITY);
    if (ctx.kind === 'pglite') expect(await upkeep.databaseVacuums()).toBe(false);
    else {
      const [setting] = await run(sql`select current_setting('autovacuum') as value`);
      expect(await upkeep.databaseVacuums()).toBe(setting!.value === 'on');
    }
  });
});
