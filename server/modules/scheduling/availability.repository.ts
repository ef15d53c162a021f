import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  type Availability,
  DAY_TAKING_STATUSES,
  type TimeOffPeriod,
} from '../../../domain/scheduling/availability';
import type { Executor } from '../../db/client';
import { bookings, profiles, timeOff, tradespersonAvailability } from '../../db/schema';

export type AvailabilityRow = typeof tradespersonAvailability.$inferSelect;
export type TimeOffRow = typeof timeOff.$inferSelect;

/**
 * The tradesperson's pattern, or undefined when they never set one. `forUpdate` locks it: every
 * booking on one of their days takes this lock first, so two bookings racing for a day's last place
 * (or a booking racing a change of the limit) are decided one after the other.
 */
export async function findAvailability(
  db: Executor,
  tradespersonId: string,
  { forUpdate = false } = {},
): Promise<AvailabilityRow | undefined> {
  const query = db
    .select()
    .from(tradespersonAvailability)
    .where(eq(tradespersonAvailability.tradespersonId, tradespersonId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function saveAvailability(db: Executor, tradespersonId: string, value: Availability, now: Date) {
  const [row] = await db
    .insert(tradespersonAvailability)
    .values({ tradespersonId, ...value, updatedAt: now })
    .onConflictDoUpdate({
      target: tradespersonAvailability.tradespersonId,
      set: { ...value, updatedAt: now },
    })
    .returning();
  return row!;
}

/** Time off that touches [from, to], earliest first. */
export async function timeOffBetween(
  db: Executor,
  tradespersonId: string,
  from: string,
  to: string,
): Promise<TimeOffRow[]> {
  return db
    .select()
    .from(timeOff)
    .where(
      and(eq(timeOff.tradespersonId, tradespersonId), lte(timeOff.startsOn, to), gte(timeOff.endsOn, from)),
    )
    .orderBy(asc(timeOff.startsOn), asc(timeOff.id));
}

export const asPeriods = (rows: readonly TimeOffRow[]): TimeOffPeriod[] =>
  rows.map(({ startsOn, endsOn }) => ({ startsOn, endsOn }));

/**
 * How many day-taking bookings the tradesperson has on each date in [from, to] (dates with none are
 * absent); `exceptBookingId` leaves out the booking being moved.
 */
export async function bookedCountsBetween(
  db: Executor,
  tradespersonId: string,
  from: string,
  to: string,
  exceptBookingId?: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: bookings.scheduledDate, n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.tradespersonId, tradespersonId),
        gte(bookings.scheduledDate, from),
        lte(bookings.scheduledDate, to),
        inArray(bookings.status, [...DAY_TAKING_STATUSES]),
        exceptBookingId ? ne(bookings.id, exceptBookingId) : undefined,
      ),
    )
    .groupBy(bookings.scheduledDate);
  return new Map(rows.map((r) => [r.day!, r.n]));
}

/** The account type of a user ('tradesperson', 'customer'), or undefined when there is no such user. */
export async function findUserType(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userType: profiles.userType })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.userType;
}
