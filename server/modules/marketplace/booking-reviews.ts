import { inArray, sql } from 'drizzle-orm';
import type { BookingReviews } from '../../../domain/reviews/api';
import { reviewWindowClosesAt } from '../../../domain/reviews/reveal';
import type { Executor } from '../../db/client';
import { bookings, payments, reviews } from '../../db/schema';

const NONE: BookingReviews = {
  closesAt: null,
  customerReviewed: false,
  tradespersonReviewed: false,
  published: false,
};

/**
 * Where each booking's reviews stand (fair reveal): who has reviewed and until when. Read here rather
 * than through the reviews module, which builds on marketplace; it never says what a review says.
 */
export async function reviewSummaries(
  db: Executor,
  list: { id: string; status: string; depositPaid: boolean; completedAt: Date | null }[],
): Promise<Map<string, BookingReviews>> {
  const result = new Map<string, BookingReviews>();
  const reviewable = list.filter((b) => b.status === 'completed' && b.depositPaid);
  if (reviewable.length === 0) return result;
  // Qualified by hand: Drizzle leaves column names bare in a single-table query, and a bare "id"
  // inside the subqueries would be the review's.
  const b = {
    id: sql.raw('bookings.id'),
    customerId: sql.raw('bookings.customer_id'),
    tradespersonId: sql.raw('bookings.tradesperson_id'),
  };
  const rows = await db
    .select({
      bookingId: bookings.id,
      paidAt: sql<
        string | null
      >`(select min(p.paid_at) from ${payments} p where p.booking_id = ${b.id} and p.paid_at is not null)`,
      customerReviewed: sql<boolean>`exists (select 1 from ${reviews} r where r.booking_id = ${b.id} and r.reviewer_id = ${b.customerId})`,
      tradespersonReviewed: sql<boolean>`exists (select 1 from ${reviews} r where r.booking_id = ${b.id} and r.reviewer_id = ${b.tradespersonId})`,
      published: sql<boolean>`exists (select 1 from ${reviews} r where r.booking_id = ${b.id} and r.published_at is not null)`,
    })
    .from(bookings)
    .where(
      inArray(
        bookings.id,
        reviewable.map((b) => b.id),
      ),
    );
  const byId = new Map(reviewable.map((b) => [b.id, b]));
  for (const row of rows) {
    const booking = byId.get(row.bookingId)!;
    // Demo bookings paid before payments were recorded count from completion.
    const paidAt = row.paidAt ? new Date(row.paidAt) : booking.completedAt;
    result.set(row.bookingId, {
      closesAt: paidAt ? reviewWindowClosesAt(paidAt).toISOString() : null,
      customerReviewed: row.customerReviewed,
      tradespersonReviewed: row.tradespersonReviewed,
      published: row.published,
    });
  }
  return result;
}

export const reviewsOf = (summaries: Map<string, BookingReviews>, bookingId: string) =>
  summaries.get(bookingId) ?? NONE;
