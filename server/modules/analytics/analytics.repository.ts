import { eq, sql } from 'drizzle-orm';
import type { DayRange } from '../../../domain/analytics/periods';
import type { Executor } from '../../db/client';
import {
  bookings,
  jobPostings,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  profileDailyStats,
  quotes,
  reviews,
  tradespersonProfiles,
  users,
} from '../../db/schema';

/** One tradesperson's counts for one UK day, as the counters add them up. */
export interface ProfileCounts {
  tradespersonId: string;
  day: string;
  profileViews: number;
  searchAppearances: number;
}

/**
 * Adds counts to the day's row in one statement: two instances flushing at once both add, neither
 * overwrites. A tradesperson who is gone by then (deleted) is left out, so one cannot fail the rest.
 */
export async function addProfileCounts(db: Executor, counts: ProfileCounts[]): Promise<void> {
  const rows = JSON.stringify(
    counts.map((c) => ({ id: c.tradespersonId, day: c.day, v: c.profileViews, a: c.searchAppearances })),
  );
  await db.execute(sql`
    insert into ${profileDailyStats} (tradesperson_id, day, profile_views, search_appearances)
    select r.id, r.day, r.v, r.a from json_to_recordset(${rows}::json) as r(id uuid, day date, v int, a int)
    where exists (select 1 from ${users} u where u.id = r.id)
    on conflict (tradesperson_id, day) do update set
      profile_views = ${profileDailyStats}.profile_views + excluded.profile_views,
      search_appearances = ${profileDailyStats}.search_appearances + excluded.search_appearances`);
}

interface Split<T> {
  current: T;
  previous: T;
}

/** Quotes on the jobs of an area: decided and won, all of them and split by how fast they came. */
export interface AreaRow {
  medianFirstQuoteMinutes: Split<number | null>;
  quotes: { decided: number; won: number };
  fast: { decided: number; won: number };
  slow: { decided: number; won: number };
}

export interface AnalyticsRows {
  counters: { day: string; views: number; appearances: number }[];
  quotes: { day: string; sent: number; won: number; decided: number }[];
  medianResponseMinutes: Split<number | null>;
  jobsCompleted: Split<number>;
  completedWithoutReview: number;
  earnings: { day: string; pence: number }[];
  reviews: { day: string; count: number; total: number }[];
  repeatCustomers: Split<number>;
}

/** Where a tradesperson works: base, radius, and the job categories their trade serves. */
export interface Area {
  lat: number;
  lng: number;
  radiusMiles: number;
  categories: string[];
}

/** The tradesperson's base and radius for the area comparison; null without a placed base. */
export async function tradespersonBase(db: Executor, tradespersonId: string) {
  const [row] = await db
    .select({
      trade: tradespersonProfiles.trade,
      lat: tradespersonProfiles.baseLat,
      lng: tradespersonProfiles.baseLng,
      radiusMiles: tradespersonProfiles.serviceRadiusMiles,
    })
    .from(tradespersonProfiles)
    .where(eq(tradespersonProfiles.userId, tradespersonId));
  return row ?? null;
}

const ukDayOf = (column: string) =>
  sql.raw(`to_char((${column} at time zone 'Europe/London')::date, 'YYYY-MM-DD')`);
const ukStart = (date: string) => sql`(${date}::date::timestamp at time zone 'Europe/London')`;

const periodStarts = (periods: { current: DayRange; previous: DayRange }) => ({
  t0: ukStart(periods.previous.start),
  t1: ukStart(periods.current.start),
  t2: ukStart(periods.current.end),
});

/**
 * The tradesperson's own figures of a period and the one before it, in one statement: each family is
 * one subquery over the two periods together, read through an index on the tradesperson (their quotes,
 * bookings, reviews, payable account and counters). Day by day where a chart needs it (the service
 * cuts days into buckets), totals where not.
 */
