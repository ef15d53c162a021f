import { latestBookingDate, londonToday } from '../../../domain/marketplace/schemas';
import {
  type Availability,
  DAY_REFUSALS,
  type DayRefusal,
  datesFrom,
  dayRefusal,
  OPEN_AVAILABILITY,
} from '../../../domain/scheduling/availability';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { asPeriods, bookedCountsBetween, findAvailability, timeOffBetween } from './availability.repository';

// DOMAIN-RULES 12, where bookings are made: the one check every booking date goes through (a new
// booking from /booking, a reschedule), and the days the booking calendar offers. Both read the same
// facts and apply the same pure rule (domain/scheduling/availability.ts).

const toAvailability = (row: Availability | undefined): Availability =>
  row
    ? { weeklyPattern: row.weeklyPattern, leadTimeDays: row.leadTimeDays, jobsPerDay: row.jobsPerDay }
    : OPEN_AVAILABILITY;

/** The refusal as the API answers it: a 409 the booking form shows under its calendar. */
export function dayRefused(refusal: DayRefusal, field = 'scheduledDate'): AppError {
  const message = DAY_REFUSALS[refusal];
  return new AppError(409, 'day_unavailable', message, [{ field, message }]);
}

/**
 * Throws unless `date` is a day the tradesperson takes bookings on and has a place left. Call it inside
 * the transaction that writes the booking's date, after locking the booking's job (the lock order
 * acceptance uses): it locks the tradesperson's availability row, so of two bookings racing for a
 * day's last place the second counts the first.
 */
export async function assertDayBookable(
  tx: Executor,
  clock: Clock,
  tradespersonId: string,
  date: string,
  { exceptBookingId, field }: { exceptBookingId?: string; field?: string } = {},
): Promise<void> {
  const row = await findAvailability(tx, tradespersonId, { forUpdate: true });
  const today = londonToday(clock.now());
  const [timeOff, counts] = await Promise.all([
    timeOffBetween(tx, tradespersonId, date, date),
    bookedCountsBetween(tx, tradespersonId, date, date, exceptBookingId),
  ]);
  const refusal = dayRefusal(date, {
    availability: toAvailability(row),
    timeOff: asPeriods(timeOff),
    booked: counts.get(date) ?? 0,
    today,
    latest: latestBookingDate(today),
  });
  if (refusal) throw dayRefused(refusal, field);
}

export interface DayOffer {
  date: string;
  /** Null when the day can be booked. */
  refusal: DayRefusal | null;
}

/**
 * Each day in [from, to] with whether it can be booked and, if not, why: what the booking calendar
 * greys out. Read without locks; the booking's own transaction checks again.
 */
export async function dayOffers(
  db: Executor,
  clock: Clock,
  tradespersonId: string,
  from: string,
  to: string,
  exceptBookingId?: string,
): Promise<DayOffer[]> {
  const today = londonToday(clock.now());
  const [row, timeOff, counts] = await Promise.all([
    findAvailability(db, tradespersonId),
    timeOffBetween(db, tradespersonId, from, to),
    bookedCountsBetween(db, tradespersonId, from, to, exceptBookingId),
  ]);
  const facts = {
    availability: toAvailability(row),
    timeOff: asPeriods(timeOff),
    today,
    latest: latestBookingDate(today),
  };
  return datesFrom(from, to).map((date) => ({
    date,
    refusal: dayRefusal(date, { ...facts, booked: counts.get(date) ?? 0 }),
  }));
}
