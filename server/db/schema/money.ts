import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  LEDGER_ACCOUNT_KINDS,
  MILESTONE_STATUSES,
  PAYMENT_STATUSES,
  PLAN_STATUSES,
} from '../../../domain/catalog/statuses';
import { LEDGER_TRANSACTION_KINDS } from '../../../domain/payments/ledger';
import { users } from './accounts';
import { createdAt, id, oneOf, tsz, updatedAt } from './helpers';
import { bookings } from './marketplace';

const PROVIDERS = ['sandbox', 'stripe'] as const;

/**
 * A tradesperson's proposed split of a booking into milestone payments (DOMAIN-RULES 6). The items stay
 * here until the customer accepts; acceptance writes them to payment_milestones. One proposal waits per
 * booking, and one plan is in force.
 */
export const milestonePlans = pgTable(
  'milestone_plans',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('proposed'),
    /** [{ title, description, amountPence, dueDate }], in milestone order. */
    items: jsonb('items').notNull(),
    totalPence: integer('total_pence').notNull(),
    /** Proposed while another plan was in force: accepting it replaces that plan's milestones. */
    revision: boolean('revision').notNull().default(false),
    declineReason: text('decline_reason'),
    decidedAt: tsz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('milestone_plans_status_check', oneOf(t.status, PLAN_STATUSES)),
    check('milestone_plans_total_check', sql`${t.totalPence} > 0`),
    uniqueIndex('milestone_plans_one_proposed').on(t.bookingId).where(sql`${t.status} = 'proposed'`),
    uniqueIndex('milestone_plans_one_accepted').on(t.bookingId).where(sql`${t.status} = 'accepted'`),
    // Every plan of a booking, newest first (the milestones page); the two above hold only one status.
    index('milestone_plans_booking_idx').on(t.bookingId, t.createdAt),
  ],
);

export const paymentMilestones = pgTable(
  'payment_milestones',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    planId: uuid('plan_id').references(() => milestonePlans.id),
    milestoneIndex: integer('milestone_index').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    amount: integer('amount').notNull(),
    platformFeeAmount: integer('platform_fee_amount').notNull(),
    dueDate: date('due_date'),
    paidAt: tsz('paid_at'),
    /** The tradesperson marked the work done: the customer approves, or the window releases it. */
    doneAt: tsz('done_at'),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payment_milestones_booking_index_unique').on(t.bookingId, t.milestoneIndex),
    check('payment_milestones_status_check', oneOf(t.status, MILESTONE_STATUSES)),
    check('payment_milestones_amount_check', sql`${t.amount} > 0`),
    // The 15% fee, half-up, as domain/money's platformFeePence computes it.
    check('payment_milestones_fee_check', sql`${t.platformFeeAmount} = (${t.amount} * 1500 + 5000) / 10000`),
    check('payment_milestones_index_check', sql`${t.milestoneIndex} >= 0`),
    check(
      'payment_milestones_paid_check',
      sql`(${t.paidAt} is not null) = (${t.status} in ('paid', 'refunded'))`,
    ),
    check('payment_milestones_done_check', sql`${t.doneAt} is null or ${t.paidAt} is not null`),
  ],
);

/** One charge through the payment provider: a booking's single payment or one milestone. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    milestoneId: uuid('milestone_id').references(() => paymentMilestones.id),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
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
      .where(sql`${t.status} = 'succeeded' and ${t.milestoneId} is null`),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
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

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;

/**
 * Money sent from a tradesperson's payable balance to its connected account (a transfer at the
 * provider). Booked in the ledger when created; a transfer the provider refuses is reversed.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
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

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/**
 * Money sent back to a customer's card from escrow. Booked in the ledger when requested; the provider's
 * refund follows, keyed by this row's id, and a refund the provider refuses is reversed.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amountPence: integer('amount_pence').notNull(),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id),
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
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_nonzero', sql`${t.amountPence} <> 0`),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
  ],
);
