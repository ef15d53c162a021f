import { londonToday } from '../../../domain/marketplace/schemas';
import { addDays } from '../../../domain/scheduling/availability';
import type { SchedulingDeps } from './deps';
import { bookingsDueForReminder, claimReminder } from './reminders.repository';

const BATCH = 100;
/** Reminders go out from 08:00 UK time: the first hourly run after midnight would email people at night. */
const FIRST_HOUR = 8;
const LONDON_HOUR = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  hourCycle: 'h23',
});

/**
 * The `scheduling.remind-due` job (hourly): both sides of each confirmed booking on tomorrow's date,
 * in the UK, are reminded once, from 08:00 UK time. Only confirmed bookings: a pending one's date is the customer's
 * request the tradesperson has not agreed to, so "see you tomorrow" would promise a visit nobody
 * committed to. Each booking is claimed and its event recorded in one transaction, so two instances
 * running the job at once send one reminder, and a failure leaves the rest for the next run.
 * Returns how many bookings were reminded.
 */
export async function remindDueBookings(
  deps: Pick<SchedulingDeps, 'db' | 'clock' | 'events'>,
): Promise<number> {
  const now = deps.clock.now();
  if (Number(LONDON_HOUR.format(now)) < FIRST_HOUR) return 0;
  const tomorrow = addDays(londonToday(now), 1);
  let reminded = 0;
  for (;;) {
    const due = await bookingsDueForReminder(deps.db, tomorrow, BATCH);
    for (const bookingId of due) {
      const claimed = await deps.db.transaction(async (tx) => {
        const booking = await claimReminder(tx, bookingId, tomorrow);
        if (!booking) return false;
        await deps.events.record(tx, {
          type: 'booking.reminder',
          actorId: null,
          payload: {
            jobId: booking.jobId,
            customerId: booking.customerId,
            quoteId: booking.quoteId,
            tradespersonId: booking.tradespersonId,
            bookingId: booking.id,
            scheduledDate: tomorrow,
          },
        });
        return true;
      });
      if (claimed) reminded++;
    }
    if (reminded > 0) deps.events.committed();
    if (due.length < BATCH) return reminded;
  }
}
