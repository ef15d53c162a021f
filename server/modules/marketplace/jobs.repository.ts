import { and, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { JobStatus } from '../../../domain/catalog/statuses';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import { bookings, jobPostings, profiles, quotes, tradespersonProfiles, users } from '../../db/schema';
import { photosJsonOfJob } from '../photos';
import { isTopRated, ratingColumns } from '../profiles';
import { type BookingCard, bookingCardJson } from './bookings.repository';
import { type PersonJson, personJson } from './people';
import { type QuoteJson, quoteJson } from './quotes.repository';

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
  if (forUpdate) {
    const [row] = await db.select().from(jobPostings).where(eq(jobPostings.id, id)).for('update');
    return row;
  }
  // Job detail reads this on every request: prepared, like the other per-request lookups.
  const [row] = await prepared(db, 'find_job', (d) =>
    d
      .select()
      .from(jobPostings)
      .where(eq(jobPostings.id, sql.placeholder('id')))
      .prepare('find_job'),
  ).execute({ id });
  return row;
}

// Aliased: the JSON built inside these statements names the outer rows (j, b, q) in its own SQL, and
// Drizzle leaves column names bare in a single-table query, where a subquery would take them as its own.
const j = alias(jobPostings, 'j');

/** The job `j`'s live booking as its card, or null. */
const liveBookingCard = sql<BookingCard | null>`(select ${bookingCardJson} from ${bookings} b
  where b.job_id = j.id and b.status <> 'cancelled')`;

/**
 * Everything a job's page may show, in one statement: the job, its live booking, all its quotes
 * (newest first) with their tradespeople, its customer, its photos, and the viewer's trade and base. What this
 * viewer may see of it is decided afterwards (jobs.service.ts), and nothing is returned before that.
 */
export async function jobPage(db: Executor, id: string, viewerId: string) {
  const [row] = await prepared(db, 'job_page', (d) =>
    d
      .select({
        job: j,
        booking: liveBookingCard,
        quotes: sql<
          QuoteJson[]
        >`(select coalesce(json_agg(${quoteJson} order by q.created_at desc, q.id desc), '[]')
          from ${quotes} q where q.job_id = j.id)`,
        customer: sql<PersonJson | null>`${personJson(sql`j.customer_id`)}`,
        photos: photosJsonOfJob(sql`j.id`),
        viewer: sql<{ trade: string | null; baseLat: number | null; baseLng: number | null } | null>`(
          select json_build_object('trade', t.trade, 'baseLat', t.base_lat, 'baseLng', t.base_lng)
          from ${profiles} p left join ${tradespersonProfiles} t on t.user_id = p.id
          where p.id = ${sql.placeholder('viewerId')})`,
      })
      .from(j)
      .where(eq(j.id, sql.placeholder('id')))
      .prepare('job_page'),
  ).execute({ id, viewerId });
  return row;
}

