import { eq, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { prepared } from './prepared';

// The three statements most tables are written and read by: insert one row, find one by id (locked
// for update when a service is about to change it), update one by id. Each repository names them for
// its own tables (insertPayment, findPayment, ...); the statements are written once, here.

type TableWithId = PgTable & { id: PgColumn };

/** Inserts one row and returns it as stored (ids and defaults filled in). */
export async function insertRow<T extends PgTable>(
  db: Executor,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = await db.insert(table).values(values).returning();
  return row!;
}

/**
 * The row with this id, or undefined; `forUpdate` locks it until the transaction ends. Built once per
 * database object (prepared()): most pages find a row or two by id, and Drizzle naming every column of
 * the table cost more CPU than PostgreSQL's answer. A transaction's own executor builds it afresh.
 */
export async function findRowById<T extends TableWithId>(
  db: Executor,
  table: T,
  id: string,
  { forUpdate = false } = {},
): Promise<T['$inferSelect'] | undefined> {
  const name = `row_by_id_${getTableName(table)}${forUpdate ? '_for_update' : ''}`;
  const [row] = await prepared(db, name, (d) => {
    const query = d
      .select()
      .from(table as PgTable)
      .where(eq(table.id, sql.placeholder('id')));
    return (forUpdate ? query.for('update') : query).prepare(name);
  }).execute({ id });
  return row as T['$inferSelect'] | undefined;
}

/** Updates the row with this id and returns it as stored (the caller knows it exists). */
export async function updateRowById<T extends TableWithId>(
  db: Executor,
  table: T,
  id: string,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  const rows = await db.update(table).set(values).where(eq(table.id, id)).returning();
  const [row] = rows as T['$inferSelect'][];
  return row!;
}

/**
 * A table's insert, find-by-id and update-by-id, for a repository to export under its own names:
 * `export const { insert: insertPayment, find: findPayment } = tableRows(payments);`
 */
export function tableRows<T extends TableWithId>(table: T) {
  return {
    insert: (db: Executor, values: T['$inferInsert']) => insertRow(db, table, values),
    find: (db: Executor, id: string, options?: { forUpdate?: boolean }) =>
      findRowById(db, table, id, options),
    update: (db: Executor, id: string, values: Partial<T['$inferInsert']>) =>
      updateRowById(db, table, id, values),
  };
}
