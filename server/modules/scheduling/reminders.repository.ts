import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookings } from '../../db/schema';

// The day-before reminders' reads and claims: `reminded_for` is the date a booking was last reminded
// for, so a booking moved to another date is owed a reminder again.

const claimed = {
  id: bookings.id,
  jobId: bookings.jobId,
  quoteId: bookings.quoteId,
  customerId: bookings.customerId,
  tradespersonId: bookings.tradespersonId,
  scheduledDate: bookings.scheduledDate,
};

/** Confirmed bookings on `day` whose reminder for that date has not gone out yet, up to `limit`. */
export async function bookingsDueForReminder(db: Executor, day: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        eq(bookings.scheduledDate, day),
        sql`${bookings.remindedFor} is distinct from ${bookings.scheduledDate}`,
      ),
    )
    .orderBy(bookings.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Claims a booking's reminder for its date: one statement, so of two instances running the job at
 * once exactly one gets the row back (the other waits for the first's row lock, then finds the
 * reminder already claimed). Undefined when it is claimed already, or no longer confirmed on `day`.
 */
export async function claimReminder(
  db: Executor,
  bookingId: string,
  day: string,
): Promise<Pick<typeof bookings.$inferSelect, keyof typeof claimed> | undefined> {
  const [row] = await db
    .update(bookings)
    .set({ remindedFor: sql`${bookings.scheduledDate}` })
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.status, 'confirmed'),
        eq(bookings.scheduledDate, day),
        sql`${bookings.remindedFor} is distinct from ${bookings.scheduledDate}`,
      ),
    )
    .returning(claimed);
  return row;
}
