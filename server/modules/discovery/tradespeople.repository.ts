import { createHash } from 'node:crypto';
import { type AnyColumn, and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { PROFILE_LIMITS } from '../../../domain/profiles/limits';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import {
  documents,
  jobPostings,
  profiles,
  reviewReports,
  reviews,
  savedProfessionals,
  tradespersonProfiles as tp,
  userSettings,
  users,
} from '../../db/schema';
import { isTopRated, ratingColumns } from '../profiles';

export type SearchFilter = 'all' | 'verified' | 'top-rated' | 'nearby';

const p = (name: string) => sql.placeholder(name);

// Correlated subqueries name the outer table explicitly: Drizzle leaves column names bare in a
// single-table query, where `user_id` inside the subquery would mean the subquery's own column.
const outerUserId = sql`${tp}.user_id`;

// Statements run per request are prepared (server/db/prepared.ts), so their values are placeholders.
// `viewerId` is null for visitors; `saved` is then false for every card.
const saved = sql<boolean>`exists (select 1 from ${savedProfessionals} s where s.customer_id = ${p('viewerId')}::uuid and s.tradesperson_user_id = ${outerUserId})`;

/** What a card needs (docs/api/discovery.md, TradespersonCard), read in the same statement as the page. */
const cardColumns = {
  id: tp.userId,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  trade: tp.trade,
  verified: tp.verified,
  hourlyRateMin: tp.hourlyRateMin,
  hourlyRateMax: tp.hourlyRateMax,
  specialties: sql<string[]>`${tp.specialties}[1:3]`,
  firstServiceArea: sql<string | null>`${tp.serviceAreas}[1]`,
  basePostcode: tp.basePostcode,
  ...ratingColumns,
  saved,
};

// Listed in search and featured: verified (DOMAIN-RULES 10) and not hidden (account suspended or
// deleted, or 'Profile visible to all' off; a column the triggers of migration 0006 keep). Literals,
// not bound values, so that the planner matches the partial indexes' predicate.
const listed = sql`${tp.verified} and not ${tp.hidden}`;

// `service` is matched by trade (the words of tradesForService) or by a specialty containing it;
// `category` by trade only. Null parameters match everything.
const tradeConditions = sql`(${p('categoryTrades')}::text[] is null or ${tp.trade} = any(${p('categoryTrades')}::text[]))
  and (${p('servicePattern')}::text is null or ${tp.trade} = any(${p('serviceTrades')}::text[])
    or ${tp.specialtiesText} like ${p('servicePattern')}::text)`;

// The 'Verified' chip: an approved trade accreditation on top of the ID and insurance every listed
// tradesperson has.
const accredited = sql`exists (select 1 from ${documents} d where d.user_id = ${outerUserId} and d.kind = 'accreditation' and d.status = 'approved' and (d.expires_on is null or d.expires_on >= current_date))`;

// 'Top Rated' as isTopRated defines it, over the tradesperson's own profile row.
const topRated = sql`exists (select 1 from ${profiles} r where r.id = ${outerUserId} and ${isTopRated({
  ratingTotal: sql.raw('r.rating_total') as unknown as AnyColumn,
  reviewCount: sql.raw('r.review_count') as unknown as AnyColumn,
})})`;

// Haversine in miles (R = 3958.76), as domain/geo/distance.ts and the open-jobs list compute it.
const distance = sql<number>`2 * 3958.76 * asin(sqrt(power(sin(radians(${tp.baseLat} - ${p('lat')}::float8) / 2), 2) + cos(radians(${p('lat')}::float8)) * cos(radians(${tp.baseLat})) * power(sin(radians(${tp.baseLng} - ${p('lng')}::float8) / 2), 2)))`;

const filterCondition = (filter: SearchFilter) =>
  filter === 'verified' ? accredited : filter === 'top-rated' ? topRated : undefined;

// The searched point as a degenerate box: PostgreSQL's GiST box operator class indexes `box @> box`,
// not `box @> point`.
const searchedPoint = sql`box(point(${p('lng')}::float8, ${p('lat')}::float8), point(${p('lng')}::float8, ${p('lat')}::float8))`;

export interface SearchParams {
  viewerId: string | null;
  categoryTrades: readonly string[] | null;
  serviceTrades: readonly string[];
  /** `%word%` for a LIKE on the lower-cased specialties, or null without a service. */
  servicePattern: string | null;
  limit: number;
  offset: number;
}

export interface NearParams extends SearchParams {
  lat: number;
  lng: number;
  nearbyMiles: number;
}

const paramsOf = (q: SearchParams) => ({
  viewerId: q.viewerId,
  categoryTrades: q.categoryTrades,
  serviceTrades: q.serviceTrades,
  servicePattern: q.servicePattern,
  offset: q.offset,
});

/**
 * How a located search finds its candidates (the service chooses, see tradespeople.service.ts):
 * - `trades`: the trades matched by trade, each read through its own partial GiST index of service
 *   boxes (migration 0007), so a search for plumbers reads only plumbers; null reads every trade
 *   through the index of all boxes (no service word and no category).
 * - `specialties`: tradespeople of other trades with a specialty containing the service word. 'few':
 *   found through the trigram index on specialties, then kept if their box holds the point; 'many':
 *   found while walking every box that holds the point (a common word would make the trigram index
 *   return thousands of rows from all over the country).
 */
export interface NearPlan {
  trades: readonly string[] | null;
  specialties: 'none' | 'few' | 'many';
}

// A trade from the catalogue written into the statement, so that the planner can match the partial
// index whose predicate names it (a bound value cannot).
const tradeLiteral = (trade: string) => sql.raw(`'${trade.replaceAll("'", "''")}'`);

/** Every candidate (user_id, radius, distance): one branch per trade, and one for specialties. */
function candidates(plan: NearPlan, filter: SearchFilter): SQL {
  const branch = (where: SQL) =>
    sql`select ${outerUserId} as user_id, ${tp.serviceRadiusMiles} as radius, ${distance} as distance from ${tp} where ${and(listed, where, filterCondition(filter))}`;
  const inBox = sql`${tp.serviceBox} @> ${searchedPoint}`;
  const branches: SQL[] = [];
  if (plan.trades === null) branches.push(branch(inBox));
  else
    for (const trade of plan.trades)
      branches.push(branch(sql`${tp.trade} = ${tradeLiteral(trade)} and ${inBox}`));
  if (plan.specialties !== 'none') {
    const otherTrades = sql`${tp.specialtiesText} like ${p('servicePattern')}::text
      and not (${tp.trade} = any(${p('tradeSet')}::text[]))
      and (${p('categoryTrades')}::text[] is null or ${tp.trade} = any(${p('categoryTrades')}::text[]))`;
    branches.push(
      branch(
        plan.specialties === 'many'
          ? sql`${inBox} and ${otherTrades}`
          : // Moving the box by nothing keeps the planner off the box index for this branch: its
            // estimate for `@>` is a constant that always favours it, however many boxes hold the point.
            sql`${otherTrades} and (${tp.serviceBox} + point(0, 0)) @> ${searchedPoint}`,
      ),
    );
  }
  return sql.join(
    branches.map((b) => sql`(${b})`),
    sql` union all `,
  );
}

const planName = (plan: NearPlan) =>
  createHash('sha1')
    .update(`${plan.trades?.join('|') ?? '*'}/${plan.specialties}`)
    .digest('hex')
    .slice(0, 12);

const nearParams = (q: NearParams, plan: NearPlan) => ({
  viewerId: q.viewerId,
  categoryTrades: q.categoryTrades,
  servicePattern: q.servicePattern,
  tradeSet: plan.trades ?? [],
  offset: q.offset,
  lat: q.lat,
  lng: q.lng,
  nearbyMiles: q.nearbyMiles,
});

/** Whose service area holds the point (and, for Nearby, who is within its miles). */
const withinReach = (
  filter: SearchFilter,
  { distance: d, radius }: { distance: SQL | AnyColumn; radius: SQL | AnyColumn } = {
    distance: sql`m.distance`,
    radius: sql`m.radius`,
  },
) => and(sql`${d} <= ${radius}`, filter === 'nearby' ? sql`${d} <= ${p('nearbyMiles')}::float8` : undefined);

/**
 * Tradespeople whose service area covers a point, nearest first, where few do (the service counted
 * them first, see countNear): every match is read through the boxes and sorted. Each branch of
 * `candidates` is an index-only scan (the indexes INCLUDE every column it filters and sorts on); only
 * the page's rows are then joined for the cards.
 */
export async function searchNear(db: Executor, q: NearParams, filter: SearchFilter, plan: NearPlan) {
  // The page size is written into the statement (see literalLimit), so each size is its own statement.
  const name = `tp_near_${filter.replace('-', '_')}_${q.limit}_${planName(plan)}`;
  return prepared(db, name, (d) => {
    const page = sql`select m.user_id, m.distance
      from (${candidates(plan, filter)}) as m
      where ${withinReach(filter)}
      order by m.distance, m.user_id
      limit ${literalLimit(q.limit)} offset ${p('offset')}`;
    return withCards(d, page).prepare(name);
  }).execute(nearParams(q, plan));
}

// The searched point on the unit sphere, as migration 0025 keeps each base point (base_xyz).
const searchedXyz = sql`cube(array[${p('x')}::float8, ${p('y')}::float8, ${p('z')}::float8])`;
const EARTH_RADIUS_MILES = 3958.76;
/** The straight-line distance through the unit sphere between two points `miles` apart on its surface. */
const chordOf = (miles: number) => 2 * Math.sin(miles / (2 * EARTH_RADIUS_MILES));

/**
 * Tradespeople whose service area covers a point, nearest first, where many do: each trade's index of
 * base points is walked nearest first and stops once the page is full, instead of reading and sorting
 * thousands of matches (bench/README.md, "Tradesperson search").
 *
 * In two steps, so that tradespeople at the same distance (a shared base postcode) come in the same
 * order from page to page, and as searchNear gives them: the walk finds how far the last row of this
 * page is (`cut`), then every match up to that distance is read and sorted by distance and id.
 * `reach` bounds the walk: no service area is wider than the largest radius a profile may have (or the
 * Nearby filter's miles).
 */
export async function searchNearest(db: Executor, q: NearParams, filter: SearchFilter, plan: NearPlan) {
  const name = `tp_nearest_${filter.replace('-', '_')}_${q.limit}_${planName(plan)}`;
  return prepared(db, name, (d) => {
    const inReach = (radius: SQL) => sql`${tp.baseXyz} <@ cube_enlarge(${searchedXyz}, ${radius}, 3)`;
    const covers = withinReach(filter, { distance, radius: tp.serviceRadiusMiles });
    const knn = sql`${tp.baseXyz} <-> ${searchedXyz}`;
    // The walk: `order by <->` with a LIMIT is read from the GiST index nearest first. Its LIMIT is
    // bound (offset + page), and costed as a tenth of the rows; the walk is still the cheaper plan.
    // A branch not walked is kept off the index of base points (no bound on it, and an order the index
    // cannot give): as an index condition the bound alone matched ~750,000 rows at SW1A.
    const walk = (where: SQL, walked: boolean) =>
      walked
        ? sql`(select ${knn} as knn from ${tp}
        where ${and(listed, where, filterCondition(filter), inReach(sql`${p('reach')}::float8`), covers)}
        order by ${knn} limit ${p('walk')})`
        : sql`(select ${knn} as knn from ${tp} where ${and(listed, where, filterCondition(filter), covers)}
        order by (${knn}) + 0 limit ${p('walk')})`;
    const cut = sql`select knn from (${nearestBranches(plan, walk)}) as walked order by knn offset ${p('walk')} - 1 limit 1`;
    // Fewer matches in reach than the walk wanted: all of them. The page is then sorted as searchNear
    // sorts, by the great-circle distance: a hair over the cut keeps in every row that rounding could
    // put on either side of it (two bases the same distance away, one east and one west).
    const upTo = sql`coalesce((select knn from cut) * (1 + 1e-9), ${p('reach')}::float8)`;
    const upToCut = (where: SQL, walked: boolean) =>
      sql`select ${outerUserId} as user_id, ${distance} as distance from ${tp}
        where ${and(listed, where, filterCondition(filter), walked ? inReach(upTo) : undefined, sql`${knn} <= ${upTo}`, covers)}`;
    const page = sql`with cut as (${cut})
      select m.user_id, m.distance from (${nearestBranches(plan, upToCut)}) as m
      order by m.distance, m.user_id
      limit ${literalLimit(q.limit)} offset ${p('offset')}`;
    return withCards(d, page).prepare(name);
  }).execute({
    ...nearParams(q, plan),
    ...unitSphere(q.lat, q.lng),
    walk: q.offset + q.limit,
    reach: chordOf(
      filter === 'nearby'
        ? Math.min(q.nearbyMiles, PROFILE_LIMITS.radiusMilesMax)
        : PROFILE_LIMITS.radiusMilesMax,
    ),
  });
}

function unitSphere(lat: number, lng: number) {
  const [φ, λ] = [(lat * Math.PI) / 180, (lng * Math.PI) / 180];
  return { x: Math.cos(φ) * Math.cos(λ), y: Math.cos(φ) * Math.sin(λ), z: Math.sin(φ) };
}

/** One select per trade of the plan (through its index of base points), and one for specialties. */
function nearestBranches(plan: NearPlan, branch: (where: SQL, walked: boolean) => SQL): SQL {
  const branches: SQL[] = [];
  if (plan.trades === null) branches.push(branch(sql`true`, true));
  else
    for (const trade of plan.trades) branches.push(branch(sql`${tp.trade} = ${tradeLiteral(trade)}`, true));
  if (plan.specialties !== 'none')
    branches.push(
      branch(
        sql`${tp.specialtiesText} like ${p('servicePattern')}::text
        and not (${tp.trade} = any(${p('tradeSet')}::text[]))
        and (${p('categoryTrades')}::text[] is null or ${tp.trade} = any(${p('categoryTrades')}::text[]))`,
        // A word few specialties contain is found through the trigram index, and those few sorted.
        plan.specialties === 'many',
      ),
    );
  return sql.join(branches, sql` union all `);
}

/** The cards of a page of (user_id, distance), in the page's order. */
function withCards(d: Executor, page: SQL) {
  return d
    .select({ ...cardColumns, distance: sql<number>`page.distance` })
    .from(sql`(${page}) as page`)
    .innerJoin(tp, eq(tp.userId, sql`page.user_id`))
    .innerJoin(profiles, eq(profiles.id, sql`page.user_id`))
    .orderBy(sql`page.distance`, sql`page.user_id`);
}

/** How many listed tradespeople have a specialty containing the pattern, counting no further than `upTo`. */
export async function countSpecialtyMatches(db: Executor, pattern: string, upTo: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(
      sql`(select 1 from ${tp} where ${listed} and ${tp.specialtiesText} like ${pattern} limit ${upTo}) as found`,
    );
  return row?.n ?? 0;
}

/**
 * How many tradespeople cover a point, counting no further than `upTo` + 1: where ten thousand do,
 * counting them all cost more than the page (~3 µs each), and "1,000+" says as much to a visitor.
 */
export async function countNear(
  db: Executor,
  q: NearParams,
  filter: SearchFilter,
  plan: NearPlan,
  upTo: number,
): Promise<number> {
  const name = `tp_count_near_${filter.replace('-', '_')}_${upTo}_${planName(plan)}`;
  const [row] = await prepared(db, name, (d) =>
    d
      .select({ n: sql<number>`count(*)::int` })
      .from(
        sql`(select 1 from (${candidates(plan, filter)}) as m where ${withinReach(filter)} limit ${sql.raw(String(upTo + 1))}) as counted`,
      )
      .prepare(name),
  ).execute(nearParams(q, plan));
  return row?.n ?? 0;
}

/**
 * A page of tradespeople covering a point, nearest first, and how many there are, counted no further
 * than `cap` + 1. Under the cap every match is read and sorted (a thousand at most); over it the page
 * is walked nearest first, which reads little more than the page.
 */
export async function searchNearPage(
  db: Executor,
  q: NearParams,
  filter: SearchFilter,
  plan: NearPlan,
  cap: number,
) {
  const counted = await countNear(db, q, filter, plan, cap);
  const rows =
    counted <= q.offset
      ? []
      : counted > cap
        ? await searchNearest(db, q, filter, plan)
        : await searchNear(db, q, filter, plan);
  return { rows, counted };
}

/** Listed tradespeople without a location: newest first, through the partial index on (created_at, id). */
export async function searchNewest(db: Executor, q: SearchParams, filter: Exclude<SearchFilter, 'nearby'>) {
  const name = `tradespeople_newest_${filter.replace('-', '_')}_${q.limit}`;
  return prepared(db, name, (d) =>
    d
      .select(cardColumns)
      .from(tp)
      .innerJoin(profiles, eq(profiles.id, tp.userId))
      .where(and(listed, tradeConditions, filterCondition(filter)))
      .orderBy(desc(tp.createdAt), desc(tp.id))
      .limit(literalLimit(q.limit))
      .offset(p('offset'))
      .prepare(name),
  ).execute(paramsOf(q));
}

export async function countNewest(
  db: Executor,
  q: SearchParams,
  filter: Exclude<SearchFilter, 'nearby'>,
): Promise<number> {
  const name = `count_tradespeople_newest_${filter.replace('-', '_')}`;
  const [row] = await prepared(db, name, (d) =>
    d
      .select({ n: sql<number>`count(*)::int` })
      .from(tp)
      .where(and(listed, tradeConditions, filterCondition(filter)))
      .prepare(name),
  ).execute(paramsOf(q));
  return row?.n ?? 0;
}

// The shown rating times ten, in integers (half up, as ratingFromTotals rounds). The same expression
// as the index profiles_tradesperson_rank_idx (migration 0006), so that the featured list is read in
// order from it.
const rank = sql`((20 * ${profiles.ratingTotal} + ${profiles.reviewCount}) / (2 * greatest(${profiles.reviewCount}, 1)))`;

/** Featured professionals: listed, best rated first (rating, then number of reviews), then newest. */
export async function featured(db: Executor, viewerId: string | null, limit: number) {
  const name = `tradespeople_featured_${limit}`;
  return prepared(db, name, (d) =>
    d
      .select(cardColumns)
      .from(profiles)
      .innerJoin(tp, eq(tp.userId, profiles.id))
      // A literal, not a bound value, so that the planner can use the partial index on it.
      .where(and(sql`${profiles.userType} = 'tradesperson'`, listed))
      .orderBy(sql`${rank} desc`, desc(profiles.reviewCount), desc(profiles.createdAt), desc(profiles.id))
      .limit(literalLimit(limit))
      .prepare(name),
  ).execute({ viewerId });
}

/** A customer's saved professionals that are still visible, most recently saved first. */
export async function savedCards(db: Executor, customerId: string) {
  return prepared(db, 'saved_pros_of', (d) =>
    d
      .select(cardColumns)
      .from(tp)
      .innerJoin(profiles, eq(profiles.id, tp.userId))
      .innerJoin(
        savedProfessionals,
        and(
          eq(savedProfessionals.tradespersonUserId, tp.userId),
          eq(savedProfessionals.customerId, p('viewerId')),
        ),
      )
      // Unverified tradespeople have profile pages, so they stay saved; hidden ones drop out.
      .where(sql`not ${tp.hidden}`)
      .orderBy(desc(savedProfessionals.createdAt), desc(tp.userId))
      .prepare('saved_pros_of'),
  ).execute({ viewerId: customerId });
}

/** Everything a public profile shows, with what decides whether this viewer may see it. */
export async function profileRow(db: Executor, userId: string, viewerId: string | null) {
  const [row] = await prepared(db, 'tradesperson_public_profile', (d) =>
    d
      .select({
        id: tp.userId,
        userType: profiles.userType,
        fullName: profiles.fullName,
        avatarUrl: profiles.avatarUrl,
        businessName: tp.businessName,
        vatNumber: tp.vatNumber,
        trade: tp.trade,
        bio: tp.bio,
        yearsExperience: tp.yearsExperience,
        hourlyRateMin: tp.hourlyRateMin,
        hourlyRateMax: tp.hourlyRateMax,
        specialties: tp.specialties,
        serviceAreas: tp.serviceAreas,
        basePostcode: tp.basePostcode,
        serviceRadiusMiles: tp.serviceRadiusMiles,
        verified: tp.verified,
        ...ratingColumns,
        memberSince: users.createdAt,
        active: sql<boolean>`(${users.suspendedAt} is null and ${users.deletedAt} is null)`,
        profileVisible: userSettings.profileVisible,
        reviewsPublic: userSettings.showReviewsPublicly,
        saved,
      })
      .from(tp)
      .innerJoin(profiles, eq(profiles.id, tp.userId))
      .innerJoin(users, eq(users.id, tp.userId))
      .innerJoin(userSettings, eq(userSettings.userId, tp.userId))
      .where(eq(tp.userId, p('userId')))
      .prepare('tradesperson_public_profile'),
  ).execute({ userId, viewerId });
  return row;
}

export type CardRow = Awaited<ReturnType<typeof savedCards>>[number];
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof profileRow>>>;

/** The approved, unexpired verification documents: what the profile's checks list shows. */
export async function approvedChecks(db: Executor, userId: string) {
  return prepared(db, 'tradesperson_approved_checks', (d) =>
    d
      .select({
        kind: documents.kind,
        title: documents.title,
        reviewedAt: documents.reviewedAt,
        createdAt: documents.createdAt,
        expiresOn: documents.expiresOn,
      })
      .from(documents)
      .where(
        and(
          eq(documents.userId, p('userId')),
          eq(documents.status, 'approved'),
          sql`(${documents.expiresOn} is null or ${documents.expiresOn} >= current_date)`,
        ),
      )
      .orderBy(asc(documents.kind), desc(documents.reviewedAt))
      .prepare('tradesperson_approved_checks'),
  ).execute({ userId });
}

/** Published reviews that no admin hid: the only ones anyone but their author sees or counts. */
const shownReview = sql`${reviews.publishedAt} is not null and ${reviews.hiddenAt} is null`;

/** A page of the published reviews a person received, newest published first, after the keyset cursor. */
export async function reviewsPage(
  db: Executor,
  revieweeId: string,
  cursor: { createdAt: Date; id: string } | null,
  limit: number,
  viewerId: string | null,
) {
  const name = `public_reviews${cursor ? '_after' : ''}`;
  const after = sql`(${reviews.publishedAt}, ${reviews.id}) < (${p('cursorAt')}::timestamptz, ${p('cursorId')}::uuid)`;
  const where = and(eq(reviews.revieweeId, p('revieweeId')), shownReview);
  return prepared(db, name, (d) =>
    d
      .select({
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        publishedAt: reviews.publishedAt,
        reply: reviews.reply,
        repliedAt: reviews.repliedAt,
        reviewerName: profiles.fullName,
        mine: sql<boolean>`coalesce(${reviews.reviewerId} = ${p('viewerId')}::uuid, false)`,
        reported: sql<boolean>`exists (select 1 from ${reviewReports} rr where rr.review_id = ${reviews.id} and rr.reporter_id = ${p('viewerId')}::uuid)`,
      })
      .from(reviews)
      .innerJoin(profiles, eq(profiles.id, reviews.reviewerId))
      .where(cursor ? and(where, after) : where)
      .orderBy(desc(reviews.publishedAt), desc(reviews.id))
      .limit(p('limit'))
      .prepare(name),
  ).execute({
    revieweeId,
    limit,
    viewerId,
    cursorAt: cursor?.createdAt.toISOString() ?? null,
    cursorId: cursor?.id ?? null,
  });
}

/** How many shown reviews gave each number of stars. */
export async function ratingCounts(db: Executor, revieweeId: string): Promise<Map<number, number>> {
  const rows = await prepared(db, 'review_rating_counts', (d) =>
    d
      .select({ rating: reviews.rating, n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(and(eq(reviews.revieweeId, p('revieweeId')), shownReview))
      .groupBy(reviews.rating)
      .prepare('review_rating_counts'),
  ).execute({ revieweeId });
  return new Map(rows.map((r) => [r.rating, r.n]));
}

/**
 * Where a signed-in user is, for Nearby without a searched location: their profile postcode, else
 * the postcode of their latest job.
 */
export async function ownPostcode(db: Executor, userId: string): Promise<string | null> {
  const [row] = await prepared(db, 'own_postcode', (d) =>
    d
      .select({
        postcode: profiles.postcode,
        // Qualified by hand: Drizzle leaves column names bare in a single-table query.
        latestJobPostcode: sql<
          string | null
        >`(select j.postcode from ${jobPostings} j where j.customer_id = ${profiles}.id order by j.created_at desc limit 1)`,
      })
      .from(profiles)
      .where(eq(profiles.id, p('userId')))
      .prepare('own_postcode'),
  ).execute({ userId });
  return row?.postcode || row?.latestJobPostcode || null;
}

export async function saveProfessional(db: Executor, customerId: string, tradespersonUserId: string) {
  await db.insert(savedProfessionals).values({ customerId, tradespersonUserId }).onConflictDoNothing();
}

export async function unsaveProfessional(db: Executor, customerId: string, tradespersonUserId: string) {
  await db
    .delete(savedProfessionals)
    .where(
      and(
        eq(savedProfessionals.customerId, customerId),
        eq(savedProfessionals.tradespersonUserId, tradespersonUserId),
      ),
    );
}
