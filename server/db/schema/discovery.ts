import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, requiredRef } from './helpers';

export const savedProfessionals = pgTable(
  'saved_professionals',
  {
    customerId: requiredRef('customer_id', () => users.id),
    tradespersonUserId: requiredRef('tradesperson_user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.tradespersonUserId] }),
    check('saved_professionals_not_self', sql`${t.customerId} <> ${t.tradespersonUserId}`),
  ],
);