export async function analyticsRows(
  db: Executor,
  tradespersonId: string,
  periods: { current: DayRange; previous: DayRange },
): Promise<AnalyticsRows> {
  const { t0, t1, t2 } = periodStarts(periods);
  const id = sql`${tradespersonId}::uuid`;
  const result = await db.execute(sql`
    with mine as (
      -- The job's posting time by its primary key, quote by quote: a join made the planner read every job.
      select q.created_at, q.status,
        extract(epoch from q.created_at - (select j.created_at from ${jobPostings} j where j.id = q.job_id)) / 60 as minutes
      from ${quotes} q
      where q.tradesperson_id = ${id} and q.created_at >= ${t0} and q.created_at < ${t2}
    ), own_bookings as (
      select b.id, b.customer_id, b.status, b.created_at, b.completed_at from ${bookings} b
      where b.tradesperson_id = ${id} and b.created_at < ${t2}
    )
    select json_build_object(
      'counters', (select coalesce(json_agg(json_build_object('day', to_char(s.day, 'YYYY-MM-DD'),
          'views', s.profile_views, 'appearances', s.search_appearances)), '[]')
        from ${profileDailyStats} s
        where s.tradesperson_id = ${id} and s.day >= ${periods.previous.start}::date and s.day < ${periods.current.end}::date),
      'quotes', (select coalesce(json_agg(d), '[]') from (select ${ukDayOf('created_at')} as day,
          count(*)::int as sent, count(*) filter (where status = 'accepted')::int as won,
          count(*) filter (where status in ('accepted', 'rejected'))::int as decided
        from mine group by 1) d),
      'medianResponseMinutes', (select json_build_object(
          'current', percentile_cont(0.5) within group (order by minutes) filter (where created_at >= ${t1}),
          'previous', percentile_cont(0.5) within group (order by minutes) filter (where created_at < ${t1}))
        from mine),
      'jobsCompleted', (select json_build_object(
          'current', count(*) filter (where completed_at >= ${t1} and completed_at < ${t2}),
          'previous', count(*) filter (where completed_at >= ${t0} and completed_at < ${t1}))
        from own_bookings where status = 'completed'),
      'completedWithoutReview', (select count(*)::int from own_bookings b
        where b.status = 'completed' and b.completed_at >= ${t1} and b.completed_at < ${t2}
          and not exists (select 1 from ${reviews} r where r.booking_id = b.id and r.reviewer_id = b.customer_id)),
      'earnings', (select coalesce(json_agg(d), '[]') from (select ${ukDayOf('t.created_at')} as day,
          sum(e.amount_pence)::bigint as pence
        from ${ledgerAccounts} a join ${ledgerEntries} e on e.account_id = a.id
          join ${ledgerTransactions} t on t.id = e.transaction_id
        where a.code = 'tradesperson_payable:' || ${tradespersonId} and t.kind = 'release'
          and t.created_at >= ${t0} and t.created_at < ${t2} group by 1) d),
      'reviews', (select coalesce(json_agg(d), '[]') from (select ${ukDayOf('published_at')} as day,
          count(*)::int as count, sum(rating)::int as total
        from ${reviews} where reviewee_id = ${id} and published_at is not null and hidden_at is null
          and published_at >= ${t0} and published_at < ${t2} group by 1) d),
      'repeatCustomers', (select json_build_object(
          'current', count(*) filter (where in_current and booked >= 2),
          'previous', count(*) filter (where in_previous and booked_before >= 2))
        from (select customer_id, count(*) as booked, count(*) filter (where created_at < ${t1}) as booked_before,
            bool_or(created_at >= ${t1}) as in_current, bool_or(created_at >= ${t0} and created_at < ${t1}) as in_previous
          from own_bookings where status <> 'cancelled' group by customer_id) c)) as data`);
  return (result as unknown as { rows: { data: AnalyticsRows }[] }).rows[0]!.data;
}

/**
 * The area's quotes: every tradesperson's quotes on jobs of the categories the trade serves, posted
 * within the service radius of the base (the Find Jobs "Nearby" rule: a box first, then the exact
 * distance), in either period. One statement over every job of the area: thousands in a busy one,
 * which is why the service keeps its answer longer than the tradesperson's own figures.
 */
export async function areaRows(
  db: Executor,
  area: Area,
  periods: { current: DayRange; previous: DayRange },
  fastMinutes: number,
): Promise<AreaRow> {
  const t = periodStarts(periods);
  const dLat = area.radiusMiles / 69.0;
  const dLng = area.radiusMiles / (69.0 * Math.max(0.2, Math.cos((area.lat * Math.PI) / 180)));
  const categories = sql.join(
    area.categories.map((c) => sql`${c}`),
    sql`, `,
  );
  const result = await db.execute(sql`select json_build_object(
      'medianFirstQuoteMinutes', json_build_object(
        'current', percentile_cont(0.5) within group (order by first_minutes) filter (where posted >= ${t.t1}),
        'previous', percentile_cont(0.5) within group (order by first_minutes) filter (where posted < ${t.t1})),
      'quotes', json_build_object('decided', coalesce(sum(decided) filter (where posted >= ${t.t1}), 0),
        'won', coalesce(sum(won) filter (where posted >= ${t.t1}), 0)),
      'fast', json_build_object('decided', coalesce(sum(fast_decided) filter (where posted >= ${t.t1}), 0),
        'won', coalesce(sum(fast_won) filter (where posted >= ${t.t1}), 0)),
      'slow', json_build_object('decided', coalesce(sum(decided - fast_decided) filter (where posted >= ${t.t1}), 0),
        'won', coalesce(sum(won - fast_won) filter (where posted >= ${t.t1}), 0))) as data
    from (select j.created_at as posted,
        extract(epoch from min(q.created_at) - j.created_at) / 60 as first_minutes,
        count(*) filter (where q.status in ('accepted', 'rejected'))::int as decided,
        count(*) filter (where q.status = 'accepted')::int as won,
        count(*) filter (where q.status in ('accepted', 'rejected') and q.created_at <= j.created_at + ${fastMinutes} * interval '1 minute')::int as fast_decided,
        count(*) filter (where q.status = 'accepted' and q.created_at <= j.created_at + ${fastMinutes} * interval '1 minute')::int as fast_won
      from ${jobPostings} j join ${quotes} q on q.job_id = j.id
      where j.created_at >= ${t.t0} and j.created_at < ${t.t2} and j.category in (${categories})
        and j.lat between ${area.lat - dLat}::float8 and ${area.lat + dLat}::float8
        and j.lng between ${area.lng - dLng}::float8 and ${area.lng + dLng}::float8
        and 2 * 3958.76 * asin(sqrt(power(sin(radians(j.lat - ${area.lat}::float8) / 2), 2)
          + cos(radians(${area.lat}::float8)) * cos(radians(j.lat)) * power(sin(radians(j.lng - ${area.lng}::float8) / 2), 2)))
          <= ${area.radiusMiles}::float8
      group by j.id, j.created_at) a`);
  return (result as unknown as { rows: { data: AreaRow }[] }).rows[0]!.data;
}
