import { eq, type SQL, sql } from 'drizzle-orm';
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

// Everything one calendar shows, as columns of the person's row `p`: a range of a month or two on the
// page, fifteen months in the feed, in one statement either way (bookings_tradesperson_day_idx and
// time_off_tradesperson_idx find the rows; milestones come through the tradesperson's bookings).
const calendarColumns = {
  tradespersonId: sql<string>`p.id`,
  userType: sql<string>`p.user_type`,
  bookings: sql<CalendarBookingRow[]>`(select coalesce(json_agg(json_build_object(
      'id', b.id, 'jobId', b.job_id, 'date', b.scheduled_date, 'status', b.status, 'amount', b.amount,
      'jobTitle', j.title, 'category', j.category, 'postcode', j.postcode, 'outcode', j.outcode,
      'customerName', c.full_name) order by b.scheduled_date, b.id), '[]')
    from ${bookings} b join ${jobPostings} j on j.id = b.job_id left join ${profiles} c on c.id = b.customer_id
    where b.tradesperson_id = p.id and b.scheduled_date between ${from} and ${to} and b.status <> 'cancelled')`,
  milestones: sql<CalendarMilestoneRow[]>`(select coalesce(json_agg(json_build_object(
      'id', m.id, 'bookingId', m.booking_id, 'jobId', b.job_id, 'dueDate', m.due_date, 'title', m.title,
      'amount', m.amount, 'status', m.status) order by m.due_date, m.milestone_index, m.id), '[]')
    from ${bookings} b join ${paymentMilestones} m on m.booking_id = b.id
    where b.tradesperson_id = p.id and b.status <> 'cancelled' and m.due_date between ${from} and ${to})`,
  timeOff: sql<CalendarTimeOff[]>`(select coalesce(json_agg(json_build_object(
      'id', t.id, 'startsOn', t.starts_on, 'endsOn', t.ends_on, 'note', t.note) order by t.starts_on, t.id), '[]')
    from ${timeOff} t where t.tradesperson_id = p.id and t.starts_on <= ${to} and t.ends_on >= ${from})`,
  weeklyPattern: sql<WorkingDay[] | null>`(select a.weekly_pattern from ${tradespersonAvailability} a
    where a.tradesperson_id = p.id)`,
};

function calendarStatement(db: Executor, name: string, person: SQL) {
  return prepared(db, name, (d) =>
    d.select(calendarColumns).from(sql`${profiles} p`).where(sql`p.id = ${person}`).prepare(name),
  );
}

/** A user's calendar over [from, to]; undefined when there is no such user. */
export async function calendarOf(
  db: Executor,
  userId: string,
  range: { from: string; to: string },
): Promise<CalendarRows | undefined> {
  const [row] = await calendarStatement(db, 'calendar_of', sql`${sql.placeholder('userId')}`).execute({
    userId,
    ...range,
  });
  return row;
}

/**
 * The calendar of the feed whose token hashes to `tokenHash`, over [from, to]; undefined for an
 * unknown or revoked token. The token is found by its hash through the unique index, so the lookup
 * takes the same time whatever a guess has in common with a real token.
 */
export async function calendarOfFeed(
  db: Executor,
  tokenHash: string,
  range: { from: string; to: string },
): Promise<CalendarRows | undefined> {
  const person = sql`(select f.tradesperson_id from ${calendarFeeds} f where f.token_hash = ${sql.placeholder('tokenHash')})`;
  const [row] = await calendarStatement(db, 'calendar_of_feed', person).execute({ tokenHash, ...range });
  return row;
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
