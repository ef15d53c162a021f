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

/** A user's bookings (as either party), newest first, each with its job: one statement. */
export async function bookingsOfUser(
  db: Executor,
  userId: string,
  statuses?: BookingStatus[],
  limit?: number,
) {
  const query = db
    .select({ booking: bookings, job: jobPostings })
    .from(bookings)
    .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
    .where(
      and(
        or(eq(bookings.customerId, userId), eq(bookings.tradespersonId, userId)),
        statuses ? inArray(bookings.status, statuses) : undefined,
      ),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  const rows = await (limit ? query.limit(limit) : query);
  return {
    bookings: rows.map((r) => r.booking),
    jobs: new Map(rows.map((r) => [r.job.id, r.job])),
  };
}

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
