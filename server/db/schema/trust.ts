import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CUSTOMER_DISPUTE_REASONS,
  LIMITS,
  TRADESPERSON_DISPUTE_REASONS,
  USER_TYPES,
} from '../../../domain/catalog/catalog';
import { DISPUTE_RESOLUTIONS, DISPUTE_STATUSES } from '../../../domain/catalog/statuses';
import { users } from './accounts';
import { createdAt, id, oneOf, tsz, updatedAt } from './helpers';
import { bookings } from './marketplace';

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id),
    revieweeId: uuid('reviewee_id')
      .notNull()
      .references(() => users.id),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    reply: text('reply'),
    repliedAt: tsz('replied_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One review per booking per reviewer.
    unique('reviews_booking_reviewer_unique').on(t.bookingId, t.reviewerId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_not_self', sql`${t.reviewerId} <> ${t.revieweeId}`),
    check(
      'reviews_comment_length',
      sql`${t.comment} is null or char_length(${t.comment}) between 1 and ${sql.raw(String(LIMITS.reviewCommentMax))}`,
    ),
    check(
      'reviews_reply_length',
      sql`${t.reply} is null or char_length(${t.reply}) between 1 and ${sql.raw(String(LIMITS.reviewCommentMax))}`,
    ),
    index('reviews_reviewee_idx').on(t.revieweeId, t.createdAt),
  ],
);

export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    raisedBy: uuid('raised_by')
      .notNull()
      .references(() => users.id),
    raisedByType: text('raised_by_type').notNull(),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('open'),
    resolution: text('resolution'),
    resolutionNote: text('resolution_note'),
    // For a split: the part of the held money returned to the customer.
    refundPence: integer('refund_pence'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: tsz('resolved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('disputes_raised_by_type_check', oneOf(t.raisedByType, USER_TYPES)),
    check(
      'disputes_reason_check',
      oneOf(t.reason, [...new Set([...CUSTOMER_DISPUTE_REASONS, ...TRADESPERSON_DISPUTE_REASONS])]),
    ),
    check(
      'disputes_description_length',
      sql`char_length(${t.description}) between ${sql.raw(String(LIMITS.disputeDescriptionMin))} and ${sql.raw(String(LIMITS.disputeDescriptionMax))}`,
    ),
    check('disputes_status_check', oneOf(t.status, DISPUTE_STATUSES)),
    check(
      'disputes_resolution_check',
      sql`${t.resolution} is null or ${oneOf(t.resolution, DISPUTE_RESOLUTIONS)}`,
    ),
    check('disputes_resolved_check', sql`(${t.status} = 'resolved') = (${t.resolution} is not null)`),
    check('disputes_refund_check', sql`${t.refundPence} is null or ${t.refundPence} >= 0`),
    // At most one unresolved dispute per booking.
    uniqueIndex('disputes_one_open_per_booking').on(t.bookingId).where(sql`${t.status} <> 'resolved'`),
    index('disputes_status_idx').on(t.status, t.createdAt),
  ],
);
