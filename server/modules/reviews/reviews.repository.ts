import { and, asc, desc, eq, isNull, lte, or, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REVIEW_RULES } from '../../../domain/reviews/messages';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import { tableRows } from '../../db/rows';
import {
  bookings,
  jobPostings,
  payments,
  profiles,
  reviewReports,
  reviews,
  tradespersonProfiles,
  userSettings,
  users,
} from '../../db/schema';

// The SQL of reviews: writing them under the booking's lock, publishing them, replies, reports and the
// admin's decisions. The rules are in reviews.service.ts and domain/reviews/reveal.ts.

export type ReviewRow = typeof reviews.$inferSelect;

/**
 * When a booking was paid: its first confirmed payment. Demo bookings paid before payments were
 * recorded count from their completion, as BookingView.reviews does.
 */
export async function paidAtOf(tx: Executor, booking: { id: string; completedAt: Date | null }) {
  const [row] = await tx
    .select({ paidAt: sql<string | null>`min(${payments.paidAt})` })
    .from(payments)
    .where(eq(payments.bookingId, booking.id));
  return row?.paidAt ? new Date(row.paidAt) : booking.completedAt;
}

export async function reviewsOfBooking(tx: Executor, bookingId: string) {
  return tx.select().from(reviews).where(eq(reviews.bookingId, bookingId));
}

export const { insert: insertReview } = tableRows(reviews);

/** Publishes whatever of the booking's reviews waits; returns the ids published. */
export async function publishBookingReviews(tx: Executor, bookingId: string, now: Date) {
  const rows = await tx
    .update(reviews)
    .set({ publishedAt: now })
    .where(and(eq(reviews.bookingId, bookingId), isNull(reviews.publishedAt)))
    .returning({ id: reviews.id });
  return rows.map((r) => r.id);
}

/** Bookings with a review whose window has closed but which waits still, oldest first. */
export async function bookingsDueForReveal(db: Executor, now: Date, limit: number) {
  const rows = await db
    .selectDistinct({ bookingId: reviews.bookingId, revealDueAt: reviews.revealDueAt })
    .from(reviews)
    .where(and(isNull(reviews.publishedAt), lte(reviews.revealDueAt, now)))
    .orderBy(asc(reviews.revealDueAt))
    .limit(limit);
  return [...new Set(rows.map((r) => r.bookingId))];
}

export async function lockReview(tx: Executor, id: string) {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  return row;
}

export async function updateReview(tx: Executor, id: string, set: Partial<typeof reviews.$inferInsert>) {
  const [row] = await tx.update(reviews).set(set).where(eq(reviews.id, id)).returning();
  return row!;
}

// ---- Reading for /my-reviews ----

const reviewer = alias(profiles, 'reviewer');
const reviewee = alias(profiles, 'reviewee');

/** A review with its job and both parties, as every list of reviews reads it. */
const reviewWithParties = {
  review: reviews,
  jobId: jobPostings.id,
  jobTitle: jobPostings.title,
  reviewerName: reviewer.fullName,
  reviewerType: reviewer.userType,
  revieweeName: reviewee.fullName,
  revieweeType: reviewee.userType,
};

const myReviewColumns = (viewerId: string | Placeholder) => ({
  ...reviewWithParties,
  reported: sql<boolean>`exists (select 1 from ${reviewReports} rr where rr.review_id = ${reviews.id} and rr.reporter_id = ${viewerId})`,
});

export type MyReviewRow = Awaited<ReturnType<typeof myReviewRows>>[number];

function myReviewQuery(db: Executor, viewerId: string | Placeholder) {
  return db
    .select(myReviewColumns(viewerId))
    .from(reviews)
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(reviewee, eq(reviewee.id, reviews.revieweeId));
}

/**
 * A page of the reviews I wrote or received, newest first, after the keyset cursor. Built once per
 * shape (side, with or without a cursor, page size written in: literalLimit): Drizzle writing this
 * five-table statement's SQL cost more CPU than PostgreSQL running it.
 */
