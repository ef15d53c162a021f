import type { MyReviewsPage, MyReviewView, ReportBody, ReviewTask } from '../../../domain/reviews/api';
import { REVIEW_MESSAGES, REVIEW_RULES } from '../../../domain/reviews/messages';
import {
  replyBlocked,
  replyEditableUntil,
  reviewStatus,
  reviewWindowClosesAt,
} from '../../../domain/reviews/reveal';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { AuthContext } from '../../plugins/auth-context';
import type { EventOutbox } from '../../queue/outbox';
import { type BookingForPayment, bookingForPayment } from '../marketplace';
import {
  bookingsDueForReveal,
  insertReport,
  insertReview,
  lockReview,
  type MyReviewRow,
  myReviewRow,
  myReviewRows,
  paidAtOf,
  publishBookingReviews,
  reviewsArePublic,
  reviewsOfBooking,
  reviewTaskRows,
  updateReview,
} from './reviews.repository';

export interface ReviewDeps {
  db: Database;
  events: EventOutbox;
  clock: Clock;
}

const bookingNotFound = () => AppError.notFound(REVIEW_MESSAGES.bookingNotFound);
const reviewNotFound = () => AppError.notFound(REVIEW_MESSAGES.reviewNotFound);
const iso = (d: Date | null) => d?.toISOString() ?? null;

type PartyType = 'customer' | 'tradesperson';

/** What I see of a review I wrote or received (docs/api/reviews.md). */
export function myReviewView(row: MyReviewRow, viewerId: string, now: Date): MyReviewView {
  const r = row.review;
  const side = r.reviewerId === viewerId ? 'written' : 'received';
  const status = reviewStatus(r);
  // Fair reveal: the reviewee reads nothing of a review until it is published.
  const sealed = side === 'received' && status === 'waiting';
  return {
    id: r.id,
    bookingId: r.bookingId,
    job: { id: row.jobId, title: row.jobTitle },
    side,
    status,
    rating: sealed ? null : r.rating,
    comment: sealed ? null : r.comment,
    createdAt: r.createdAt.toISOString(),
    publishedAt: iso(r.publishedAt),
    revealDueAt: r.revealDueAt.toISOString(),
    hiddenReason: r.hiddenReason,
    reply: r.reply,
    repliedAt: iso(r.repliedAt),
    replyEditableUntil: iso(replyEditableUntil(r.repliedAt)),
    canReply: side === 'received' && replyBlocked(r, now) === null,
    reported: row.reported,
    reviewer: { id: r.reviewerId, name: row.reviewerName, userType: row.reviewerType as PartyType },
    reviewee: { id: r.revieweeId, name: row.revieweeName, userType: row.revieweeType as PartyType },
  };
}

const bookingRef = ({ booking }: BookingForPayment) => ({
  jobId: booking.jobId,
  customerId: booking.customerId,
  quoteId: booking.quoteId,
  tradespersonId: booking.tradespersonId,
  bookingId: booking.id,
});

/**
 * One side of a booking reviews the other (DOMAIN-RULES 8). Under the booking's lock (job first, as
 * the marketplace takes them), so two submissions of one side store one review and the two sides'
 * reviews are published together: the second review publishes both in its own transaction.
 */
export async function submitReview(
  deps: ReviewDeps,
  auth: AuthContext,
  bookingId: string,
  body: { rating: number; comment: string | null },
): Promise<MyReviewView> {
  const me = auth.user.id;
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const found = await bookingForPayment(tx, bookingId, { forUpdate: true });
    const booking = found?.booking;
    if (!found || !booking || (booking.customerId !== me && booking.tradespersonId !== me)) {
      throw bookingNotFound();
    }
    if (booking.status !== 'completed' || !booking.depositPaid) {
      throw AppError.conflict('not_reviewable', REVIEW_MESSAGES.notReviewable);
    }
    const existing = await reviewsOfBooking(tx, booking.id);
    if (existing.some((r) => r.reviewerId === me)) {
      throw AppError.conflict('already_reviewed', REVIEW_MESSAGES.alreadyReviewed);
    }
    const paidAt = await paidAtOf(tx, booking);
    const closesAt = reviewWindowClosesAt(paidAt ?? now);
    if (now.getTime() >= closesAt.getTime()) {
      throw AppError.conflict('not_reviewable', REVIEW_MESSAGES.windowClosed);
    }
    const revieweeId = me === booking.customerId ? booking.tradespersonId : booking.customerId;
    const review = await insertReview(tx, {
      bookingId: booking.id,
      reviewerId: me,
      revieweeId,
      rating: body.rating,
      comment: body.comment,
      revealDueAt: closesAt,
      createdAt: now,
    });
    const publishesBoth = existing.length > 0;
    await deps.events.record(tx, {
      type: 'review.submitted',
      actorId: me,
      payload: {
        ...bookingRef(found),
        reviewId: review.id,
        reviewerId: me,
        revieweeId,
        revealDueAt: closesAt.toISOString(),
        publishesBoth,
      },
    });
    if (publishesBoth) await publish(deps, tx, found, now);
    return review.id;
  });
  deps.events.committed();
  return myReviewView((await myReviewRow(deps.db, me, id))!, me, now);
}

