import { eq, sql } from 'drizzle-orm';
import { jobStatus } from '../../../domain/catalog/statuses';
import { jobStep } from '../../../domain/marketplace/transitions';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { bookings, jobPostings, users } from '../../db/schema';
import { type BookingRow, findBooking } from './bookings.repository';
import { findJob, type JobRow, setJobStatus } from './jobs.repository';

// What the payments module needs of a booking: read it with its job (locked in the marketplace's
// order, job first), and record that it was paid. Paying is the step that completes the job
// (DOMAIN-RULES 3: completed once its booking is completed and paid).

export interface BookingForPayment {
  booking: BookingRow;
  job: JobRow;
  customerEmail: string | null;
}

export async function bookingForPayment(
  tx: Executor,
  bookingId: string,
  { forUpdate = false } = {},
): Promise<BookingForPayment | undefined> {
  if (!forUpdate) return bookingForPaymentRead(tx, bookingId);
  const peek = await findBooking(tx, bookingId);
  if (!peek) return undefined;
  // Locked in the marketplace's order: the job first, then the booking.
  const job = (await findJob(tx, peek.jobId, { forUpdate: true }))!;
  const booking = (await findBooking(tx, bookingId, { forUpdate: true }))!;
  const [customer] = await prepared(tx, 'customer_email', (d) =>
    d
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, sql.placeholder('customerId')))
      .prepare('customer_email'),
  ).execute({ customerId: booking.customerId });
  return { booking, job, customerEmail: customer?.email ?? null };
}

/**
 * The same, read without locks in one statement. A booking's changes page reads it on every visit, and
 * on PostgreSQL three round trips cost more CPU than the reads themselves (bench/README.md, issue 40).
 */
async function bookingForPaymentRead(
  db: Executor,
  bookingId: string,
): Promise<BookingForPayment | undefined> {
  const [row] = await prepared(db, 'booking_for_payment', (d) =>
    d
      .select({ booking: bookings, job: jobPostings, customerEmail: users.email })
      .from(bookings)
      .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
      .leftJoin(users, eq(users.id, bookings.customerId))
      .where(eq(bookings.id, sql.placeholder('id')))
      .prepare('booking_for_payment'),
  ).execute({ id: bookingId });
  return row && { booking: row.booking, job: row.job, customerEmail: row.customerEmail ?? null };
}

/** The ids an event about a booking names: the booking, its job and quote, and both parties. */
export function bookingEventIds(b: BookingRow) {
  return {
    jobId: b.jobId,
    customerId: b.customerId,
    quoteId: b.quoteId,
    tradespersonId: b.tradespersonId,
    bookingId: b.id,
  };
}

/**
 * The booking is paid in full (its single payment, or its last milestone): once its work is also
 * complete, so is its job. Milestones can all be paid before the tradesperson marks the work complete;
 * completing it then completes the job (bookings.service). Call under the locks.
 */
export async function markBookingPaid(tx: Executor, found: BookingForPayment, now: Date): Promise<void> {
  await tx
    .update(bookings)
    .set({ depositPaid: true, updatedAt: now })
    .where(eq(bookings.id, found.booking.id));
  if (found.booking.status !== 'completed') return;
  const step = jobStep('complete', jobStatus(found.job.status), 'system');
  if (step.ok) await setJobStatus(tx, found.job.id, step.to, now);
}

/**
 * The booking's agreed amount after an accepted change to its work (changes). Call under the booking's
 * lock; with a milestone plan, its milestones must add up to the new amount when the transaction
 * commits (a deferred check).
 */
export async function setBookingAmount(tx: Executor, bookingId: string, amount: number, now: Date) {
  await tx.update(bookings).set({ amount, updatedAt: now }).where(eq(bookings.id, bookingId));
}
