import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../domain/catalog/catalog';
import {
  REVIEW_REPORT_OUTCOMES,
  REVIEW_REPORT_REASONS,
  REVIEW_RULES,
} from '../../../domain/reviews/messages';
import { users } from './accounts';
import { createdAt, id, oneOf, requiredRef, tsz } from './helpers';
import { bookings } from './marketplace';

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    bookingId: requiredRef('booking_id', () => bookings.id),
    reviewerId: requiredRef('reviewer_id', () => users.id),
    revieweeId: requiredRef('reviewee_id', () => users.id),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    reply: text('reply'),
    /** When the reply was first posted: it stays editable for 48 hours from then. */
    repliedAt: tsz('replied_at'),
    replyEditedAt: tsz('reply_edited_at'),
    /**
     * Fair reveal: a review is hidden from everyone but its author until the other side has reviewed
     * too or the window closes (`reveal_due_at`, 14 days after payment). Only published reviews count.
     */
    publishedAt: tsz('published_at', { listed: true }),
    revealDueAt: tsz('reveal_due_at').notNull(),
    /** An admin took it down after a report: out of every list and out of the rating. */
    hiddenAt: tsz('hidden_at'),
    hiddenReason: text('hidden_reason'),
    hiddenBy: uuid('hidden_by').references(() => users.id),
    createdAt: createdAt({ listed: true }),
  },
  (t) => [
    // One review per booking per reviewer.
    unique('reviews_booking_reviewer_unique').on(t.bookingId, t.reviewerId),
    check('reviews_hidden_check', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
    check('reviews_reply_check', sql`(${t.reply} is null) = (${t.repliedAt} is null)`),
    // What the publishing job scans.
    index('reviews_reveal_due_idx').on(t.revealDueAt).where(sql`${t.publishedAt} is null`),
    // The public list of a person's reviews, newest published first.
    index('reviews_published_idx')
      .on(t.revieweeId, t.publishedAt, t.id)
      .where(sql`${t.publishedAt} is not null and ${t.hiddenAt} is null`),
    index('reviews_reviewer_idx').on(t.reviewerId, t.createdAt, t.id),
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
    index('reviews_reviewee_idx').on(t.revieweeId, t.createdAt, t.id),
  ],
);

/** Someone asked an admin to look at a review; the admin hides it or keeps it (audited). */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: id(),
    reviewId: requiredRef('review_id', () => reviews.id),
    reporterId: requiredRef('reporter_id', () => users.id),
    reason: text('reason').notNull(),
    details: text('details'),
    outcome: text('outcome'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: tsz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // Reporting again is the same report.
    unique('review_reports_review_reporter_unique').on(t.reviewId, t.reporterId),
    check('review_reports_reason_check', oneOf(t.reason, REVIEW_REPORT_REASONS)),
    check(
      'review_reports_outcome_check',
      sql`${t.outcome} is null or ${oneOf(t.outcome, REVIEW_REPORT_OUTCOMES)}`,
    ),
    check('review_reports_decided_check', sql`(${t.outcome} is null) = (${t.decidedAt} is null)`),
    check(
      'review_reports_details_length',
      sql`${t.details} is null or char_length(${t.details}) between 1 and ${sql.raw(String(REVIEW_RULES.reportDetailsMax))}`,
    ),
    // The admin queue: open reports, oldest first.
    index('review_reports_open_idx').on(t.createdAt).where(sql`${t.outcome} is null`),
  ],
);
