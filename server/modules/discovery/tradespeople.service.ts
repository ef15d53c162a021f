import { LRUCache } from 'lru-cache';
import type { Trade } from '../../../domain/catalog/catalog';
import type { PublicProfile, ReviewsPage, TradespersonCard } from '../../../domain/discovery/api';
import {
  looksLikePostcode,
  NEARBY_MILES,
  SEARCH_MESSAGES,
  shortName,
  TRADESPEOPLE_COUNT_CAP,
  tradesForCategory,
} from '../../../domain/discovery/search';
import { tradesForService } from '../../../domain/discovery/services';
import { GEO_MESSAGES } from '../../../domain/geo/directory';
import { roundMiles } from '../../../domain/geo/distance';
import { POSTCODE_MESSAGES, parsePostcode } from '../../../domain/geo/postcode';
import { distributionOf } from '../../../domain/reviews/reveal';
import { getGeoDirectory } from '../../adapters/geo/uk-geography';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  decodeCursor as decodeKeysetCursor,
  encodeCursor as encodeKeysetCursor,
} from '../../lib/keyset-cursor';
import type { SharedPages } from '../../lib/shared-pages';
import type { AuthContext } from '../../plugins/auth-context';
import { toRating } from '../profiles';
import {
  approvedChecks,
  type CardRow,
  countNewest,
  countSpecialtyMatches,
  featured,
  type NearPlan,
  ownPostcode,
  type ProfileRow,
  profileRow,
  ratingCounts,
  reviewsPage,
  type SearchFilter,
  type SearchParams,
  savedCards,
  searchNearPage,
  searchNewest,
} from './tradespeople.repository';

export interface DiscoveryDeps {
  db: Database;
  /** Visitors' reads shared between them (decision 0020); absent: always read. */
  publicReads?: SharedPages<unknown>;
  /** Profile views and search appearances, counted per day for the tradesperson's analytics. */
  counters?: ProfileCounting;
}

/** What discovery tells the analytics counters (server/modules/analytics/profile-counters.ts). */
export interface ProfileCounting {
  profileViewed(tradespersonId: string): void;
  appearedInSearch(tradespersonIds: readonly string[]): void;
}

export const avatarPath = (userId: string) => `/api/v1/avatars/${userId}.svg`;

/** The town a base postcode belongs to ('Leeds' for LS1 4AP), never the postcode itself. */
function baseDistrict(basePostcode: string | null): { outcode: string; place: string | undefined } | null {
  const parsed = basePostcode ? parsePostcode(basePostcode) : null;
  if (!parsed?.ok) return null;
  return { outcode: parsed.outcode, place: getGeoDirectory().placeForOutcode(parsed.outcode) };
}

/** Where a card says the tradesperson works: first service area, else its base's town, else 'UK'. */
export function cardLocation(firstServiceArea: string | null, basePostcode: string | null): string {
  return firstServiceArea || baseDistrict(basePostcode)?.place || 'UK';
}

export function toCard(row: CardRow, distanceMiles: number | null = null): TradespersonCard {
  return {
    id: row.id,
    fullName: row.fullName,
    trade: row.trade as Trade | null,
    verified: row.verified,
    avatarUrl: row.avatarUrl ?? avatarPath(row.id),
    ...toRating(row),
    hourlyRateMin: row.hourlyRateMin,
    hourlyRateMax: row.hourlyRateMax,
    specialties: row.specialties ?? [],
    location: cardLocation(row.firstServiceArea, row.basePostcode),
    distanceMiles: distanceMiles === null ? null : roundMiles(distanceMiles),
    saved: row.saved,
  };
}

/** Saved Professionals belong to customers; for anyone else every card says `saved: false`. */
const savingViewer = (auth: AuthContext | null) => (auth?.user.userType === 'customer' ? auth.user.id : null);

export interface SearchRequest {
  service?: string | undefined;
  location?: string | undefined;
  category?: string | undefined;
  filter: SearchFilter;
  page: number;
  limit: number;
}

