import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { tableRows } from '../../db/rows';
import { bookingReschedules, bookings, jobPostings } from '../../db/schema';

export type RescheduleRow = typeof bookingReschedules.$inferSelect;
export type BookingDateRow = Pick<
  typeof bookings.$inferSelect,
  'id' | 'jobId' | 'quoteId' | 'customerId' | 'tradespersonId' | 'status' | 'scheduledDate'
>;

export const {
  insert: insertReschedule,
  find: findReschedule,
  update: updateReschedule,
} = tableRows(bookingReschedules);

const bookingColumns = {
  id: bookings.id,
  jobId: bookings.jobId,
  quoteId: bookings.quoteId,
  customerId: bookings.customerId,
  tradespersonId: bookings.tradespersonId,
  status: bookings.status,
  scheduledDate: bookings.scheduledDate,
};

/** A booking's parties, status and date; `forUpdate` locks it. */
export async function findBookingDate(
  db: Executor,
  id: string,
  { forUpdate = false } = {},
): Promise<BookingDateRow | undefined> {
  // Built once (prepared()): the booking's dates page reads it on every visit.
  const name = forUpdate ? 'booking_date_for_update' : 'booking_date';
  const [row] = await prepared(db, name, (d) => {
    const query = d
      .select(bookingColumns)
      .from(bookings)
      .where(eq(bookings.id, sql.placeholder('id')));
    return (forUpdate ? query.for('update') : query).prepare(name);
  }).execute({ id });
  return row;
}

/** Locks the booking's job: every decision about a booking takes its job's lock first (actOnBooking). */
export async function lockJob(db: Executor, jobId: string): Promise<void> {
  await db.select({ id: jobPostings.id }).from(jobPostings).where(eq(jobPostings.id, jobId)).for('update');
}

/** The booking's proposal waiting for an answer, if any (at most one: booking_reschedules_one_pending). */
export async function pendingReschedule(db: Executor, bookingId: string): Promise<RescheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingReschedules)
    .where(and(eq(bookingReschedules.bookingId, bookingId), eq(bookingReschedules.status, 'pending')));
  return row;
}

/** Every proposal of the booking, newest first: its history of dates. */
export async function reschedulesOfBooking(db: Executor, bookingId: string): Promise<RescheduleRow[]> {
  return prepared(db, 'reschedules_of_booking', (d) =>
    d
      .select()
      .from(bookingReschedules)
      .where(eq(bookingReschedules.bookingId, sql.placeholder('bookingId')))
      .orderBy(desc(bookingReschedules.createdAt), desc(bookingReschedules.id))
      .prepare('reschedules_of_booking'),
  ).execute({ bookingId });
}

/**
 * Moves the booking to its new date. The day-before reminder is owed again (`reminded_for` cleared),
 * so it follows the booking to the new date even if an earlier move had reminded for that day.
 */
export async function moveBooking(db: Executor, bookingId: string, date: string, now: Date): Promise<void> {
  await db
    .update(bookings)
    .set({ scheduledDate: date, remindedFor: null, updatedAt: now })
    .where(eq(bookings.id, bookingId));
}
