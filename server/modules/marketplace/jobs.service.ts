import { LRUCache } from 'lru-cache';
import { jobStatus } from '../../../domain/catalog/statuses';
import { jobCategoriesFor } from '../../../domain/discovery/services';
import { roundMiles } from '../../../domain/geo/distance';
import { type JobDetailView, MY_JOBS_PAGE_SIZE, type MyJobsResponse } from '../../../domain/marketplace/api';
import { londonToday, MARKET_MESSAGES, type PostJob } from '../../../domain/marketplace/schemas';
import { jobStep } from '../../../domain/marketplace/transitions';
import type { EventBus } from '../../adapters/event-bus';
import { getGeoDirectory } from '../../adapters/geo/uk-geography';
import type { FileStorage } from '../../adapters/storage';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import {
  decodeCursor as decodeKeysetCursor,
  encodeCursor as encodeKeysetCursor,
  keysetPage,
} from '../../lib/keyset-cursor';
import type { SharedPages } from '../../lib/shared-pages';
import type { AuthContext } from '../../plugins/auth-context';
import type { EventOutbox } from '../../queue/outbox';
import { isPublicProfile } from '../discovery';
import { attachPhotos, photoViewOfJson } from '../photos';
import { toRating } from '../profiles';
import {
  addLiveQuotes,
  countOpenJobs,
  customerJobCards,
  findJob,
  insertJob,
  type JobRow,
  jobPage,
  type OpenJobsFilter,
  type OpenJobsQuery,
  openJobsPage,
  type SharedFilter,
  setJobStatus,
  sharedOpenJobsPage,
  tradespersonBase,
  viewerOverlay,
} from './jobs.repository';
import { peopleByIds, personJsonView } from './people';
import { jobRelation, quoteRefusal, seesFullPostcode, type Viewer } from './policy';
import { bookingCardView, quoteJsonView } from './presenters';
import { rejectPendingQuotes } from './quotes.repository';

export type SharedOpenJobs = Awaited<ReturnType<typeof sharedOpenJobsPage>>;

export interface MarketDeps {
  db: Database;
  /** Where use cases record what happened, in their own transaction (decision 0013). */
  events: EventOutbox;
  /** Pages of the open-jobs list shared between viewers (server/lib/shared-pages.ts); absent: always read. */
  openJobPages?: SharedPages<SharedOpenJobs>;
  /** Tells the other instances to clear their shared pages too; absent: this instance only. */
  bus?: EventBus;
  /** Where the day checks read today (DOMAIN-RULES 12); tests move one by hand. Absent: the system clock. */
  clock?: Clock;
  /**
   * Refuses a booking date the tradesperson does not take (DOMAIN-RULES 12), in the caller's
   * transaction after the job is locked: scheduling's assertDayBookable. Scheduling builds on the
   * marketplace, so it is handed in (wired in app.ts) rather than imported (decision 0012).
   */
  assertDayBookable: (tx: Executor, clock: Clock, tradespersonId: string, date: string) => Promise<void>;
  /** Where job photos are stored: the files of photos taken off a job are deleted after commit. */
  storage: FileStorage;
}

/**
 * Called after a write to jobs, quotes or bookings commits: this instance's open-jobs list shows it at
 * once, the other instances clear theirs, and the events the write recorded are dispatched now.
 */
export function jobsChanged(deps: MarketDeps): void {
  deps.openJobPages?.clear();
  deps.bus?.publish({ type: 'jobs-changed' });
  deps.events.committed();
}

/** Today's UK date by the injected clock: quotes expire after their `validUntil` by it. */
export const ukToday = (deps: Pick<MarketDeps, 'clock'>) => londonToday((deps.clock ?? systemClock).now());

export const jobNotFound = () => AppError.notFound(MARKET_MESSAGES.jobNotFound);

export function viewerOf(auth: AuthContext): Viewer {
  return { id: auth.user.id, userType: auth.user.userType, isAdmin: auth.user.isAdmin };
}