export async function myReviewRows(
  db: Executor,
  viewerId: string,
  side: 'written' | 'received',
  after: { at: Date; id: string } | null,
  limit: number,
) {
  const name = `my_reviews_${side}${after ? '_after' : ''}_${limit}`;
  const p = sql.placeholder;
  return prepared(db, name, (d) =>
    myReviewQuery(d, p('viewerId'))
      .where(
        and(
          side === 'written' ? eq(reviews.reviewerId, p('viewerId')) : eq(reviews.revieweeId, p('viewerId')),
          after
            ? sql`(${reviews.createdAt}, ${reviews.id}) < (${p('afterAt')}::timestamptz, ${p('afterId')}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(literalLimit(limit))
      .prepare(name),
  ).execute({ viewerId, ...(after ? { afterAt: after.at.toISOString(), afterId: after.id } : {}) });
}

export async function myReviewRow(db: Executor, viewerId: string, id: string) {
  const [row] = await myReviewQuery(db, viewerId).where(eq(reviews.id, id));
  return row;
}

const other = alias(profiles, 'other');

/**
 * Bookings of mine, completed and paid, whose review window is still open at `now` and which I have
 * not reviewed: closing soonest first. The window is bounded, so the list is short. Built once
 * (prepared), the user, the time and the window bound: it is read on every visit to the reviews page.
 */
export async function reviewTaskRows(db: Executor, userId: string, now: Date, windowDays: number) {
  const name = `review_tasks_${REVIEW_RULES.tasksMax}`;
  const rows = await prepared(db, name, (d) => reviewTasksQuery(d).prepare(name)).execute({
    userId,
    now: now.toISOString(),
    windowDays,
  });
  return rows.map((r) => ({ ...r, paidAt: new Date(r.paidAt) }));
}

function reviewTasksQuery(db: Executor) {
  const me = sql`${sql.placeholder('userId')}::uuid`;
  const paidAt = sql<Date>`coalesce((select min(p.paid_at) from ${payments} p where p.booking_id = ${bookings.id}), ${bookings.completedAt})`;
  return db
    .select({
      bookingId: bookings.id,
      customerId: bookings.customerId,
      jobId: jobPostings.id,
      jobTitle: jobPostings.title,
      otherId: other.id,
      otherName: other.fullName,
      otherType: other.userType,
      paidAt: sql<string>`${paidAt}`,
      otherReviewed: sql<boolean>`exists (select 1 from ${reviews} r where r.booking_id = ${bookings.id} and r.reviewer_id = ${other.id})`,
    })
    .from(bookings)
    .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
    .innerJoin(
      other,
      eq(
        other.id,
        sql`case when ${bookings.customerId} = ${me} then ${bookings.tradespersonId} else ${bookings.customerId} end`,
      ),
    )
    .where(
      and(
        or(eq(bookings.customerId, me), eq(bookings.tradespersonId, me)),
        eq(bookings.status, 'completed'),
        eq(bookings.depositPaid, true),
        sql`${paidAt} + make_interval(days => ${sql.placeholder('windowDays')}::int) > ${sql.placeholder('now')}::timestamptz`,
        sql`not exists (select 1 from ${reviews} r where r.booking_id = ${bookings.id} and r.reviewer_id = ${me})`,
      ),
    )
    .orderBy(asc(paidAt))
    .limit(literalLimit(REVIEW_RULES.tasksMax));
}

// ---- Who may see a review in public (for reports) ----

/** Whether the reviewee is a tradesperson whose reviews anyone may read. */
export async function reviewsArePublic(db: Executor, revieweeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(tradespersonProfiles, eq(tradespersonProfiles.userId, users.id))
    .innerJoin(userSettings, eq(userSettings.userId, users.id))
    .where(
      and(
        eq(users.id, revieweeId),
        isNull(users.suspendedAt),
        isNull(users.deletedAt),
        eq(userSettings.profileVisible, true),
        eq(userSettings.showReviewsPublicly, true),
      ),
    );
  return row !== undefined;
}

// ---- Reports ----

/** Records a report; reporting the same review again changes nothing. */
export async function insertReport(
  tx: Executor,
  values: { reviewId: string; reporterId: string; reason: string; details: string | null },
) {
  await tx.insert(reviewReports).values(values).onConflictDoNothing();
}

/** Closes the review's open reports with the admin's outcome; returns how many. */
export async function decideReports(
  tx: Executor,
  reviewId: string,
  outcome: 'hidden' | 'kept',
  adminId: string,
  now: Date,
) {
  const rows = await tx
    .update(reviewReports)
    .set({ outcome, decidedBy: adminId, decidedAt: now })
    .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.outcome)))
    .returning({ id: reviewReports.id });
  return rows.length;
}

// ---- The admin queue ----

/** A report as `json_build_object` gives it (timestamps as ISO text). */
export type JsonReport = {
  id: string;
  reporterId: string;
  reporterName: string | null;
  reason: string;
  details: string | null;
  outcome: string | null;
  decidedAt: string | null;
  createdAt: string;
};

/**
 * A reported review as the admin's queue shows it: the review, its job, both parties, and its reports
 * (oldest first, each with the reporter's name) in the same row, not read after the rows.
 */
const reportedColumns = {
  ...reviewWithParties,
  reports: sql<JsonReport[]>`(select coalesce(json_agg(json_build_object('id', rr.id,
      'reporterId', rr.reporter_id, 'reporterName', rp.full_name, 'reason', rr.reason, 'details', rr.details,
      'outcome', rr.outcome, 'decidedAt', rr.decided_at, 'createdAt', rr.created_at)
      order by rr.created_at), '[]')
    from ${reviewReports} rr join ${profiles} rp on rp.id = rr.reporter_id
    where rr.review_id = ${reviews.id})`,
};

/** Reviews with an undecided report: the figure beside the queue, on each of its rows. */
const openCountColumn = sql<number>`(select count(distinct oc.review_id)::int
  from ${reviewReports} oc where oc.outcome is null)`;

export async function reportedReviewRows(db: Executor, status: 'open' | 'decided', limit: number) {
  // Built once per status and size (prepared()), the limit written in so PostgreSQL keeps one plan.
  const name = `reported_reviews_${status}_${limit}`;
  return prepared(db, name, (d) => reportedReviewsQuery(d, status, limit).prepare(name)).execute();
}

function reportedReviewsQuery(db: Executor, status: 'open' | 'decided', limit: number) {
  // Open: reviews with an undecided report, by their oldest one. Decided: latest decisions first.
  const picked = db
    .select({
      reviewId: reviewReports.reviewId,
      at:
        status === 'open'
          ? sql<string>`min(${reviewReports.createdAt})`.as('at')
          : sql<string>`max(${reviewReports.decidedAt})`.as('at'),
    })
    .from(reviewReports)
    .where(status === 'open' ? isNull(reviewReports.outcome) : sql`${reviewReports.outcome} is not null`)
    .groupBy(reviewReports.reviewId)
    .as('picked');
  return db
    .select({ ...reportedColumns, openCount: openCountColumn })
    .from(picked)
    .innerJoin(reviews, eq(reviews.id, picked.reviewId))
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(reviewee, eq(reviewee.id, reviews.revieweeId))
    .orderBy(status === 'open' ? asc(picked.at) : desc(picked.at))
    .limit(literalLimit(limit));
}

export type ReportedReviewRow = Awaited<ReturnType<typeof reportedReviewRow>> & object;

export async function reportedReviewRow(db: Executor, id: string) {
  const [row] = await db
    .select(reportedColumns)
    .from(reviews)
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(reviewee, eq(reviewee.id, reviews.revieweeId))
    .where(eq(reviews.id, id));
  return row;
}

export async function countReportedReviews(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${reviewReports.reviewId})::int` })
    .from(reviewReports)
    .where(isNull(reviewReports.outcome));
  return row?.n ?? 0;
}