interface SearchPoint {
  label: string;
  lat: number;
  lng: number;
}

/** A typed location as a point, or the 400 that says what was wrong with it. */
function resolveSearchLocation(text: string): SearchPoint {
  const found = getGeoDirectory().resolveLocation(text);
  if (found.ok) return { label: found.label, lat: found.lat, lng: found.lng };
  // A well-formed postcode or district that the bundled data does not have (Jersey, a retired code).
  const message =
    found.message === GEO_MESSAGES.postcodeNotFound
      ? GEO_MESSAGES.postcodeNotFound
      : looksLikePostcode(text)
        ? POSTCODE_MESSAGES.invalid
        : SEARCH_MESSAGES.placeNotFound;
  throw AppError.validation(message, [{ field: 'location', message }]);
}

/** Nearby without a searched location: the signed-in user's own postcode, if it can be placed. */
async function ownLocation(deps: DiscoveryDeps, auth: AuthContext | null): Promise<SearchPoint | null> {
  if (!auth) return null;
  const postcode = await ownPostcode(deps.db, auth.user.id);
  const found = postcode ? getGeoDirectory().geocodePostcode(postcode) : null;
  return found?.ok ? { label: found.postcode, lat: found.lat, lng: found.lng } : null;
}

/**
 * `%word%` for LIKE over a tradesperson's specialties joined with '|': LIKE's own wildcards in the
 * word are taken literally, and a '|' in it could only match across two specialties.
 */