/** Where a job's postcode is (sector centroid, else district centroid), or the postcode field's 400. */
export function placeOfPostcode(postcode: string) {
  const place = getGeoDirectory().geocodePostcode(postcode);
  if (!place.ok) {
    throw AppError.validation(place.message, [{ field: 'postcode', message: place.message }]);
  }
  return { postcode: place.postcode, outcode: place.outcode, lat: place.lat, lng: place.lng };
}

export async function postJob(deps: MarketDeps, auth: AuthContext, input: PostJob): Promise<JobDetailView> {
  if (auth.user.userType !== 'customer')
    throw new AppError(403, 'only_customers', MARKET_MESSAGES.onlyCustomers);
  const place = placeOfPostcode(input.postcode);
  if (input.invitedTradespersonId) {
    // Only a profile everyone may see (Request Quote is on it). A hidden, suspended or deleted one gets
    // the answer an unknown id does, or this would tell which ids belong to tradespeople (DOMAIN-RULES 2).
    const id = input.invitedTradespersonId;
    const invited = (await peopleByIds(deps.db, [id])).get(id);
    if (!invited?.trade || !(await isPublicProfile(deps.db, id))) {
      throw AppError.validation('That tradesperson cannot be found');
    }
  }
  const job = await deps.db.transaction(async (tx) => {
    const job = await insertJob(tx, {
      customerId: auth.user.id,
      title: input.title,
      category: input.category,
      description: input.description,
      budgetMin: input.budgetMin,
      budgetMax: input.budgetMax,
      ...place,
      preferredStartDate: input.preferredStartDate,
      invitedTradespersonId: input.invitedTradespersonId ?? null,
    });
    await deps.events.record(tx, {
      type: 'job.posted',
      actorId: auth.user.id,
      payload: { jobId: job.id, customerId: job.customerId },
    });
    // A new job has no photos yet, so none is taken off it: nothing to delete afterwards.
    if (input.photos?.length) await attachPhotos(tx, auth.user.id, { jobId: job.id }, input.photos);
    return job;
  });
  jobsChanged(deps);
  return jobDetail(deps, auth, job.id);
}

/** A page of the customer's jobs on one tab of My Jobs, newest first, and where the next one starts. */
export async function myJobs(
  deps: MarketDeps,
  auth: AuthContext,
  query: { tab: 'all' | 'open' | 'active' | 'done'; cursor?: string | undefined },
): Promise<MyJobsResponse> {
  const rows = await customerJobCards(deps.db, auth.user.id, query.tab, {
    after: decodeKeysetCursor(query.cursor),
    limit: MY_JOBS_PAGE_SIZE + 1,
  });
  const { page, nextCursor } = keysetPage(rows, MY_JOBS_PAGE_SIZE);
  return {
    jobs: page.map((j) => ({
      id: j.id,
      title: j.title,
      category: j.category,
      status: jobStatus(j.status),
      budgetMin: j.budgetMin,
      budgetMax: j.budgetMax,
      postcode: j.postcode,
      createdAt: new Date(j.createdAt).toISOString(),
      quoteCount: j.quoteCount,
      booking: j.booking && bookingCardView(j.booking),
    })),
    nextCursor,
  };
}

/** Cancelling an open job rejects its pending quotes (DOMAIN-RULES 3). */
export async function cancelJob(deps: MarketDeps, auth: AuthContext, jobId: string): Promise<JobDetailView> {
  await deps.db.transaction(async (tx) => {
    const job = await findJob(tx, jobId, { forUpdate: true });
    if (!job || job.customerId !== auth.user.id) throw jobNotFound();
    const step = jobStep('cancel', jobStatus(job.status), 'customer');
    if (!step.ok) throw AppError.conflict('not_open', MARKET_MESSAGES.jobNotOpen);
    // An open job's live quotes are all pending, so rejecting them empties its live count.
    const rejected = await rejectPendingQuotes(tx, job.id);
    await addLiveQuotes(tx, job.id, -rejected.length);
    await setJobStatus(tx, job.id, step.to);
    const ref = { jobId: job.id, customerId: job.customerId };
    await deps.events.record(tx, { type: 'job.cancelled', actorId: auth.user.id, payload: ref });
    for (const quote of rejected) {
      await deps.events.record(tx, {
        type: 'quote.rejected',
        actorId: auth.user.id,
        payload: { ...ref, quoteId: quote.id, tradespersonId: quote.tradespersonId, reason: 'job_cancelled' },
      });
    }
  });
  jobsChanged(deps);
  return jobDetail(deps, auth, jobId);
}