/** Publishes the booking's waiting reviews and tells both parties. Call under the booking's lock. */
async function publish(deps: ReviewDeps, tx: Executor, found: BookingForPayment, now: Date) {
  const reviewIds = await publishBookingReviews(tx, found.booking.id, now);
  if (reviewIds.length === 0) return 0;
  const all = await reviewsOfBooking(tx, found.booking.id);
  await deps.events.record(tx, {
    type: 'review.published',
    // Nobody's own action: both parties are told.
    actorId: null,
    payload: { ...bookingRef(found), reviewIds: all.filter((r) => !r.hiddenAt).map((r) => r.id) },
  });
  return reviewIds.length;
}

/**
 * The `reviews.publish-due` job: bookings whose window has closed publish what was written. One
 * transaction per booking, under its lock, so it never races a late second review; a failure leaves
 * the rest done and the next run picks it up. Returns how many reviews it published.
 */
export async function publishDueReviews(deps: ReviewDeps): Promise<number> {
  const now = deps.clock.now();
  let published = 0;
  for (;;) {
    const due = await bookingsDueForReveal(deps.db, now, 100);
    for (const bookingId of due) {
      published += await deps.db.transaction(async (tx) => {
        const found = await bookingForPayment(tx, bookingId, { forUpdate: true });
        return found ? publish(deps, tx, found, now) : 0;
      });
    }
    if (due.length > 0) deps.events.committed();
    if (due.length < 100) return published;
  }
}

export async function myReviews(
  deps: ReviewDeps,
  auth: AuthContext,
  query: { side: 'written' | 'received'; cursor?: string | undefined; limit: number },
): Promise<MyReviewsPage> {
  const me = auth.user.id;
  const rows = await myReviewRows(deps.db, me, query.side, decodeCursor(query.cursor), query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const now = deps.clock.now();
  return {
    reviews: page.map((row) => myReviewView(row, me, now)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor(last.review.createdAt, last.review.id) : null,
  };
}

/** Bookings waiting for my review, their window still open. */
export async function reviewTasks(deps: ReviewDeps, auth: AuthContext): Promise<ReviewTask[]> {
  const rows = await reviewTaskRows(deps.db, auth.user.id, deps.clock.now(), REVIEW_RULES.revealAfterDays);
  return rows.map((r) => ({
    bookingId: r.bookingId,
    job: { id: r.jobId, title: r.jobTitle },
    other: { id: r.otherId, name: r.otherName, userType: r.otherType as PartyType },
    otherReviewed: r.otherReviewed,
    paidAt: r.paidAt.toISOString(),
    closesAt: reviewWindowClosesAt(r.paidAt).toISOString(),
  }));
}

const REPLY_REFUSALS = {
  not_published: REVIEW_MESSAGES.replyNotYet,
  hidden: REVIEW_MESSAGES.replyHidden,
  locked: REVIEW_MESSAGES.replyLocked,
} as const;

/** The reviewee posts its one public reply, or changes it within 48 hours of first posting it. */
export async function replyToReview(
  deps: ReviewDeps,
  auth: AuthContext,
  reviewId: string,
  body: { reply: string },
): Promise<MyReviewView> {
  const me = auth.user.id;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const review = await lockReview(tx, reviewId);
    if (!review || review.revieweeId !== me) throw reviewNotFound();
    const blocked = replyBlocked(review, now);
    if (blocked) throw AppError.conflict('review_state', REPLY_REFUSALS[blocked]);
    if (review.reply === body.reply) return;
    const edited = review.repliedAt !== null;
    await updateReview(tx, review.id, {
      reply: body.reply,
      repliedAt: review.repliedAt ?? now,
      replyEditedAt: edited ? now : null,
    });
    const found = (await bookingForPayment(tx, review.bookingId))!;
    await deps.events.record(tx, {
      type: 'review.replied',
      actorId: me,
      payload: {
        ...bookingRef(found),
        reviewId: review.id,
        reviewerId: review.reviewerId,
        revieweeId: review.revieweeId,
        edited,
      },
    });
  });
  deps.events.committed();
  return myReviewView((await myReviewRow(deps.db, me, reviewId))!, me, now);
}

/**
 * Asks an admin to look at a review (abusive, or not about the job). Only a published, shown review
 * can be reported, by someone who can read it (its reviewee, or anyone when the reviewee's reviews are
 * public), never by its author. Reporting again is the same answer.
 */
export async function reportReview(
  deps: ReviewDeps,
  auth: AuthContext,
  reviewId: string,
  body: { reason: ReportBody['reason']; details: string | null },
) {
  const me = auth.user.id;
  await deps.db.transaction(async (tx) => {
    const review = await lockReview(tx, reviewId);
    if (!review || reviewStatus(review) !== 'published') throw reviewNotFound();
    if (review.reviewerId === me) {
      // Its author can see it, so the honest answer is a refusal, not a 404.
      throw new AppError(403, 'not_allowed', REVIEW_MESSAGES.reportOwn);
    }
    if (review.revieweeId !== me && !auth.user.isAdmin && !(await reviewsArePublic(tx, review.revieweeId))) {
      throw reviewNotFound();
    }
    await insertReport(tx, { reviewId, reporterId: me, reason: body.reason, details: body.details });
  });
  return { reported: true as const, message: REVIEW_MESSAGES.reported };
}
