import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CHANGE_DIRECTIONS,
  CHANGE_LIMITS,
  CHANGE_SETTLEMENTS,
  CHANGE_STATUSES,
} from '../../../domain/changes/rules';
import { users } from './accounts';
import { createdAt, id, oneOf, requiredRef, tsz, updatedAt } from './helpers';
import { bookings } from './marketplace';

/**
 * A proposed change to a booking's agreed work and price (a variation). `amountPence` is positive and
 * `direction` says which way; `amountBefore`/`amountAfter` record the booking's agreed amount around
 * the acceptance. The money it moved is found from payments.change_id, refunds.change_id and
 * payment_milestones.change_id.
 */
export const bookingChanges = pgTable(
  'booking_changes',
  {
    id: id(),
    bookingId: requiredRef('booking_id', () => bookings.id),
    proposedBy: requiredRef('proposed_by', () => users.id),
    description: text('description').notNull(),
    direction: text('direction').notNull(),
    /** The change's total including VAT, in pence, always positive. */
    amountPence: integer('amount_pence').notNull(),
    /** The itemised lines (domain/marketplace/pricing LineItem[]), or null for a one-figure change. */
    lineItems: jsonb('line_items'),
    subtotalPence: integer('subtotal_pence'),
    vatPence: integer('vat_pence').notNull().default(0),
    status: text('status').notNull().default('proposed'),
    settlement: text('settlement'),
    amountBefore: integer('amount_before'),
    amountAfter: integer('amount_after'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: tsz('decided_at'),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('booking_changes_status_check', oneOf(t.status, CHANGE_STATUSES)),
    check('booking_changes_direction_check', oneOf(t.direction, CHANGE_DIRECTIONS)),
    check(
      'booking_changes_settlement_check',
      sql`(${t.settlement} is null) = (${t.status} <> 'accepted') and (${t.settlement} is null or ${oneOf(t.settlement, CHANGE_SETTLEMENTS)})`,
    ),
    check('booking_changes_amount_check', sql`${t.amountPence} > 0`),
    check(
      'booking_changes_totals_check',
      sql`${t.vatPence} >= 0 and (${t.subtotalPence} is null or ${t.subtotalPence} + ${t.vatPence} = ${t.amountPence})`,
    ),
    check(
      'booking_changes_description_length',
      sql`char_length(${t.description}) between ${sql.raw(String(CHANGE_LIMITS.descriptionMin))} and ${sql.raw(String(CHANGE_LIMITS.descriptionMax))}`,
    ),
    check(
      'booking_changes_accepted_check',
      sql`${t.status} <> 'accepted' or (${t.amountBefore} is not null and ${t.amountAfter} is not null and ${t.decidedAt} is not null)`,
    ),
    // One proposal waits per booking at a time.
    uniqueIndex('booking_changes_one_proposed').on(t.bookingId).where(sql`${t.status} = 'proposed'`),
    index('booking_changes_booking_idx').on(t.bookingId, t.createdAt),
  ],
);
