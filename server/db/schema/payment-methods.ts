import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id, oneOf, PROVIDERS, requiredRef } from './helpers';

/** A customer's record at the provider, which its saved cards belong to (a Stripe Customer). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [check('payment_customers_provider_check', oneOf(t.provider, PROVIDERS))],
);

/** Cards a customer saved with the provider for milestone charges. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id),
    provider: text('provider').notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull().unique(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_methods_provider_check', oneOf(t.provider, PROVIDERS)),
    check('payment_methods_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_methods_exp_check', sql`${t.expMonth} between 1 and 12`),
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_one_default').on(t.userId).where(sql`${t.isDefault}`),
  ],
);
