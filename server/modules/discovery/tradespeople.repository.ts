import { createHash } from 'node:crypto';
import { type AnyColumn, and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
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

const withinReach = (filter: SearchFilter) =>
  and(
    sql`m.distance <= m.radius`,
    filter === 'nearby' ? sql`m.distance <= ${p('nearbyMiles')}::float8` : undefined,
  );

/**
 * Tradespeople whose service area covers a point, nearest first, with how many there are in all.
 * Each branch of `candidates` is an index-only scan (the indexes INCLUDE every column it filters and
 * sorts on); only the page's rows are then joined for the cards.
 */
export async function searchNear(db: Executor, q: NearParams, filter: SearchFilter, plan: NearPlan) {
  // The page size is written into the statement (see literalLimit), so each size is its own statement.
  const name = `tp_near_${filter.replace('-', '_')}_${q.limit}_${planName(plan)}`;
  return prepared(db, name, (d) => {
    // Every match is read to sort by distance anyway, so the count comes with the page.
    const page = sql`select m.user_id, m.distance, (count(*) over ())::int as total
      from (${candidates(plan, filter)}) as m
      where ${withinReach(filter)}
      order by m.distance, m.user_id
      limit ${literalLimit(q.limit)} offset ${p('offset')}`;
    return d
      .select({
        ...cardColumns,
        distance: sql<number>`page.distance`,
        total: sql<number>`page.total`,
      })
      .from(sql`(${page}) as page`)
      .innerJoin(tp, eq(tp.userId, sql`page.user_id`))
      .innerJoin(profiles, eq(profiles.id, sql`page.user_id`))
      .orderBy(sql`page.distance`, sql`page.user_id`)
      .prepare(name);
  }).execute(nearParams(q, plan));
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

export async function countNear(
  db: Executor,
  q: NearParams,
  filter: SearchFilter,
  plan: NearPlan,
): Promise<number> {
  const name = `tp_count_near_${filter.replace('-', '_')}_${planName(plan)}`;
  const [row] = await prepared(db, name, (d) =>
    d
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`(${candidates(plan, filter)}) as m`)
      .where(withinReach(filter))
      .prepare(name),
  ).execute(nearParams(q, plan));
  return row?.n ?? 0;
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
