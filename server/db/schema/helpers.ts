import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, type ReferenceConfig, timestamp, uuid } from 'drizzle-orm/pg-core';

/** `column in ('a', 'b')` for CHECK constraints built from the domain's status lists. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const tsz = (name: string) => timestamp(name, { withTimezone: true });
/** A row's required link to another table's id (every such link in the schema is a uuid). */
export const requiredRef = (name: string, target: () => AnyPgColumn, actions?: ReferenceConfig['actions']) =>
  uuid(name).notNull().references(target, actions);

/** The payment providers a row may name. */
export const PROVIDERS = ['sandbox', 'stripe'] as const;
