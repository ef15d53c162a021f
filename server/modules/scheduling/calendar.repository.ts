import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MilestoneStatus } from '../../../domain/catalog/statuses';
import type { WorkingDay } from '../../../domain/scheduling/availability';
import type { CalendarBookingStatus, CalendarTimeOff } from '../../../domain/scheduling/calendar';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  bookings,
  calendarFeeds,
  jobPostings,
  paymentMilestones,
  profiles,
  subscriptionVisits,
  timeOff,
  tradespersonAvailability,
} from '../../db/schema';

/** A booking as read for the calendar, before what the tradesperson may see of it is decided. */
export interface CalendarBookingRow {
  id: string;
  jobId: string;
  date: string;
  status: CalendarBookingStatus;
  amount: number;
  jobTitle: string;
  category: string;
  postcode: string;
  outcode: string;
  customerName: string | null;
  /** The plan whose visit the booking is (subscriptions), or null. */
  planId: string | null;
}

export interface CalendarMilestoneRow {
  id: string;
  bookingId: string;
  jobId: string;
  dueDate: string;
  title: string;
  amount: number;
  status: MilestoneStatus;
}

export interface CalendarRows {
  tradespersonId: string;
  userType: string;
  bookings: CalendarBookingRow[];
  milestones: CalendarMilestoneRow[];
  timeOff: CalendarTimeOff[];
  /** Null when the tradesperson never set a pattern. */
  weeklyPattern: WorkingDay[] | null;
}

const from = sql`${sql.placeholder('from')}::date`;
const to = sql`${sql.placeholder('to')}::date`;

// What one calendar shows besides its bookings, as columns of the person's row `p`: milestone due
// dates, time off and the working pattern, few rows each, read as JSON in one statement.
const aroundBookings = {
  tradespersonId: sql<string>`p.id`,
  userType: sql<string>`p.user_type`,
  // The milestones of the tradesperson's live bookings, found from the list of those bookings' ids
  // (computed once), so no plan reads the milestones once per booking: with the embedded database's
  // missing statistics (no autovacuum) a plain join did, 20 ms for a busy year.
  milestones: sql<CalendarMilestoneRow[]>`(select coalesce(json_agg(json_build_object(
      'id', m.id, 'bookingId', m.booking_id, 'jobId', b.job_id, 'dueDate', m.due_date, 'title', m.title,
      'amount', m.amount, 'status', m.status) order by m.due_date, m.milestone_index, m.id), '[]')
    from ${paymentMilestones} m join ${bookings} b on b.id = m.booking_id
    where m.booking_id = any(array(select lb.id from ${bookings} lb
        where lb.tradesperson_id = p.id and lb.status <> 'cancelled'))
      and m.due_date between ${from} and ${to})`,
  timeOff: sql<CalendarTimeOff[]>`(select coalesce(json_agg(json_build_object(
      'id', t.id, 'startsOn', t.starts_on, 'endsOn', t.ends_on, 'note', t.note) order by t.starts_on, t.id), '[]')
    from ${timeOff} t where t.tradesperson_id = p.id and t.starts_on <= ${to} and t.ends_on >= ${from})`,
  weeklyPattern: sql<WorkingDay[] | null>`(select a.weekly_pattern from ${tradespersonAvailability} a
    where a.tradesperson_id = p.id)`,
};

function aroundStatement(db: Executor, name: string, person: SQL) {
  return prepared(db, name, (d) =>
    d.select(aroundBookings).from(sql`${profiles} p`).where(sql`p.id = ${person}`).prepare(name),
  );
}

// The bookings are the bulk (three a day for a year is ~800): read as rows, which PostgreSQL sends
// several times faster than it builds the same as JSON (2 ms against 14 ms for a busy year).
const c = alias(profiles, 'c');
const bookingsBetween = (db: Executor) =>
  prepared(db, 'calendar_bookings', (d) =>
    d
      .select({
        id: bookings.id,
        jobId: bookings.jobId,
        date: sql<string>`${bookings.scheduledDate}`.mapWith(bookings.scheduledDate),
        status: sql<CalendarBookingStatus>`${bookings.status}`,
        amount: bookings.amount,
        jobTitle: jobPostings.title,
        category: jobPostings.category,
        postcode: jobPostings.postcode,
        outcode: jobPostings.outcode,
        customerName: c.fullName,
        planId: subscriptionVisits.subscriptionId,
      })
      .from(bookings)
      .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
      .leftJoin(c, eq(c.id, bookings.customerId))
      .leftJoin(subscriptionVisits, eq(subscriptionVisits.bookingId, bookings.id))
      .where(
        and(
          eq(bookings.tradespersonId, sql.placeholder('tradespersonId')),
          sql`${bookings.scheduledDate} between ${from} and ${to}`,
          ne(bookings.status, 'cancelled'),
        ),
      )
      .orderBy(asc(bookings.scheduledDate), asc(bookings.id))
      .prepare('calendar_bookings'),
  );

/** A user's calendar over [from, to]; undefined when there is no such user. */
export async function calendarOf(
  db: Executor,
  userId: string,
  range: { from: string; to: string },
): Promise<CalendarRows | undefined> {
  const [[around], rows] = await Promise.all([
    aroundStatement(db, 'calendar_of', sql`${sql.placeholder('userId')}`).execute({ userId, ...range }),
    bookingsBetween(db).execute({ tradespersonId: userId, ...range }),
  ]);
  return around && { ...around, bookings: rows };
}

export async function findFeed(
  db: Executor,
  tradespersonId: string,
): Promise<{ createdAt: Date } | undefined> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tradespersonId, tradespersonId));
  return row;
}

/** Makes the tradesperson's feed, or replaces its token: the old address stops working in this statement. */
export async function saveFeed(db: Executor, tradespersonId: string, tokenHash: string, now: Date) {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ tradespersonId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.tradespersonId, set: { tokenHash, createdAt: now } })
    .returning({ createdAt: calendarFeeds.createdAt });
  return row!;
}

export async function deleteFeed(db: Executor, tradespersonId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.tradespersonId, tradespersonId));
}

/**
 * The tradesperson whose feed token hashes to `tokenHash`, or undefined for an unknown or revoked
 * token. The token is found by its hash through the unique index, so the lookup takes the same time
 * whatever a guess has in common with a real token.
 */
export async function tradespersonOfFeed(db: Executor, tokenHash: string): Promise<string | undefined> {
  const [row] = await prepared(db, 'tradesperson_of_feed', (d) =>
    d
      .select({ tradespersonId: calendarFeeds.tradespersonId })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.tokenHash, sql.placeholder('tokenHash')))
      .prepare('tradesperson_of_feed'),
  ).execute({ tokenHash });
  return row?.tradespersonId;
}