const containsPattern = (word: string) =>
  `%${word
    .toLowerCase()
    .replaceAll('|', ' ')
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// tradesForService normalises its whole vocabulary on every call (~0.1 ms); searches repeat words.
const serviceTrades = new LRUCache<string, Trade[]>({ max: 2_000 });
function tradesFor(service: string): Trade[] {
  let trades = serviceTrades.get(service);
  if (!trades) {
    trades = tradesForService(service);
    serviceTrades.set(service, trades);
  }
  return trades;
}

// The listing without a location counts every listed tradesperson that matches, which costs far more
// than its page. A total up to 15 s old is fine for "N professional(s) found", so it is cached per
// query; it does not depend on the viewer. The caches belong to the app they serve (keyed by its
// deps), not to the process: two apps in one process, as the tests build them on one database one
// after the other, must not read each other's totals.
interface SearchCaches {
  newestCounts: LRUCache<string, number>;
  specialtyMatches: LRUCache<string, number>;
}
const cachesByApp = new WeakMap<DiscoveryDeps, SearchCaches>();
function cachesOf(deps: DiscoveryDeps): SearchCaches {
  let caches = cachesByApp.get(deps);
  if (!caches) {
    caches = {
      newestCounts: new LRUCache({ max: 5_000, ttl: 15_000 }),
      // Counted once per word and kept for 10 minutes: the count only chooses the plan, never the results.
      specialtyMatches: new LRUCache({ max: 5_000, ttl: 10 * 60_000 }),
    };
    cachesByApp.set(deps, caches);
  }
  return caches;
}

// Up to this many specialties containing the word, a located search finds them through the trigram
// index (then keeps those whose area covers the point); above it, while walking the boxes that hold
// the point. Measured in bench/tradesperson-search.mjs: 'boiler' (17,000 matches) took 20 ms the first
// way and 5 ms the second in central London; 'plumber' (none) 0.1 ms the first way.
const FEW_SPECIALTY_MATCHES = 2_000;

async function nearPlan(deps: DiscoveryDeps, params: SearchParams): Promise<NearPlan> {
  const { categoryTrades, serviceTrades, servicePattern } = params;
  // No service word: the category's trades, or every trade.
  if (!servicePattern) return { trades: categoryTrades, specialties: 'none' };
  const { specialtyMatches } = cachesOf(deps);
  let matches = specialtyMatches.get(servicePattern);
  if (matches === undefined) {
    matches = await countSpecialtyMatches(deps.db, servicePattern, FEW_SPECIALTY_MATCHES + 1);
    specialtyMatches.set(servicePattern, matches);
  }
  return {
    trades: categoryTrades ? serviceTrades.filter((t) => categoryTrades.includes(t)) : serviceTrades,
    specialties: matches <= FEW_SPECIALTY_MATCHES ? 'few' : 'many',
  };
}

export async function searchTradespeople(
  deps: DiscoveryDeps,
  auth: AuthContext | null,
  request: SearchRequest,
) {
  const categoryTrades = request.category ? tradesForCategory(request.category) : null;
  if (request.category && categoryTrades === null) {
    throw AppError.validation(SEARCH_MESSAGES.unknownCategory, [
      { field: 'category', message: SEARCH_MESSAGES.unknownCategory },
    ]);
  }
  const service = request.service || null;
  const params: SearchParams = {
    viewerId: savingViewer(auth),
    categoryTrades,
    serviceTrades: service ? tradesFor(service) : [],
    servicePattern: service ? containsPattern(service) : null,
    limit: request.limit,
    offset: (request.page - 1) * request.limit,
  };
  const page = { page: request.page, pageSize: request.limit };

  let location = request.location ? resolveSearchLocation(request.location) : null;
  if (!location && request.filter === 'nearby') location = await ownLocation(deps, auth);

  if (location) {
    const near = { ...params, lat: location.lat, lng: location.lng, nearbyMiles: NEARBY_MILES };
    const plan = await nearPlan(deps, params);
    const cap = TRADESPEOPLE_COUNT_CAP;
    const { rows, counted } = await searchNearPage(deps.db, near, request.filter, plan, cap);
    return {
      tradespeople: rows.map((row) => toCard(row, row.distance)),
      total: Math.min(counted, cap),
      totalCapped: counted > cap,
      ...page,
      location,
    };
  }
  // Nearby with nowhere to be near.
  if (request.filter === 'nearby')
    return { tradespeople: [], total: 0, totalCapped: false, ...page, location: null };

  const filter = request.filter;
  const countKey = `${filter}|${categoryTrades?.join(',') ?? '*'}|${service?.toLowerCase() ?? ''}`;
  const { newestCounts } = cachesOf(deps);
  const cached = newestCounts.get(countKey);
  const [rows, total] = await Promise.all([
    searchNewest(deps.db, params, filter),
    cached ??
      countNewest(deps.db, params, filter).then((n) => {
        newestCounts.set(countKey, n);
        return n;
      }),
  ]);
  return { tradespeople: rows.map((row) => toCard(row)), total, totalCapped: false, ...page, location: null };
}

export async function featuredTradespeople(deps: DiscoveryDeps, auth: AuthContext | null, limit: number) {
  const rows = await featured(deps.db, savingViewer(auth), limit);
  return rows.map((row) => toCard(row));
}

/**
 * Whether this viewer may see a tradesperson's profile: an active tradesperson account whose profile
 * is visible, or hidden but the viewer's own or viewed by an admin.
 */
function mayView(row: ProfileRow | undefined, auth: AuthContext | null): row is ProfileRow {
  if (row?.userType !== 'tradesperson' || !row.active) return false;
  return row.profileVisible || auth?.user.id === row.id || auth?.user.isAdmin === true;
}

const profileNotFound = () => AppError.notFound('Tradesperson not found');

export async function publicProfile(
  deps: DiscoveryDeps,
  auth: AuthContext | null,
  userId: string,
): Promise<PublicProfile> {
  const [row, checks] = await Promise.all([
    profileRow(deps.db, userId, savingViewer(auth)),
    approvedChecks(deps.db, userId),
  ]);
  if (!mayView(row, auth)) throw profileNotFound();
  const base = baseDistrict(row.basePostcode);
  return {
    id: row.id,
    fullName: row.fullName,
    businessName: row.businessName,
    vatRegistered: row.vatNumber !== null,
    trade: row.trade as Trade | null,
    bio: row.bio,
    yearsExperience: row.yearsExperience,
    hourlyRateMin: row.hourlyRateMin,
    hourlyRateMax: row.hourlyRateMax,
    specialties: row.specialties,
    serviceAreas: row.serviceAreas,
    baseDistrict: base ? [base.outcode, base.place].filter(Boolean).join(', ') : null,
    serviceRadiusMiles: row.serviceRadiusMiles,
    verified: row.verified,
    checks: checks.map((c) => ({
      kind: c.kind as PublicProfile['checks'][number]['kind'],
      title: c.title,
      verifiedAt: (c.reviewedAt ?? c.createdAt).toISOString(),
      expiresOn: c.expiresOn,
    })),
    ...toRating(row),
    avatarUrl: row.avatarUrl ?? avatarPath(row.id),
    memberSince: row.memberSince.toISOString(),
    saved: row.saved,
    reviewsPublic: row.reviewsPublic,
    isOwnProfile: auth?.user.id === row.id,
  };
}

/** The profile as a social card sees it (a visitor): null when a visitor may not see it. */
export async function profileForVisitor(deps: DiscoveryDeps, userId: string) {
  const row = await profileRow(deps.db, userId, null);
  if (!mayView(row, null)) return null;
  return {
    id: row.id,
    name: row.fullName ?? row.businessName,
    trade: row.trade,
    bio: row.bio,
    where: cardLocation(row.serviceAreas[0] ?? null, row.basePostcode),
    avatarUrl: row.avatarUrl ?? avatarPath(row.id),
    ...toRating(row),
  };
}

// The same cursor as every other newest-first list (lib/keyset-cursor), named for its column.
function decodeCursor(cursor: string | undefined) {
  const pair = decodeKeysetCursor(cursor);
  return pair && { createdAt: pair.at, id: pair.id };
}

const encodeCursor = (review: { createdAt: Date; id: string }) =>
  encodeKeysetCursor(review.createdAt, review.id);

export async function publicReviews(
  deps: DiscoveryDeps,
  auth: AuthContext | null,
  userId: string,
  request: { cursor?: string | undefined; limit: number },
): Promise<ReviewsPage> {
  const cursor = decodeCursor(request.cursor);
  const row = await profileRow(deps.db, userId, null);
  if (!mayView(row, auth)) throw profileNotFound();
  // 'Show reviews publicly' off: only the tradesperson and admins still read them.
  if (!row.reviewsPublic && auth?.user.id !== row.id && !auth?.user.isAdmin) {
    return { reviews: [], nextCursor: null, summary: null, reviewsPublic: false };
  }
  const [rows, counts] = await Promise.all([
    reviewsPage(deps.db, userId, cursor, request.limit + 1, auth?.user.id ?? null),
    ratingCounts(deps.db, userId),
  ]);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  return {
    reviews: page.map((r) => ({
      id: r.id,
      rating: r.rating,
      comment: r.comment,
      // Erasing an account clears its name (DOMAIN-RULES 1).
      reviewerName: (r.reviewerName && shortName(r.reviewerName)) || 'Deleted user',
      createdAt: r.createdAt.toISOString(),
      publishedAt: (r.publishedAt ?? r.createdAt).toISOString(),
      reply: r.reply,
      repliedAt: r.repliedAt?.toISOString() ?? null,
      canReport: auth !== null && !r.mine && !r.reported,
      reported: r.reported,
    })),
    nextCursor:
      rows.length > request.limit && last
        ? encodeCursor({ createdAt: last.publishedAt ?? last.createdAt, id: last.id })
        : null,
    summary: { ...toRating(row), distribution: distributionOf(counts) },
    reviewsPublic: row.reviewsPublic,
  };
}

export async function savedProfessionals(deps: DiscoveryDeps, customerId: string) {
  const rows = await savedCards(deps.db, customerId);
  return rows.map((row) => toCard(row));
}

/**
 * Whether everyone may see this tradesperson's profile: what saving it or inviting it to quote from its
 * page needs. False for anyone else, so callers can answer exactly as they do for an unknown id.
 */
export async function isPublicProfile(db: Database, userId: string): Promise<boolean> {
  return mayView(await profileRow(db, userId, null), null);
}