/** Replaces a job's own details (title, budget, place …); the caller holds its row lock. */
export async function updateJobDetails(
  db: Executor,
  id: string,
  values: Pick<
    typeof jobPostings.$inferInsert,
    | 'title'
    | 'category'
    | 'description'
    | 'budgetMin'
    | 'budgetMax'
    | 'postcode'
    | 'outcode'
    | 'lat'
    | 'lng'
    | 'preferredStartDate'
    | 'updatedAt'
  >,
): Promise<void> {
  await db.update(jobPostings).set(values).where(eq(jobPostings.id, id));
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

/** A job as My Jobs shows it, as `json_build_object` gives it (createdAt as ISO text). */
export type CustomerJobCardJson = Pick<
  JobRow,
  'id' | 'title' | 'category' | 'status' | 'budgetMin' | 'budgetMax' | 'postcode'
> & { createdAt: string; quoteCount: number; booking: BookingCard | null };

const customerJobCard = sql<CustomerJobCardJson>`json_build_object('id', j.id, 'title', j.title,
  'category', j.category, 'status', j.status, 'budgetMin', j.budget_min, 'budgetMax', j.budget_max,
  'postcode', j.postcode, 'createdAt', j.created_at,
  'quoteCount', (select count(*)::int from ${quotes} q where q.job_id = j.id and q.status <> 'withdrawn'),
  'booking', ${liveBookingCard})`;

/**
 * A page of a customer's jobs for My Jobs, newest first (after the keyset `after`), with their received
 * quotes (not withdrawn) and live booking: one statement built once per tab and page kind (prepared),
 * each job one JSON value. Ten columns a row,
 * each read and mapped by the driver and Drizzle, cost more CPU than one JSON value parsed at once.
 */
export async function customerJobCards(
  db: Executor,
  customerId: string,
  tab: 'all' | 'open' | 'active' | 'done',
  { after, limit }: { after: { exact: string; id: string } | null; limit: number },
): Promise<CustomerJobCardJson[]> {
  const name = `customer_job_cards_${tab}_${after ? 'after_' : ''}${limit}`;
  const rows = await prepared(db, name, (d) =>
    d
      .select({ card: customerJobCard })
      .from(j)
      .where(
        and(
          eq(j.customerId, sql.placeholder('customerId')),
          tab === 'all' ? undefined : eq(j.status, TAB_STATUS[tab]),
          after
            ? sql`(${j.createdAt}, ${j.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(j.createdAt), desc(j.id))
      .limit(literalLimit(limit))
      .prepare(name),
  ).execute(after ? { customerId, at: after.exact, id: after.id } : { customerId });
  return rows.map((r) => r.card);
}

export type OpenJobsFilter = 'all' | 'verified' | 'top-rated' | 'nearby';

export interface OpenJobsQuery {
  viewerId: string;
  filter: OpenJobsFilter;
  /** Only jobs of these categories (the post form's), or all when null. */
  categories: readonly string[] | null;
  limit: number;
  cursor: { createdAt: Date; id: string } | null;
  /**
   * For `nearby`: the tradesperson's base and radius; a bounding box narrows, the exact check follows.
   * `sparse` says few open jobs are in range: then the location index and a small sort beat walking
   * the date index, which is the better plan when matches are plentiful.
   */
  sparse?: boolean;
  near: { lat: number; lng: number; radiusMiles: number } | null;
}

const p = (name: string) => sql.placeholder(name);

const viewerQuoted = sql<boolean>`exists (select 1 from ${quotes} where ${quotes.jobId} = ${jobPostings.id} and ${quotes.tradespersonId} = ${p('viewerId')})`;

// The list's conditions, written with placeholders so that each filter's page and count queries are
// prepared statements (see server/db/prepared.ts). `forViewer: false` leaves out the two that depend
// on who is looking, for the page every tradesperson shares (see server/lib/shared-pages.ts).
function openJobsWhere(filter: OpenJobsFilter, { useLocationIndex = true, forViewer = true } = {}): SQL {
  const conditions: SQL[] = [
    sql`${jobPostings.status} = 'open'`,
    sql`(${p('categories')}::text[] is null or ${jobPostings.category} = any(${p('categories')}::text[]))`,
  ];
  if (forViewer) {
    conditions.push(
      // Full jobs leave the list, except for a tradesperson who quoted on them.
      or(sql`${jobPostings.liveQuoteCount} < 3`, viewerQuoted)!,
      sql`${jobPostings.customerId} <> ${p('viewerId')}`,
    );
  }
  if (filter === 'verified') {
    conditions.push(
      sql`exists (select 1 from ${users} where ${users.id} = ${jobPostings.customerId} and ${users.emailVerifiedAt} is not null)`,
    );
  }
  if (filter === 'top-rated') {
    conditions.push(
      sql`exists (select 1 from ${profiles} where ${profiles.id} = ${jobPostings.customerId} and ${isTopRated(profiles)})`,
    );
  }
  if (filter === 'nearby') {
    // With many jobs in range the date index is the better walk: without the box, the planner
    // estimates plenty of matches and reads the newest jobs first, stopping after a page.
    if (useLocationIndex) {
      conditions.push(
        sql`${jobPostings.lat} between ${p('latMin')} and ${p('latMax')}`,
        sql`${jobPostings.lng} between ${p('lngMin')} and ${p('lngMax')}`,
      );
    }
    conditions.push(
      // Haversine in miles (R = 3958.76), as the domain's distance module computes it.
      sql`2 * 3958.76 * asin(sqrt(power(sin(radians(${jobPostings.lat} - ${p('lat')}::float8) / 2), 2) + cos(radians(${p('lat')}::float8)) * cos(radians(${jobPostings.lat})) * power(sin(radians(${jobPostings.lng} - ${p('lng')}::float8) / 2), 2))) <= ${p('radius')}::float8`,
    );
  }
  return and(...conditions)!;
}

const me = alias(tradespersonProfiles, 'me');

// Only what a card shows: every column parsed and mapped costs CPU on each of 21 rows.
const cardColumns = {
  job: {
    id: jobPostings.id,
    customerId: jobPostings.customerId,
    title: jobPostings.title,
    category: jobPostings.category,
    // Cards show the first 240 characters.
    description: sql<string>`left(${jobPostings.description}, 241)`,
    budgetMin: jobPostings.budgetMin,
    budgetMax: jobPostings.budgetMax,
    outcode: jobPostings.outcode,
    lat: jobPostings.lat,
    lng: jobPostings.lng,
    createdAt: jobPostings.createdAt,
    liveQuoteCount: jobPostings.liveQuoteCount,
  },
  customer: {
    fullName: profiles.fullName,
    emailVerifiedAt: users.emailVerifiedAt,
    ...ratingColumns,
  },
};

const after = sql`(${jobPostings.createdAt}, ${jobPostings.id}) < (${p('cursorAt')}::timestamptz, ${p('cursorId')}::uuid)`;

function pageQuery(
  db: Executor,
  filter: OpenJobsFilter,
  withCursor: boolean,
  byLocation: boolean,
  limit: number,
  name: string,
) {
  const where = openJobsWhere(filter, { useLocationIndex: byLocation });
  // One statement per page: the jobs, their customers with ratings, whether the viewer quoted, and
  // the viewer's own base for distances. Round trips, not rows, are what this endpoint pays for.
  return db
    .select({ ...cardColumns, viewerQuoted, base: { lat: me.baseLat, lng: me.baseLng } })
    .from(jobPostings)
    .innerJoin(profiles, eq(profiles.id, jobPostings.customerId))
    .innerJoin(users, eq(users.id, jobPostings.customerId))
    .leftJoin(me, eq(me.userId, p('viewerId')))
    .where(withCursor ? and(where, after) : where)
    .orderBy(
      // Sparse Nearby: keep the planner off the date index, which would walk every open job to find
      // the few inside the box; the location index and a small sort win.
      byLocation ? sql`${jobPostings.createdAt} + interval '0 seconds' desc` : desc(jobPostings.createdAt),
      desc(jobPostings.id),
    )
    .limit(literalLimit(limit))
    .prepare(name);
}

function openJobsParams(q: OpenJobsQuery) {
  const near = q.near ?? { lat: 0, lng: 0, radiusMiles: 0 };
  const dLat = near.radiusMiles / 69.0;
  const dLng = near.radiusMiles / (69.0 * Math.max(0.2, Math.cos((near.lat * Math.PI) / 180)));
  return {
    viewerId: q.viewerId,
    categories: q.categories,
    lat: near.lat,
    lng: near.lng,
    radius: near.radiusMiles,
    latMin: near.lat - dLat,
    latMax: near.lat + dLat,
    lngMin: near.lng - dLng,
    lngMax: near.lng + dLng,
    cursorAt: q.cursor?.createdAt.toISOString() ?? null,
    cursorId: q.cursor?.id ?? null,
  };
}

/** A page of open jobs, newest first, continuing after the keyset cursor. Nearby needs a base. */
export async function openJobsPage(db: Executor, q: OpenJobsQuery) {
  if (q.filter === 'nearby' && !q.near) return [];
  const byLocation = q.filter === 'nearby' && q.sparse === true;
  const name = `open_jobs_${q.filter.replace('-', '_')}${byLocation ? '_sparse' : ''}${q.cursor ? '_after' : ''}_${q.limit}`;
  return prepared(db, name, (d) =>
    pageQuery(d, q.filter, q.cursor !== null, byLocation, q.limit, name),
  ).execute(openJobsParams(q));
}

export type SharedFilter = Exclude<OpenJobsFilter, 'nearby'>;

/**
 * The open jobs every tradesperson sees the same (no viewer conditions: full jobs and the viewer's own
 * are still in), newest first. `viewerOverlay` then says which of them this viewer quoted on.
 */
export async function sharedOpenJobsPage(
  db: Executor,
  q: {
    filter: SharedFilter;
    categories: readonly string[] | null;
    limit: number;
    cursor: OpenJobsQuery['cursor'];
  },
) {
  const name = `shared_open_jobs_${q.filter.replace('-', '_')}${q.cursor ? '_after' : ''}_${q.limit}`;
  return prepared(db, name, (d) => {
    const where = openJobsWhere(q.filter, { forViewer: false });
    return d
      .select(cardColumns)
      .from(jobPostings)
      .innerJoin(profiles, eq(profiles.id, jobPostings.customerId))
      .innerJoin(users, eq(users.id, jobPostings.customerId))
      .where(q.cursor ? and(where, after) : where)
      .orderBy(desc(jobPostings.createdAt), desc(jobPostings.id))
      .limit(literalLimit(q.limit))
      .prepare(name);
  }).execute({
    categories: q.categories,
    cursorAt: q.cursor?.createdAt.toISOString() ?? null,
    cursorId: q.cursor?.id ?? null,
  });
}

/** Which of these jobs the viewer has quoted on, and the viewer's base for distances: one round trip. */
export async function viewerOverlay(db: Executor, viewerId: string, jobIds: string[]) {
  const [row] = await prepared(db, 'open_jobs_viewer_overlay', (d) =>
    d
      .select({
        quoted: sql<
          string[]
        >`coalesce((select array_agg(${quotes.jobId}) from ${quotes} where ${quotes.tradespersonId} = ${p('viewerId')} and ${quotes.jobId} = any(${p('jobIds')}::uuid[])), '{}')`,
        lat: me.baseLat,
        lng: me.baseLng,
        radiusMiles: me.serviceRadiusMiles,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(me, eq(me.userId, p('viewerId')))
      .prepare('open_jobs_viewer_overlay'),
  ).execute({ viewerId, jobIds });
  return {
    quoted: new Set(row?.quoted ?? []),
    base:
      row?.lat != null && row.lng != null
        ? { lat: row.lat, lng: row.lng, radiusMiles: row.radiusMiles ?? null }
        : null,
  };
}

export async function countOpenJobs(db: Executor, q: OpenJobsQuery): Promise<number> {
  if (q.filter === 'nearby' && !q.near) return 0;
  const name = `count_open_jobs_${q.filter.replace('-', '_')}`;
  const [row] = await prepared(db, name, (d) =>
    d
      .select({ n: sql<number>`count(*)::int` })
      .from(jobPostings)
      .where(openJobsWhere(q.filter))
      .prepare(name),
  ).execute(openJobsParams(q));
  return row?.n ?? 0;
}

/** Where a tradesperson works from, for distances and the Nearby filter. */
export async function tradespersonBase(db: Executor, userId: string) {
  const [row] = await prepared(db, 'tradesperson_base', (d) =>
    d
      .select({
        lat: tradespersonProfiles.baseLat,
        lng: tradespersonProfiles.baseLng,
        radiusMiles: tradespersonProfiles.serviceRadiusMiles,
      })
      .from(tradespersonProfiles)
      .where(eq(tradespersonProfiles.userId, sql.placeholder('userId')))
      .prepare('tradesperson_base'),
  ).execute({ userId });
  return row && row.lat !== null && row.lng !== null
    ? { lat: row.lat, lng: row.lng, radiusMiles: row.radiusMiles }
    : null;
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

/** The newest job of this customer that this tradesperson quoted on. */
export async function latestJobQuotedBy(db: Executor, customerId: string, tradespersonId: string) {
  const [row] = await db
    .select({ id: jobPostings.id })
    .from(jobPostings)
    .innerJoin(quotes, eq(quotes.jobId, jobPostings.id))
    .where(and(eq(jobPostings.customerId, customerId), eq(quotes.tradespersonId, tradespersonId)))
    .orderBy(desc(quotes.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** The newest job of this customer that this tradesperson can see: open, quoted on or booked for. */
export async function latestJobVisibleTo(db: Executor, customerId: string, tradespersonId: string) {
  const [row] = await db
    .select({ id: jobPostings.id })
    .from(jobPostings)
    .where(
      and(
        eq(jobPostings.customerId, customerId),
        or(
          eq(jobPostings.status, 'open'),
          sql`exists (select 1 from ${quotes} q where q.job_id = ${jobPostings.id} and q.tradesperson_id = ${tradespersonId})`,
          sql`exists (select 1 from ${bookings} b where b.job_id = ${jobPostings.id} and b.tradesperson_id = ${tradespersonId} and b.status <> 'cancelled')`,
        ),
      ),
    )
    .orderBy(desc(jobPostings.createdAt))
    .limit(1);
  return row?.id ?? null;
}