export interface OpenJobsRequest {
  filter: OpenJobsFilter;
  category?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

// The same cursor as every other newest-first list (lib/keyset-cursor), named for its column.
function decodeCursor(cursor: string | undefined) {
  const pair = decodeKeysetCursor(cursor);
  return pair && { createdAt: pair.at, id: pair.id };
}

const encodeCursor = (job: Pick<JobRow, 'createdAt' | 'id'>) => encodeKeysetCursor(job.createdAt, job.id);

// "N job(s) available" counts every matching open job, which costs far more than a page of them. A
// count up to 15 s old is fine for that line, so it is cached per viewer and filter (per instance).
const openJobCounts = new LRUCache<string, number>({ max: 20_000, ttl: 15_000 });
// A count being read, shared by the requests that find the cache empty meanwhile: when it expires
// under load, every connection of a viewer missed it at once, and at 1,000,000 jobs each of those
// counts walks the ~100,000 open jobs of a city (bench/marketplace-load.mjs).
const openJobCountsReading = new Map<string, Promise<number>>();

// Below this many open jobs in range, Nearby reads them through the location index (measured with
// bench/marketplace-load.mjs: far from every job the date index walked 60,000 rows for none; in a
// busy city the location index sorted thousands of rows for a page of 20).
const NEARBY_SPARSE_BELOW = 500;

// A shared page is read with this many rows to spare, for the full jobs and the viewer's own that
// its overlay leaves out; when they are not enough, the viewer's page is read on its own.
const SHARED_PAGE_SPARE = 10;

type CardRow = SharedOpenJobs[number] & {
  viewerQuoted: boolean;
  base: { lat: number | null; lng: number | null } | null;
};

/** The open-jobs list for a tradesperson: newest first, keyset-paginated, full jobs left out. */
export async function openJobs(deps: MarketDeps, auth: AuthContext, request: OpenJobsRequest) {
  if (auth.user.userType !== 'tradesperson' && !auth.user.isAdmin) throw AppError.notFound();
  const cursor = decodeCursor(request.cursor);
  const categories = request.category ? jobCategoriesFor(request.category) : null;
  if (request.category && categories === null) throw AppError.validation('That category is not one we list');
  const countKey = `${auth.user.id}:${request.filter}:${categories?.join(',') ?? ''}`;
  const cachedTotal = openJobCounts.get(countKey);
  const queryFor = (near: Awaited<ReturnType<typeof tradespersonBase>>, sparse = false) => ({
    viewerId: auth.user.id,
    filter: request.filter,
    categories,
    limit: request.limit + 1,
    cursor,
    near,
    sparse,
  });
  const totalFor = (query: ReturnType<typeof queryFor>) => {
    if (cachedTotal !== undefined) return cachedTotal;
    let reading = openJobCountsReading.get(countKey);
    if (!reading) {
      reading = countOpenJobs(deps.db, query)
        .then((n) => {
          openJobCounts.set(countKey, n);
          return n;
        })
        .finally(() => openJobCountsReading.delete(countKey));
      openJobCountsReading.set(countKey, reading);
    }
    return reading;
  };
  let rows: CardRow[];
  let total: number;
  if (request.filter === 'nearby') {
    const nearest = cursor
      ? null
      : await nearbyFromShared(deps, auth.user.id, { categories, limit: request.limit + 1 });
    if (nearest) {
      rows = nearest.rows;
      total = await totalFor(queryFor(nearest.near));
    } else {
      // Nearby needs the base first, and its count decides the plan (see `sparse`).
      const base = await tradespersonBase(deps.db, auth.user.id);
      total = await totalFor(queryFor(base));
      // None in range (as of the count the line above the list shows): no page to read.
      rows = total === 0 ? [] : await openJobsPage(deps.db, queryFor(base, total < NEARBY_SPARSE_BELOW));
    }
  } else {
    const query = queryFor(null);
    [rows, total] = await Promise.all([
      sharedThenOverlaid(deps, auth.user.id, request.filter, query).then(
        (shared) => shared ?? openJobsPage(deps.db, query),
      ),
      totalFor(query),
    ]);
  }
  const page = rows.slice(0, request.limit);
  const geo = getGeoDirectory();
  return {
    total,
    nextCursor: rows.length > request.limit ? encodeCursor(page.at(-1)!.job) : null,
    jobs: page.map(({ job: j, customer, viewerQuoted, base }) => ({
      id: j.id,
      title: j.title,
      category: j.category,
      description: j.description.length > 240 ? `${j.description.slice(0, 237)}…` : j.description,
      budgetMin: j.budgetMin,
      budgetMax: j.budgetMax,
      outcode: j.outcode,
      place: geo.placeForOutcode(j.outcode) ?? null,
      distanceMiles:
        base?.lat != null && base.lng != null && j.lat !== null && j.lng !== null
          ? roundMiles(geo.distanceMiles({ lat: base.lat, lng: base.lng }, { lat: j.lat, lng: j.lng }))
          : null,
      createdAt: j.createdAt.toISOString(),
      quoteCount: j.liveQuoteCount,
      quotedByMe: viewerQuoted,
      customer: {
        id: j.customerId,
        fullName: customer.fullName,
        ...toRating(customer),
        emailVerified: customer.emailVerifiedAt !== null,
      },
    })),
  };
}

// Nearby's first page is looked for among this many of the newest open jobs, shared by every viewer.
const NEARBY_SHARED_ROWS = 200;

/**
 * Nearby's first page from the newest open jobs every viewer shares, kept to those within the
 * viewer's service radius (the same haversine as openJobsWhere). Where jobs are plentiful, as in a
 * city, the page is there; where they are sparse it is not, and null sends the request to the
 * location index instead.
 */
async function nearbyFromShared(
  deps: MarketDeps,
  viewerId: string,
  query: { categories: readonly string[] | null; limit: number },
) {
  const key = `nearby|${query.categories?.join(',') ?? ''}`;
  const read = () =>
    sharedOpenJobsPage(deps.db, {
      filter: 'all',
      categories: query.categories,
      cursor: null,
      limit: NEARBY_SHARED_ROWS,
    });
  const shared = await (deps.openJobPages ? deps.openJobPages.get(key, read) : read());
  const { quoted, base } = await viewerOverlay(
    deps.db,
    viewerId,
    shared.map((r) => r.job.id),
  );
  if (!base || base.radiusMiles === null) return null;
  const near = { lat: base.lat, lng: base.lng, radiusMiles: base.radiusMiles };
  const geo = getGeoDirectory();
  const rows: CardRow[] = [];
  for (const row of shared) {
    const { job } = row;
    const mine = quoted.has(job.id);
    if (job.customerId === viewerId || (job.liveQuoteCount >= 3 && !mine)) continue;
    if (
      job.lat === null ||
      job.lng === null ||
      geo.distanceMiles(near, { lat: job.lat, lng: job.lng }) > near.radiusMiles
    )
      continue;
    rows.push({ ...row, viewerQuoted: mine, base });
    if (rows.length === query.limit) break;
  }
  if (rows.length < query.limit && shared.length === NEARBY_SHARED_ROWS) return null;
  return { rows, near };
}

/**
 * The viewer's page made from the shared one: the viewer's own jobs and the full jobs they did not
 * quote on are left out, exactly as openJobsWhere does in SQL. Null when too many were left out for
 * the shared page to fill this one.
 */
async function sharedThenOverlaid(
  deps: MarketDeps,
  viewerId: string,
  filter: SharedFilter,
  query: { categories: readonly string[] | null; limit: number; cursor: OpenJobsQuery['cursor'] },
): Promise<CardRow[] | null> {
  const limit = query.limit + SHARED_PAGE_SPARE;
  const key = `${filter}|${query.categories?.join(',') ?? ''}|${query.cursor ? encodeCursor(query.cursor) : ''}|${limit}`;
  const read = () => sharedOpenJobsPage(deps.db, { ...query, filter, limit });
  const shared = await (deps.openJobPages ? deps.openJobPages.get(key, read) : read());
  const { quoted, base } = await viewerOverlay(
    deps.db,
    viewerId,
    shared.map((r) => r.job.id),
  );
  const rows: CardRow[] = [];
  for (const row of shared) {
    const mine = quoted.has(row.job.id);
    if (row.job.customerId === viewerId || (row.job.liveQuoteCount >= 3 && !mine)) continue;
    rows.push({ ...row, viewerQuoted: mine, base });
  }
  // The shared page ended before this one filled up: there is nothing more to find.
  if (rows.length >= query.limit || shared.length < limit) return rows.slice(0, query.limit);
  return null;
}

/** A job as this viewer may see it; anything it may not see is a 404. */
export async function jobDetail(deps: MarketDeps, auth: AuthContext, jobId: string): Promise<JobDetailView> {
  const viewer = viewerOf(auth);
  // The job with its booking, its quotes and everyone they name are read together (one statement);
  // what this viewer may see of them is decided here, and nothing is returned before that decision.
  const found = await jobPage(deps.db, jobId, viewer.id);
  if (!found) throw jobNotFound();
  const { job, booking } = found;
  const facts = {
    hasQuoted: found.quotes.some((q) => q.tradespersonId === viewer.id),
    isBooked: booking?.tradespersonId === viewer.id,
  };
  const relation = jobRelation(viewer, job, facts);
  if (!relation) throw jobNotFound();

  const quoteRows =
    relation === 'tradesperson' ? found.quotes.filter((q) => q.tradespersonId === viewer.id) : found.quotes;
  const shownBooking =
    booking && (relation !== 'tradesperson' || booking.tradespersonId === viewer.id) ? booking : null;
  const today = ukToday(deps);
  const quotes = quoteRows.map((q) => quoteJsonView(q, today));
  const me = found.viewer;
  const refusal =
    relation === 'tradesperson'
      ? quoteRefusal(viewer, job, { trade: me?.trade ?? null, hasQuoted: facts.hasQuoted })
      : null;
  const full = seesFullPostcode(relation, facts);
  const geo = getGeoDirectory();
  const base = me?.baseLat != null && me.baseLng != null ? { lat: me.baseLat, lng: me.baseLng } : null;
  return {
    id: job.id,
    title: job.title,
    category: job.category,
    status: jobStatus(job.status),
    description: job.description,
    budgetMin: job.budgetMin,
    budgetMax: job.budgetMax,
    postcode: full ? job.postcode : job.outcode,
    postcodeIsPartial: !full,
    place: geo.placeForOutcode(job.outcode) ?? null,
    distanceMiles:
      relation === 'tradesperson' && base && job.lat !== null && job.lng !== null
        ? roundMiles(geo.distanceMiles(base, { lat: job.lat, lng: job.lng }))
        : null,
    preferredStartDate: job.preferredStartDate,
    createdAt: job.createdAt.toISOString(),
    customer: personJsonView(found.customer, job.customerId),
    quotes,
    booking: shownBooking && bookingCardView(shownBooking),
    photos: found.photos.map(photoViewOfJson),
    viewer: {
      relation,
      canQuote: relation === 'tradesperson' && refusal === null,
      cannotQuoteReason: relation === 'tradesperson' && refusal ? refusal.message : null,
      myQuote: quotes.find((q) => q.tradesperson.id === viewer.id) ?? null,
    },
  };
}
