import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { openDatabase } from './client';
import { users } from './schema';

describeOnDatabases('statements prepared once per connection', (ctx) => {
  it.runIf(ctx.kind === 'postgres')(
    'names a parameterised statement, so its connection keeps it prepared, and leaves the rest alone',
    async () => {
      const url = (ctx.database().client as pg.Pool).options.connectionString!;
      const database = await openDatabase({ kind: 'postgres', url, poolMax: 1 });
      try {
        const lookUp = () =>
          database.db.select({ id: users.id }).from(users).where(eq(users.email, 'nobody@x.test'));
        expect(await lookUp()).toEqual([]);
        expect(await lookUp()).toEqual([]);
        // One connection: this runs on the same session, which holds what was prepared on it.
        const prepared = await database.db.execute(
          sql`select name, statement from pg_prepared_statements where name like 'tn\\_%'`,
        );
        const statements = (prepared as unknown as { rows: { name: string; statement: string }[] }).rows;
        const named = statements.filter((s) => s.statement.includes('"users"."email" = $1'));
        expect(named).toHaveLength(1);
        // Without values (this query's own text has none) nothing is prepared: one command per statement.
        expect(statements.some((s) => s.statement.includes('pg_prepared_statements'))).toBe(false);
        // Several commands in one string still run, unprepared.
        await database.db.execute(sql.raw('select 1; select 2'));
      } finally {
        await database.close();
      }
    },
  );
});
