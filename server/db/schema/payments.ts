import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LEDGER_ACCOUNT_KINDS, PAYMENT_STATUSES } from '../../../domain/catalog/statuses';
import { LEDGER_TRANSACTION_KINDS } from '../../../domain/payments/ledger';
import { users } from './accounts';
import { bookingChanges } from './changes';
import { createdAt, id, oneOf, PROVIDERS, requiredRef, tsz, updatedAt } from './helpers';
import { bookings } from './marketplace';
import { paymentMilestones } from './milestones';
import { payouts } from './payouts';

/** One charge through the payment provider: a booking's single payment or one milestone. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    bookingId: requiredRef('booking_id', () => bookings.id),
    milestoneId: uuid('milestone_id').references(() => paymentMilestones.id),
    /** An accepted change's increase, paid into escrow as its own payment. */
    changeId: uuid('change_id').references(() => bookingChanges.id),
    payerId: requiredRef('payer_id', () => users.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').unique(),
    checkoutSessionId: text('checkout_session_id').unique(),
    amountPence: integer('amount_pence').notNull(),
    feePence: integer('fee_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    status: text('status').notNull().default('requires_payment'),
    /** When the provider confirmed the charge (the webhook or verify-payment, whichever came first). */
    paidAt: tsz('paid_at'),
    heldUntil: tsz('held_until'),
    /** Set when the last of the held money left escrow by release. */
    releasedAt: tsz('released_at'),
    refundedPence: integer('refunded_pence').notNull().default(0),
    releasedPence: integer('released_pence').notNull().default(0),
    /** A milestone's charge: the saved card it was made with (kept, so an interrupted one can resume). */
    providerPaymentMethodId: text('provider_payment_method_id'),
    /** The provider's last refusal (a declined card, an authentication that failed). */
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'payments_escrow_check',
      sql`${t.refundedPence} >= 0 and ${t.releasedPence} >= 0 and ${t.refundedPence} + ${t.releasedPence} <= ${t.amountPence}`,
    ),
    // A booking's single payment succeeds once: a second confirmed charge is refunded, never kept.
    uniqueIndex('payments_one_succeeded_per_booking')
      .on(t.bookingId)
      .where(sql`${t.status} = 'succeeded' and ${t.milestoneId} is null and ${t.changeId} is null`),
    // A change's increase is charged once, like a milestone.
    uniqueIndex('payments_one_live_per_change')
      .on(t.changeId)
      .where(
        sql`${t.changeId} is not null and ${t.status} in ('processing', 'requires_action', 'succeeded', 'refunded')`,
      ),
    check('payments_one_purpose_check', sql`${t.milestoneId} is null or ${t.changeId} is null`),
    // A milestone is charged once: at most one charge of it is under way or paid at a time.
    uniqueIndex('payments_one_live_per_milestone')
      .on(t.milestoneId)
      .where(
        sql`${t.milestoneId} is not null and ${t.status} in ('processing', 'requires_action', 'succeeded', 'refunded')`,
      ),
    // The release job reads held payments whose protection window has ended.
    index('payments_release_due_idx')
      .on(t.heldUntil)
      .where(sql`${t.status} = 'succeeded' and ${t.releasedAt} is null`),
    check('payments_provider_check', oneOf(t.provider, PROVIDERS)),
    check('payments_status_check', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_amount_check', sql`${t.amountPence} > 0`),
    check('payments_fee_check', sql`${t.feePence} >= 0 and ${t.feePence} <= ${t.amountPence}`),
    check('payments_refund_check', sql`${t.refundedPence} >= 0 and ${t.refundedPence} <= ${t.amountPence}`),
    check('payments_currency_check', sql`${t.currency} = 'gbp'`),
    index('payments_booking_idx').on(t.bookingId),
    // The admins' latest payments, newest first, without sorting the whole table.
    index('payments_created_idx').on(t.createdAt),
    // A user's own payments, for the download of everything they hold.
    index('payments_payer_idx').on(t.payerId),
    // The admin overview sums money paid per week.
    index('payments_paid_at_idx').on(t.paidAt).where(sql`${t.paidAt} is not null`),
  ],
);

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/**
 * Money sent back to a customer's card from escrow. Booked in the ledger when requested; the provider's
 * refund follows, keyed by this row's id, and a refund the provider refuses is reversed.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: requiredRef('payment_id', () => payments.id),
    amountPence: integer('amount_pence').notNull(),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id),
    /** An accepted change's decrease, refunded from escrow. */
    changeId: uuid('change_id').references(() => bookingChanges.id),
    status: text('status').notNull().default('pending'),
    providerRefundId: text('provider_refund_id').unique(),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
    check('refunds_amount_check', sql`${t.amountPence} > 0`),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Provider webhooks already handled, so a replay never books money twice. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: createdAt(),
  processedAt: tsz('processed_at'),
});

// Double-entry ledger. Positive amounts are debits, negative credits; every transaction's entries
// sum to zero (a deferred constraint trigger in the migrations checks it at commit).
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    code: text('code').notNull().unique(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [check('ledger_accounts_kind_check', oneOf(t.kind, LEDGER_ACCOUNT_KINDS))],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    bookingId: uuid('booking_id').references(() => bookings.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    payoutId: uuid('payout_id').references(() => payouts.id),
    refundId: uuid('refund_id').references(() => refunds.id),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_transactions_kind_check', oneOf(t.kind, LEDGER_TRANSACTION_KINDS)),
    index('ledger_transactions_booking_idx').on(t.bookingId),
    index('ledger_transactions_payment_idx').on(t.paymentId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: requiredRef('transaction_id', () => ledgerTransactions.id),
    accountId: requiredRef('account_id', () => ledgerAccounts.id),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_nonzero', sql`${t.amountPence} <> 0`),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
  ],
);
