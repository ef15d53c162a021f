import { ADMIN_LIMITS } from '../../../domain/admin/messages';
import type {
  AdminReportedReview,
  ModerateReviewBody,
  ReviewReportsResponse,
} from '../../../domain/reviews/api';
import { REVIEW_MESSAGES } from '../../../domain/reviews/messages';
import { reviewStatus } from '../../../domain/reviews/reveal';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import { recordAudit } from '../audit';
import { bookingForPayment } from '../marketplace';
import {
  countReportedReviews,
  decideReports,
  lockReview,
  type ReportedReviewRow,
  reportedReviewRow,
  reportedReviewRows,
  updateReview,
} from './reviews.repository';
import type { ReviewDeps } from './reviews.service';

/** The queue shows this many reviews at once, oldest report first. */
const QUEUE_LIMIT = ADMIN_LIMITS.queueRows;

type PartyType = 'customer' | 'tradesperson';

/** A timestamp from `json_build_object` (ISO text with an offset) as the API writes it. */
const isoText = (value: string) => new Date(value).toISOString();

function adminView(row: ReportedReviewRow): AdminReportedReview {
  const r = row.review;
  return {
    id: r.id,
    bookingId: r.bookingId,
    job: { id: row.jobId, title: row.jobTitle },
    rating: r.rating,
    comment: r.comment,
    reply: r.reply,
    createdAt: r.createdAt.toISOString(),
    status: reviewStatus(r),
    hiddenReason: r.hiddenReason,
    reviewer: { id: r.reviewerId, name: row.reviewerName, userType: row.reviewerType as PartyType },
    reviewee: { id: r.revieweeId, name: row.revieweeName, userType: row.revieweeType as PartyType },
    reports: row.reports.map((report) => ({
      id: report.id,
      reason: report.reason as AdminReportedReview['reports'][number]['reason'],
      details: report.details,
      createdAt: isoText(report.createdAt),
      reporter: { id: report.reporterId, name: report.reporterName },
      outcome: report.outcome as AdminReportedReview['reports'][number]['outcome'],
      decidedAt: report.decidedAt ? isoText(report.decidedAt) : null,
    })),
  };
}

/** The admin queue of reported reviews (docs/api/reviews.md), in one statement when it has rows. */
export async function reportedReviews(
  deps: ReviewDeps,
  status: 'open' | 'decided',
): Promise<ReviewReportsResponse> {
  const rows = await reportedReviewRows(deps.db, status, QUEUE_LIMIT);
  // The open count rides on every row; an empty page reads it on its own (none open, when open is asked).
  const openCount = rows[0]?.openCount ?? (status === 'open' ? 0 : await countReportedReviews(deps.db));
  return { reviews: rows.map(adminView), openCount };
}

export const reportedReviewCount = (deps: Pick<ReviewDeps, 'db'>) => countReportedReviews(deps.db);

/**
 * An admin hides a review (out of every list and out of the rating, which the trigger recomputes in
 * this transaction) or keeps it, closing its open reports either way. Audited with the state before
 * and after and the reason; a hidden review's author and reviewee are told.
 */
export async function moderateReview(
  deps: ReviewDeps,
  auth: AuthContext,
  reviewId: string,
  body: { action: ModerateReviewBody['action']; reason: string },
  ip: string | null,
): Promise<{ review: AdminReportedReview }> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const review = await lockReview(tx, reviewId);
    if (!review) throw AppError.notFound(REVIEW_MESSAGES.reviewNotFound);
    const before = { status: reviewStatus(review), hiddenReason: review.hiddenReason };
    let eventId: string | null = null;
    let closed: number;
    if (body.action === 'hide') {
      if (review.hiddenAt) throw AppError.conflict('review_state', REVIEW_MESSAGES.alreadyHidden);
      await updateReview(tx, review.id, { hiddenAt: now, hiddenReason: body.reason, hiddenBy: auth.user.id });
      closed = await decideReports(tx, review.id, 'hidden', auth.user.id, now);
      const found = (await bookingForPayment(tx, review.bookingId))!;
      const { booking } = found;
      eventId = await deps.events.record(tx, {
        type: 'review.hidden',
        actorId: auth.user.id,
        payload: {
          jobId: booking.jobId,
          customerId: booking.customerId,
          quoteId: booking.quoteId,
          tradespersonId: booking.tradespersonId,
          bookingId: booking.id,
          reviewId: review.id,
          reviewerId: review.reviewerId,
          revieweeId: review.revieweeId,
          reason: body.reason,
        },
      });
    } else {
      closed = await decideReports(tx, review.id, 'kept', auth.user.id, now);
      if (closed === 0) throw AppError.conflict('review_state', REVIEW_MESSAGES.nothingToDecide);
    }
    // Written here, with the states, under the event's id: the dispatcher's own row for it is skipped.
    await recordAudit(tx, {
      actorUserId: auth.user.id,
      action: body.action === 'hide' ? 'review.hidden' : 'review.kept',
      entityType: 'review',
      entityId: review.id,
      details: {
        bookingId: review.bookingId,
        reviewerId: review.reviewerId,
        revieweeId: review.revieweeId,
        before,
        after: body.action === 'hide' ? { status: 'hidden', hiddenReason: body.reason } : before,
        reportsClosed: closed,
        reason: body.reason,
      },
      ip,
      eventId,
    });
  });
  deps.events.committed();
  const view = adminView((await reportedReviewRow(deps.db, reviewId))!);
  return { review: view! };
}
