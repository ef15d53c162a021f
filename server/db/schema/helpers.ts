import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, type ReferenceConfig, timestamp, uuid } from 'drizzle-orm/pg-core';

/** `column in ('a', 'b')` for CHECK constraints built from the domain's status lists. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

export const id = () => uuid('id').primaryKey().defaultRandom();
/**
 * `listed`: a time that a list pages by, stored to the millisecond. The list's keyset cursor carries the
 * last row's time as a JavaScript Date, which holds milliseconds; stored to the microsecond, as
 * PostgreSQL's clock gives it, the cursor's time fell short of the row's, and a page that ended inside a
 * group of rows made at one moment (one transaction's notifications) skipped the rest of the group.
 */
type TimeOptions = { listed?: boolean };
const timeOf = (name: string, { listed = false }: TimeOptions = {}) =>
  timestamp(name, { withTimezone: true, ...(listed ? { precision: 3 } : {}) });
export const createdAt = (options?: TimeOptions) => timeOf('created_at', options).notNull().defaultNow();
export const updatedAt = (options?: TimeOptions) => timeOf('updated_at', options).notNull().defaultNow();
export const tsz = (name: string, options?: TimeOptions) => timeOf(name, options);
/** A row's required link to another table's id (every such link in the schema is a uuid). */
export const requiredRef = (name: string, target: () => AnyPgColumn, actions?: ReferenceConfig['actions']) =>
  uuid(name).notNull().references(target, actions);

/** The payment providers a row may name. */
export const PROVIDERS = ['sandbox', 'stripe'] as const;
