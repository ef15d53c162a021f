import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { BookingStatus } from '../../../domain/catalog/statuses';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { bookings, jobPostings, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';

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
export async function tradespersonBookingStats(db: Executor, tradespersonId: string) {
  const [[row], [earned]] = await Promise.all([
    db
      .select({
        active: sql<number>`count(*) filter (where ${bookings.status} in ('pending', 'confirmed'))::int`,
      })
      .from(bookings)
      .where(eq(bookings.tradespersonId, tradespersonId)),
    db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountPence}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        and(
          eq(ledgerAccounts.code, `tradesperson_payable:${tradespersonId}`),
          eq(ledgerTransactions.kind, 'release'),
        ),
      ),
  ]);
  return { active: row?.active ?? 0, earningsPence: Number(earned?.total ?? 0) };
}
