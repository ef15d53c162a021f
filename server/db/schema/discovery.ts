import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './helpers';

export const savedProfessionals = pgTable(
  'saved_professionals',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    tradespersonUserId: uuid('tradesperson_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.tradespersonUserId] }),
    check('saved_professionals_not_self', sql`${t.customerId} <> ${t.tradespersonUserId}`),
  ],
);
