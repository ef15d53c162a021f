import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { BookingStatus } from '../../../domain/catalog/statuses';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  bookings,
  jobPostings,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  profiles,
  quotes,
} from '../../db/schema';
import { toRating } from '../ratings';

export type BookingRow = typeof bookings.$inferSelect;

export async function insertBooking(db: Executor, values: typeof bookings.$inferInsert): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  return row!;
}

export async function findBooking(db: Executor, id: string, { forUpdate = false } = {}) {
  const query = db.select().from(bookings).where(eq(bookings.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function liveBookingOfJob(db: Executor, jobId: string) {
  const [row] = await prepared(db, 'live_booking_of_job', (d) =>
    d
      .select()
      .from(bookings)
      .where(and(eq(bookings.jobId, sql.placeholder('jobId')), ne(bookings.status, 'cancelled')))
      .prepare('live_booking_of_job'),
  ).execute({ jobId });
  return row;
}

/**
 * A resolved dispute hands the booking back to where the work had got to, keeping the times it was
 * confirmed and completed (setBookingStatus would stamp them anew).
 */
export async function returnFromDispute(db: Executor, id: string, status: BookingStatus, now: Date) {
  await db.update(bookings).set({ status, updatedAt: now }).where(eq(bookings.id, id));
}

export async function setBookingStatus(db: Executor, id: string, status: BookingStatus, now = new Date()) {
  const [row] = await db
    .update(bookings)
    .set({
      status,
      updatedAt: now,
      ...(status === 'confirmed' ? { confirmedAt: now } : {}),
      ...(status === 'completed' ? { completedAt: now } : {}),
      ...(status === 'cancelled' ? { cancelledAt: now } : {}),
    })
    .where(eq(bookings.id, id))
    .returning();
  return row!;
}

export async function bookingsOfUser(
  db: Executor,
  userId: string,
  statuses?: BookingStatus[],
  limit?: number,
) {
  const query = db
    .select()
    .from(bookings)
    .where(
      and(
        or(eq(bookings.customerId, userId), eq(bookings.tradespersonId, userId)),
        statuses ? inArray(bookings.status, statuses) : undefined,
      ),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return limit ? query.limit(limit) : query;
}

export async function jobsOfBookings(db: Executor, rows: BookingRow[]) {
  const ids = [...new Set(rows.map((b) => b.jobId))];
  if (ids.length === 0) return new Map<string, typeof jobPostings.$inferSelect>();
  const jobs = await db.select().from(jobPostings).where(inArray(jobPostings.id, ids));
  return new Map(jobs.map((j) => [j.id, j]));
}

/**
 * Active bookings, and Total Earnings: money released to the tradesperson from escrow, after the fee
 * (the ledger's release postings to its payable account). Completed but unpaid, or paid but still held,
 * work is not earnings yet.
 */
/**
 * A tradesperson's dashboard figures in one statement: active bookings, quotes waiting for an answer,
 * money released to them (the ledger's release postings to their payable account) and their rating's
 * totals. Four round trips were a third of the dashboard's queries (bench/README.md).
 */
export async function tradespersonDashboardStats(db: Executor, tradespersonId: string) {
  const result = await db.execute(sql`
    select
      (select count(*)::int from ${bookings} b
        where b.tradesperson_id = p.id and b.status in ('pending', 'confirmed')) as active,
      (select count(*)::int from ${quotes} q where q.tradesperson_id = p.id and q.status = 'pending') as pending_quotes,
      (select coalesce(sum(e.amount_pence), 0)::bigint from ${ledgerEntries} e
        join ${ledgerAccounts} a on a.id = e.account_id
        join ${ledgerTransactions} t on t.id = e.transaction_id
        where a.code = 'tradesperson_payable:' || p.id::text and t.kind = 'release') as earnings_pence,
      p.rating_total, p.review_count
    from ${profiles} p where p.id = ${tradespersonId}`);
  const [row] = (result as { rows: Record<string, number | string>[] }).rows;
  return {
    active: Number(row?.active ?? 0),
    pendingQuotes: Number(row?.pending_quotes ?? 0),
    earningsPence: Number(row?.earnings_pence ?? 0),
    ...toRating({ ratingTotal: Number(row?.rating_total ?? 0), reviewCount: Number(row?.review_count ?? 0) }),
  };
}
