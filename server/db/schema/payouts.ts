import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PAYOUT_STATUSES } from '../../../domain/catalog/statuses';
import { users } from './accounts';
import { createdAt, id, oneOf, PROVIDERS, requiredRef, tsz, updatedAt } from './helpers';

/** A tradesperson's payout account at the provider (Stripe Connect Express, or the sandbox's). */
export const connectedAccounts = pgTable(
  'connected_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull().unique(),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    requirementsCurrentlyDue: text('requirements_currently_due').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('connected_accounts_provider_check', oneOf(t.provider, PROVIDERS))],
);

/**
 * Money sent from a tradesperson's payable balance to its connected account (a transfer at the
 * provider). Booked in the ledger when created; a transfer the provider refuses is reversed.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    providerTransferId: text('provider_transfer_id').unique(),
    amountPence: integer('amount_pence').notNull(),
    status: text('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    paidAt: tsz('paid_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payouts_provider_check', oneOf(t.provider, PROVIDERS)),
    check('payouts_status_check', oneOf(t.status, PAYOUT_STATUSES)),
    check('payouts_amount_check', sql`${t.amountPence} > 0`),
    index('payouts_user_idx').on(t.userId, t.createdAt),
    index('payouts_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
