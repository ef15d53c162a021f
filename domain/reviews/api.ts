import { z } from 'zod';
import { REVIEW_MESSAGES, REVIEW_REPORT_OUTCOMES, REVIEW_REPORT_REASONS, REVIEW_RULES } from './messages';

export {
  REVIEW_MESSAGES,
  REVIEW_REPORT_REASON_LABELS,
  REVIEW_REPORT_REASONS,
  REVIEW_RULES,
} from './messages';

import { ADMIN_LIMITS } from '../admin/messages';
import {
  Cursor,
  Id,
  JobTitle,
  PersonName,
  ReviewText,
  ServerText,
  Text,
  Timestamp,
  unbounded,
} from '../fields';

// The reviews API contract (docs/api/reviews.md, DOMAIN-RULES 8). The server validates and
// serializes with these schemas; the web imports their types and uses the bodies for its forms.

/** Trimmed; empty becomes null (spec section 5). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => value || null);

// ---- Writing (spec section 5: Review) ----

export const ReviewBody = z.object({
  rating: z
    .number({
      error: (issue) => (issue.input == null ? REVIEW_MESSAGES.ratingRequired : REVIEW_MESSAGES.ratingRange),
    })
    .int(REVIEW_MESSAGES.ratingRange)
    .min(1, REVIEW_MESSAGES.ratingRange)
    .max(5, REVIEW_MESSAGES.ratingRange),
  comment: optionalText(REVIEW_RULES.commentMax, REVIEW_MESSAGES.commentTooLong),
});
export type ReviewBody = z.input<typeof ReviewBody>;

export const ReplyBody = z.object({
  reply: z
    .string({ error: REVIEW_MESSAGES.replyRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.replyRequired)
    .max(REVIEW_RULES.replyMax, REVIEW_MESSAGES.replyTooLong),
});
export type ReplyBody = z.input<typeof ReplyBody>;

export const ReportBody = z.object({
  reason: z.enum(REVIEW_REPORT_REASONS, { error: REVIEW_MESSAGES.reportReasonRequired }),
  details: optionalText(REVIEW_RULES.reportDetailsMax, REVIEW_MESSAGES.reportDetailsTooLong),
});
export type ReportBody = z.input<typeof ReportBody>;

// ---- What a booking shows about its reviews (BookingView.reviews) ----

export const BookingReviews = z.object({
  /**
   * When the review window closes (14 days after payment) and whatever was written is published;
   * null while the booking is not completed and paid. Each side that has not reviewed may until then.
   */
  closesAt: Timestamp.nullable(),
  customerReviewed: z.boolean(),
  tradespersonReviewed: z.boolean(),
  /** The booking's reviews are public (both sides reviewed, or the window closed). */
  published: z.boolean(),
});
export type BookingReviews = z.infer<typeof BookingReviews>;

// ---- My reviews (/my-reviews) ----

export const REVIEW_STATUSES = ['waiting', 'published', 'hidden'] as const;

const Party = z.object({
  id: Id,
  /** Null for a deleted account. */
  name: PersonName.nullable(),
  userType: z.enum(['customer', 'tradesperson']),
});

export const MyReviewView = z.object({
  id: Id,
  bookingId: Id,
  job: z.object({ id: Id, title: JobTitle }),
  /** written: I wrote it; received: it is about me. */
  side: z.enum(['written', 'received']),
  status: z.enum(REVIEW_STATUSES),
  /**
   * Null on a received review still waiting for fair reveal: its author's words stay hidden from me
   * until it is published.
   */
  rating: z.number().int().nullable(),
  comment: ReviewText.nullable(),
  createdAt: Timestamp,
  publishedAt: Timestamp.nullable(),
  /** While waiting: when it will be published at the latest. */
  revealDueAt: Timestamp,
  /** Set when an admin hid it after a report. */
  hiddenReason: z.string().max(REVIEW_RULES.hideReasonMax).nullable(),
  reply: ReviewText.nullable(),
  repliedAt: Timestamp.nullable(),
  /** Until when the reply can be changed (48 hours after it was first posted). */
  replyEditableUntil: Timestamp.nullable(),
  /** I am the reviewee and may post or change the reply now. */
  canReply: z.boolean(),
  /** I have reported it already. */
  reported: z.boolean(),
  reviewer: Party,
  reviewee: Party,
});
export type MyReviewView = z.infer<typeof MyReviewView>;

