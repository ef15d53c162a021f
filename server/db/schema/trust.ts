import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CUSTOMER_DISPUTE_REASONS,
  LIMITS,
  TRADESPERSON_DISPUTE_REASONS,
  USER_TYPES,
} from '../../../domain/catalog/catalog';
import { DISPUTE_RESOLUTIONS, DISPUTE_STATUSES } from '../../../domain/catalog/statuses';
import { DISPUTE_RULES } from '../../../domain/disputes/messages';
import {
  REVIEW_REPORT_OUTCOMES,
  REVIEW_REPORT_REASONS,
  REVIEW_RULES,
} from '../../../domain/reviews/messages';
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
    /** When the reply was first posted: it stays editable for 48 hours from then. */
    repliedAt: tsz('replied_at'),
    replyEditedAt: tsz('reply_edited_at'),
    /**
     * Fair reveal: a review is hidden from everyone but its author until the other side has reviewed
     * too or the window closes (`reveal_due_at`, 14 days after payment). Only published reviews count.
     */
    publishedAt: tsz('published_at'),
    revealDueAt: tsz('reveal_due_at').notNull(),
    /** An admin took it down after a report: out of every list and out of the rating. */
    hiddenAt: tsz('hidden_at'),
    hiddenReason: text('hidden_reason'),
    hiddenBy: uuid('hidden_by').references(() => users.id),
    createdAt: createdAt(),
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
    index('reviews_reviewer_idx').on(t.reviewerId, t.createdAt),
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

/** Someone asked an admin to look at a review; the admin hides it or keeps it (audited). */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: id(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
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
    /** The booking's status before the dispute: it returns to it when the dispute is resolved. */
    bookingStatusBefore: text('booking_status_before'),
    /** When the respondent was told (send-dispute-email); their 7 days run from then. */
    notifiedAt: tsz('notified_at'),
    responseDueAt: tsz('response_due_at'),
    response: text('response'),
    respondedAt: tsz('responded_at'),
    /** When it went to review: at the response, or when the deadline passed without one. */
    reviewStartedAt: tsz('review_started_at'),
    resolution: text('resolution'),
    resolutionNote: text('resolution_note'),
    /** At resolution: what was refunded to the customer and what was released to the tradesperson. */
    refundPence: integer('refund_pence'),
    releasePence: integer('release_pence'),
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
    check(
      'disputes_resolved_check',
      sql`(${t.status} = 'resolved') = (${t.resolution} is not null and ${t.resolvedAt} is not null)`,
    ),
    check('disputes_refund_check', sql`${t.refundPence} is null or ${t.refundPence} >= 0`),
    check('disputes_release_check', sql`${t.releasePence} is null or ${t.releasePence} >= 0`),
    check(
      'disputes_response_check',
      sql`(${t.response} is null) = (${t.respondedAt} is null) and (${t.response} is null or char_length(${t.response}) between ${sql.raw(String(DISPUTE_RULES.responseMin))} and ${sql.raw(String(DISPUTE_RULES.responseMax))})`,
    ),
    // At most one unresolved dispute per booking.
    uniqueIndex('disputes_one_open_per_booking').on(t.bookingId).where(sql`${t.status} <> 'resolved'`),
    index('disputes_status_idx').on(t.status, t.createdAt),
    // A booking's latest dispute (every booking card and page reads it).
    index('disputes_booking_idx').on(t.bookingId, t.createdAt),
    // The deadline job: disputes still waiting for a response, by deadline.
    index('disputes_response_due_idx').on(t.responseDueAt).where(sql`${t.status} = 'awaiting_response'`),
    index('disputes_raised_by_idx').on(t.raisedBy, t.createdAt),
  ],
);

/** The dispute's thread: both parties and TradeNest's admins. */
export const disputeMessages = pgTable(
  'dispute_messages',
  {
    id: id(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'dispute_messages_body_length',
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(DISPUTE_RULES.messageMax))}`,
    ),
    index('dispute_messages_dispute_idx').on(t.disputeId, t.createdAt),
  ],
);

/** Evidence: a written statement, or a photo stored re-encoded (no metadata) with an optional caption. */
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: id(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    text: text('text'),
    storageKey: text('storage_key'),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [
    check('dispute_evidence_kind_check', oneOf(t.kind, ['text', 'photo'])),
    check(
      'dispute_evidence_shape_check',
      sql`(${t.kind} = 'text' and ${t.text} is not null and ${t.storageKey} is null) or (${t.kind} = 'photo' and ${t.storageKey} is not null and ${t.width} > 0 and ${t.height} > 0)`,
    ),
    check(
      'dispute_evidence_text_length',
      sql`${t.text} is null or char_length(${t.text}) between 1 and ${sql.raw(String(DISPUTE_RULES.evidenceTextMax))}`,
    ),
    index('dispute_evidence_dispute_idx').on(t.disputeId, t.createdAt),
  ],
);
