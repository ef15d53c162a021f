import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  type Availability,
  DAY_TAKING_STATUSES,
  type TimeOffPeriod,
} from '../../../domain/scheduling/availability';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { bookings, jobPostings, profiles, timeOff, tradespersonAvailability, users } from '../../db/schema';

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
  const name = `availability_of${forUpdate ? '_for_update' : ''}`;
  const [row] = await prepared(db, name, (d) => {
    const query = d
      .select()
      .from(tradespersonAvailability)
      .where(eq(tradespersonAvailability.tradespersonId, sql.placeholder('tradespersonId')));
    return (forUpdate ? query.for('update') : query).prepare(name);
  }).execute({ tradespersonId });
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
  return prepared(db, 'time_off_between', (d) =>
    d
      .select()
      .from(timeOff)
      .where(
        and(
          eq(timeOff.tradespersonId, sql.placeholder('tradespersonId')),
          lte(timeOff.startsOn, sql.placeholder('to')),
          gte(timeOff.endsOn, sql.placeholder('from')),
        ),
      )
      .orderBy(asc(timeOff.startsOn), asc(timeOff.id))
      .prepare('time_off_between'),
  ).execute({ tradespersonId, from, to });
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
  const name = `booked_counts_between${exceptBookingId ? '_except' : ''}`;
  const rows = await prepared(db, name, (d) =>
    d
      .select({ day: bookings.scheduledDate, n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        and(
          eq(bookings.tradespersonId, sql.placeholder('tradespersonId')),
          gte(bookings.scheduledDate, sql.placeholder('from')),
          lte(bookings.scheduledDate, sql.placeholder('to')),
          inArray(bookings.status, [...DAY_TAKING_STATUSES]),
          exceptBookingId ? ne(bookings.id, sql.placeholder('exceptBookingId')) : undefined,
        ),
      )
      .groupBy(bookings.scheduledDate)
      .prepare(name),
  ).execute({ tradespersonId, from, to, exceptBookingId });
  return new Map(rows.map((r) => [r.day!, r.n]));
}

/** The account type of a user ('tradesperson', 'customer'), or undefined when there is no such user. */
export async function findUserType(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await prepared(db, 'user_type_of', (d) =>
    d
      .select({ userType: profiles.userType })
      .from(profiles)
      .where(eq(profiles.id, sql.placeholder('userId')))
      .prepare('user_type_of'),
  ).execute({ userId });
  return row?.userType;
}

/**
 * One writer of a tradesperson's time off at a time (their availability row may not exist yet, their
 * account row always does), so two overlapping periods sent at once cannot both land. NO KEY UPDATE:
 * rows that merely reference the account are not held up.
 */
export async function lockTimeOffOf(tx: Executor, tradespersonId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, tradespersonId)).for('no key update');
}

/** Their time off that has not ended by `today`, earliest first. */
export async function upcomingTimeOff(
  db: Executor,
  tradespersonId: string,
  today: string,
): Promise<TimeOffRow[]> {
  return db
    .select()
    .from(timeOff)
    .where(and(eq(timeOff.tradespersonId, tradespersonId), gte(timeOff.endsOn, today)))
    .orderBy(asc(timeOff.startsOn), asc(timeOff.id));
}

/** A period of time off as the availability page shows it. */
export type TimeOffItem = Pick<TimeOffRow, 'id' | 'startsOn' | 'endsOn' | 'note'>;

/** Their time off not ended by the statement's `today`, earliest first, as upcomingTimeOff reads it. */
const upcomingTimeOffJson = sql<TimeOffItem[]>`(select coalesce(json_agg(json_build_object(
    'id', o.id, 'startsOn', o.starts_on, 'endsOn', o.ends_on, 'note', o.note) order by o.starts_on, o.id), '[]')
  from ${timeOff} o
  where o.tradesperson_id = ${sql.placeholder('tradespersonId')}::uuid and o.ends_on >= ${sql.placeholder('today')}::date)`;

/**
 * The availability page in one statement, built once (prepared()): their pattern (undefined when they
 * never set one) and their time off that has not ended by `today`, earliest first. It was two
 * statements one after the other, each written afresh on every request. The periods come as JSON:
 * every field is text there as in a row (`date` is ISO 'YYYY-MM-DD' in both).
 */
export async function availabilityPage(
  db: Executor,
  tradespersonId: string,
  today: string,
): Promise<{
  availability: Pick<AvailabilityRow, 'weeklyPattern' | 'leadTimeDays' | 'jobsPerDay'> | undefined;
  timeOff: TimeOffItem[];
}> {
  const a = tradespersonAvailability;
  const [row] = await prepared(db, 'availability_page', (d) =>
    d
      .select({
        weeklyPattern: a.weeklyPattern,
        leadTimeDays: a.leadTimeDays,
        jobsPerDay: a.jobsPerDay,
        timeOff: upcomingTimeOffJson,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(a, eq(a.tradespersonId, sql.placeholder('tradespersonId')))
      .prepare('availability_page'),
  ).execute({ tradespersonId, today });
  const { weeklyPattern, leadTimeDays, jobsPerDay, timeOff: periods } = row!;
  // weekly_pattern is not null: a null one is a tradesperson without a row.
  const availability =
    weeklyPattern === null
      ? undefined
      : { weeklyPattern, leadTimeDays: leadTimeDays!, jobsPerDay: jobsPerDay! };
  return { availability, timeOff: periods };
}

export async function insertTimeOff(
  db: Executor,
  row: { tradespersonId: string; startsOn: string; endsOn: string; note: string | null },
): Promise<TimeOffRow> {
  const [inserted] = await db.insert(timeOff).values(row).returning();
  return inserted!;
}

/** Deletes one of their periods; false when they have none with that id. */
export async function deleteTimeOff(db: Executor, tradespersonId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(timeOff)
    .where(and(eq(timeOff.id, id), eq(timeOff.tradespersonId, tradespersonId)))
    .returning({ id: timeOff.id });
  return deleted.length > 0;
}

/** Their day-taking bookings dated within [from, to], earliest first, with the job's title. */
export async function bookingsBetween(db: Executor, tradespersonId: string, from: string, to: string) {
  return db
    .select({
      id: bookings.id,
      scheduledDate: bookings.scheduledDate,
      status: bookings.status,
      jobTitle: jobPostings.title,
    })
    .from(bookings)
    .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
    .where(
      and(
        eq(bookings.tradespersonId, tradespersonId),
        gte(bookings.scheduledDate, from),
        lte(bookings.scheduledDate, to),
        inArray(bookings.status, [...DAY_TAKING_STATUSES]),
      ),
    )
    .orderBy(asc(bookings.scheduledDate), asc(bookings.createdAt));
}
