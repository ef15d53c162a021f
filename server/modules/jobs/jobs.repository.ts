import { and, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { JobStatus } from '../../../domain/catalog/statuses';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { bookings, jobPostings, quotes, reviews, users } from '../../db/schema';

export type JobRow = typeof jobPostings.$inferSelect;

export async function insertJob(db: Executor, values: typeof jobPostings.$inferInsert): Promise<JobRow> {
  const [row] = await db.insert(jobPostings).values(values).returning();
  return row!;
}

/** One job; `forUpdate` locks its row so quote and acceptance decisions on it happen one at a time. */
export async function findJob(
  db: Executor,
  id: string,
  { forUpdate = false } = {},
): Promise<JobRow | undefined> {
  const query = db.select().from(jobPostings).where(eq(jobPostings.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function setJobStatus(db: Executor, id: string, status: JobStatus, now = new Date()) {
  await db
    .update(jobPostings)
    .set({ status, updatedAt: now, ...(status === 'cancelled' ? { cancelledAt: now } : {}) })
    .where(eq(jobPostings.id, id));
}

export async function addLiveQuotes(db: Executor, jobId: string, delta: number) {
  await db
    .update(jobPostings)
    .set({ liveQuoteCount: sql`${jobPostings.liveQuoteCount} + ${delta}` })
    .where(eq(jobPostings.id, jobId));
}

const TAB_STATUS: Record<'open' | 'active' | 'done', JobStatus> = {
  open: 'open',
  active: 'in_progress',
  done: 'completed',
};

export async function customerJobs(
  db: Executor,
  customerId: string,
  tab: 'all' | 'open' | 'active' | 'done',
) {
  return db
    .select()
    .from(jobPostings)
    .where(
      tab === 'all'
        ? eq(jobPostings.customerId, customerId)
        : and(eq(jobPostings.customerId, customerId), eq(jobPostings.status, TAB_STATUS[tab])),
    )
    .orderBy(desc(jobPostings.createdAt), desc(jobPostings.id));
}

/** Quotes received per job (withdrawn ones are not "received"). */
export async function receivedQuoteCounts(db: Executor, jobIds: string[]): Promise<Map<string, number>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .select({ jobId: quotes.jobId, n: sql<number>`count(*)::int` })
    .from(quotes)
    .where(and(inArray(quotes.jobId, jobIds), ne(quotes.status, 'withdrawn')))
    .groupBy(quotes.jobId);
  return new Map(rows.map((r) => [r.jobId, r.n]));
}

export async function liveBookingsOfJobs(db: Executor, jobIds: string[]) {
  if (jobIds.length === 0) return [];
  return db
    .select()
    .from(bookings)
    .where(and(inArray(bookings.jobId, jobIds), ne(bookings.status, 'cancelled')));
}

export type OpenJobsFilter = 'all' | 'verified' | 'top-rated' | 'nearby';

export interface OpenJobsQuery {
  viewerId: string;
  filter: OpenJobsFilter;
  limit: number;
  cursor: { createdAt: Date; id: string } | null;
  /** For `nearby`: the tradesperson's base and radius; a bounding box narrows, the exact check follows. */
  near: { lat: number; lng: number; radiusMiles: number } | null;
}

function openJobsWhere(q: OpenJobsQuery): SQL {
  const conditions: SQL[] = [
    sql`${jobPostings.status} = 'open'`,
    // Full jobs leave the list, except for a tradesperson who quoted on them.
    or(
      sql`${jobPostings.liveQuoteCount} < 3`,
      sql`exists (select 1 from ${quotes} where ${quotes.jobId} = ${jobPostings.id} and ${quotes.tradespersonId} = ${q.viewerId})`,
    )!,
    sql`${jobPostings.customerId} <> ${q.viewerId}`,
  ];
  if (q.filter === 'verified') {
    conditions.push(
      sql`exists (select 1 from ${users} where ${users.id} = ${jobPostings.customerId} and ${users.emailVerifiedAt} is not null)`,
    );
  }
  if (q.filter === 'top-rated') {
    conditions.push(
      sql`(select avg(${reviews.rating}) from ${reviews} where ${reviews.revieweeId} = ${jobPostings.customerId}) >= 4.5`,
    );
  }
  if (q.filter === 'nearby') {
    if (!q.near) return sql`false`;
    const { lat, lng, radiusMiles } = q.near;
    const dLat = radiusMiles / 69.0;
    const dLng = radiusMiles / (69.0 * Math.max(0.2, Math.cos((lat * Math.PI) / 180)));
    conditions.push(
      sql`${jobPostings.lat} between ${lat - dLat} and ${lat + dLat}`,
      sql`${jobPostings.lng} between ${lng - dLng} and ${lng + dLng}`,
      // Haversine in miles (R = 3958.76), as the domain's distance module computes it.
      sql`2 * 3958.76 * asin(sqrt(power(sin(radians(${jobPostings.lat} - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${jobPostings.lat})) * power(sin(radians(${jobPostings.lng} - ${lng}) / 2), 2))) <= ${radiusMiles}`,
    );
  }
  return and(...conditions)!;
}

/** A page of open jobs, newest first, continuing after the keyset cursor. */
export async function openJobsPage(db: Executor, q: OpenJobsQuery) {
  const where = openJobsWhere(q);
  const after = q.cursor
    ? sql`(${jobPostings.createdAt}, ${jobPostings.id}) < (${q.cursor.createdAt.toISOString()}::timestamptz, ${q.cursor.id}::uuid)`
    : undefined;
  return db
    .select()
    .from(jobPostings)
    .where(after ? and(where, after) : where)
    .orderBy(
      // Nearby: keep the planner off the date index, which would walk every open job to find the few
      // inside the box when the tradesperson is far from them; the box index and a small sort win.
      q.filter === 'nearby'
        ? sql`${jobPostings.createdAt} + interval '0 seconds' desc`
        : desc(jobPostings.createdAt),
      desc(jobPostings.id),
    )
    .limit(q.limit);
}

export async function countOpenJobs(db: Executor, q: OpenJobsQuery): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(jobPostings).where(openJobsWhere(q));
  return row?.n ?? 0;
}

/** What ties a tradesperson to a job: its quote, and whether it is booked on it. */
export async function tradespersonLinkToJob(db: Executor, jobId: string, tradespersonId: string) {
  const [quote] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.jobId, jobId), eq(quotes.tradespersonId, tradespersonId)));
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.jobId, jobId),
        eq(bookings.tradespersonId, tradespersonId),
        ne(bookings.status, 'cancelled'),
      ),
    );
  return { quote, booked: booking !== undefined };
}
