import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CUSTOMER_DISPUTE_REASONS,
  LIMITS,
  TRADESPERSON_DISPUTE_REASONS,
  USER_TYPES,
} from '../../../domain/catalog/catalog';
import { DISPUTE_RESOLUTIONS, DISPUTE_STATUSES } from '../../../domain/catalog/statuses';
import { DISPUTE_RULES } from '../../../domain/disputes/messages';
import { users } from './accounts';
import { createdAt, id, oneOf, requiredRef, tsz, updatedAt } from './helpers';
import { bookings } from './marketplace';

export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    bookingId: requiredRef('booking_id', () => bookings.id),
    raisedBy: requiredRef('raised_by', () => users.id),
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
    disputeId: requiredRef('dispute_id', () => disputes.id),
    authorId: requiredRef('author_id', () => users.id),
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
    disputeId: requiredRef('dispute_id', () => disputes.id),
    authorId: requiredRef('author_id', () => users.id),
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