/** The most reviews a page of the user's own reviews holds (the `limit` query's bound). */
export const MY_REVIEWS_PAGE_MAX = 50;
export const MyReviewsQuery = z.object({
  side: z.enum(['written', 'received']).default('received'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MY_REVIEWS_PAGE_MAX).default(20),
});
export const MyReviewsPage = z.object({
  reviews: z.array(MyReviewView).max(MY_REVIEWS_PAGE_MAX),
  nextCursor: Cursor.nullable(),
});
export type MyReviewsPage = z.infer<typeof MyReviewsPage>;

/** A booking waiting for my review, its window still open. */
export const ReviewTask = z.object({
  bookingId: Id,
  job: z.object({ id: Id, title: JobTitle }),
  /** The person I would review. */
  other: Party,
  /** They have reviewed me already: mine publishes both. */
  otherReviewed: z.boolean(),
  paidAt: Timestamp,
  closesAt: Timestamp,
});
export type ReviewTask = z.infer<typeof ReviewTask>;
export const ReviewTasksResponse = z.object({ bookings: z.array(ReviewTask).max(REVIEW_RULES.tasksMax) });
export type ReviewTasksResponse = z.infer<typeof ReviewTasksResponse>;

export const MyReviewResponse = z.object({ review: MyReviewView });
export type MyReviewResponse = z.infer<typeof MyReviewResponse>;

export const ReportResponse = z.object({ reported: z.literal(true), message: ServerText });
export type ReportResponse = z.infer<typeof ReportResponse>;

// ---- Admin: reported reviews (/admin/reviews) ----

export const ReviewReportsQuery = z.object({
  status: z.enum(['open', 'decided']).default('open'),
});

export const AdminReviewReport = z.object({
  id: Id,
  reason: z.enum(REVIEW_REPORT_REASONS),
  details: Text.nullable(),
  createdAt: Timestamp,
  reporter: z.object({ id: Id, name: PersonName.nullable() }),
  outcome: z.enum(REVIEW_REPORT_OUTCOMES).nullable(),
  decidedAt: Timestamp.nullable(),
});

/** A reported review with every report on it. */
export const AdminReportedReview = z.object({
  id: Id,
  bookingId: Id,
  job: z.object({ id: Id, title: JobTitle }),
  rating: z.number().int(),
  comment: ReviewText.nullable(),
  reply: ReviewText.nullable(),
  createdAt: Timestamp,
  status: z.enum(REVIEW_STATUSES),
  hiddenReason: z.string().max(REVIEW_RULES.hideReasonMax).nullable(),
  reviewer: Party,
  reviewee: Party,
  reports: unbounded(AdminReviewReport, 'every report on the review'),
});
export type AdminReportedReview = z.infer<typeof AdminReportedReview>;

export const ReviewReportsResponse = z.object({
  reviews: z.array(AdminReportedReview).max(ADMIN_LIMITS.queueRows),
  /** Reviews with open reports in all (the list shows the oldest 100). */
  openCount: z.number().int(),
});
export type ReviewReportsResponse = z.infer<typeof ReviewReportsResponse>;

export const ModerateReviewBody = z.object({
  /** hide: out of every list and the rating; keep: the reports are closed and it stays. */
  action: z.enum(['hide', 'keep']),
  reason: z
    .string({ error: REVIEW_MESSAGES.hideReasonRequired })
    .trim()
    .min(REVIEW_RULES.hideReasonMin, REVIEW_MESSAGES.hideReasonRequired)
    .max(REVIEW_RULES.hideReasonMax, REVIEW_MESSAGES.hideReasonTooLong),
});
export type ModerateReviewBody = z.input<typeof ModerateReviewBody>;

export const ModerateReviewResponse = z.object({ review: AdminReportedReview });
export type ModerateReviewResponse = z.infer<typeof ModerateReviewResponse>;
