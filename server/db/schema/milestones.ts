import { sql } from 'drizzle-orm';
import {
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
import { MILESTONE_STATUSES, PLAN_STATUSES } from '../../../domain/catalog/statuses';
import { users } from './accounts';
import { bookingChanges } from './changes';
import { createdAt, id, oneOf, requiredRef, tsz, updatedAt } from './helpers';
import { bookings } from './marketplace';

/**
 * A tradesperson's proposed split of a booking into milestone payments (DOMAIN-RULES 6). The items stay
 * here until the customer accepts; acceptance writes them to payment_milestones. One proposal waits per
 * booking, and one plan is in force.
 */
export const milestonePlans = pgTable(
  'milestone_plans',
  {
    id: id(),
    bookingId: requiredRef('booking_id', () => bookings.id),
    proposedBy: requiredRef('proposed_by', () => users.id),
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
    bookingId: requiredRef('booking_id', () => bookings.id),
    planId: uuid('plan_id').references(() => milestonePlans.id),
    /** Added (an increase) or last reduced (a decrease) by an accepted change to the booking. */
    changeId: uuid('change_id').references(() => bookingChanges.id),
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
    // The 15% fee, half-up, as domain/payments/money.ts's platformFeePence computes it.
    check('payment_milestones_fee_check', sql`${t.platformFeeAmount} = (${t.amount} * 1500 + 5000) / 10000`),
    check('payment_milestones_index_check', sql`${t.milestoneIndex} >= 0`),
    check(
      'payment_milestones_paid_check',
      sql`(${t.paidAt} is not null) = (${t.status} in ('paid', 'refunded'))`,
    ),
    check('payment_milestones_done_check', sql`${t.doneAt} is null or ${t.paidAt} is not null`),
  ],
);
