import { LRUCache } from 'lru-cache';
import type { JobStatus } from '../../../domain/catalog/statuses';
import { jobCategoriesFor } from '../../../domain/discovery/services';
import { roundMiles } from '../../../domain/geo/distance';
import { MARKET_MESSAGES, type PostJob } from '../../../domain/jobs/schemas';
import { jobStep } from '../../../domain/jobs/transitions';
import { getGeoDirectory } from '../../adapters/geo/uk-geography';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/session';
import { liveBookingOfJob } from '../bookings/bookings.repository';
import { quotesOfJob, rejectPendingQuotes } from '../quotes/quotes.repository';
import { toRating } from '../ratings/ratings.repository';
import {
  addLiveQuotes,
  countOpenJobs,
  customerJobs,
  findJob,
  insertJob,
  type JobRow,
  liveBookingsOfJobs,
  type OpenJobsFilter,
  openJobsPage,
  receivedQuoteCounts,
  setJobStatus,
  tradespersonBase,
} from './jobs.repository';
import { peopleByIds, personView } from './people';
import { jobRelation, quoteRefusal, seesFullPostcode, type Viewer } from './policy';
import { bookingView, bookingViews, quoteView } from './presenters';
import type { JobDetailView } from './views';

export interface MarketDeps {
  db: Database;
}

export const jobNotFound = () => AppError.notFound(MARKET_MESSAGES.jobNotFound);

export function viewerOf(auth: AuthContext): Viewer {
  return { id: auth.user.id, userType: auth.user.userType, isAdmin: auth.user.isAdmin };
}

export async function postJob(deps: MarketDeps, auth: AuthContext, input: PostJob): Promise<JobDetailView> {
  if (auth.user.userType !== 'customer')
    throw new AppError(403, 'only_customers', MARKET_MESSAGES.onlyCustomers);
  const place = getGeoDirectory().geocodePostcode(input.postcode);
  if (!place.ok) {
    throw AppError.validation(place.message, [{ field: 'postcode', message: place.message }]);
  }
  if (input.invitedTradespersonId) {
    const invited = (await peopleByIds(deps.db, [input.invitedTradespersonId])).get(
      input.invitedTradespersonId,
    );
    if (!invited?.trade) throw AppError.validation('That tradesperson cannot be found');
  }
  const job = await insertJob(deps.db, {
    customerId: auth.user.id,
    title: input.title,
    category: input.category,
    description: input.description,
    budgetMin: input.budgetMin,
    budgetMax: input.budgetMax,
    postcode: place.postcode,
    outcode: place.outcode,
    lat: place.lat,
    lng: place.lng,
    preferredStartDate: input.preferredStartDate,
    invitedTradespersonId: input.invitedTradespersonId ?? null,
  });
  return jobDetail(deps, auth, job.id);
}

export async function myJobs(deps: MarketDeps, auth: AuthContext, tab: 'all' | 'open' | 'active' | 'done') {
  const jobs = await customerJobs(deps.db, auth.user.id, tab);
  const ids = jobs.map((j) => j.id);
  const [counts, bookings] = await Promise.all([
    receivedQuoteCounts(deps.db, ids),
    liveBookingsOfJobs(deps.db, ids),
  ]);
  const views = await bookingViews(deps.db, bookings, new Map(jobs.map((j) => [j.id, j])));
  const bookingByJob = new Map(views.map((b) => [b.jobId, b]));
  return jobs.map((j) => ({
    id: j.id,
    title: j.title,
    category: j.category,
    status: j.status as JobDetailView['status'],
    budgetMin: j.budgetMin,
    budgetMax: j.budgetMax,
    postcode: j.postcode,
    createdAt: j.createdAt.toISOString(),
    quoteCount: counts.get(j.id) ?? 0,
    booking: bookingByJob.get(j.id) ?? null,
  }));
}

/** Cancelling an open job rejects its pending quotes (DOMAIN-RULES 3). */
export async function cancelJob(deps: MarketDeps, auth: AuthContext, jobId: string): Promise<JobDetailView> {
  await deps.db.transaction(async (tx) => {
    const job = await findJob(tx, jobId, { forUpdate: true });
    if (!job || job.customerId !== auth.user.id) throw jobNotFound();
    const step = jobStep('cancel', job.status as JobStatus, 'customer');
    if (!step.ok) throw AppError.conflict('not_open', MARKET_MESSAGES.jobNotOpen);
    // An open job's live quotes are all pending, so rejecting them empties its live count.
    await addLiveQuotes(tx, job.id, -(await rejectPendingQuotes(tx, job.id)));
    await setJobStatus(tx, job.id, step.to);
  });
  return jobDetail(deps, auth, jobId);
}

export interface OpenJobsRequest {
  filter: OpenJobsFilter;
  category?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

function decodeCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time ?? '');
  if (Number.isNaN(createdAt.getTime()) || !id || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw AppError.validation('That page link is not valid');
  }
  return { createdAt, id };
}

const encodeCursor = (job: Pick<JobRow, 'createdAt' | 'id'>) =>
  Buffer.from(`${job.createdAt.toISOString()}|${job.id}`, 'utf8').toString('base64url');

// "N job(s) available" counts every matching open job, which costs far more than a page of them. A
// count up to 15 s old is fine for that line, so it is cached per viewer and filter (per instance).
const openJobCounts = new LRUCache<string, number>({ max: 20_000, ttl: 15_000 });

// Below this many open jobs in range, Nearby reads them through the location index (measured with
// bench/marketplace-load.mjs: far from every job the date index walked 60,000 rows for none; in a
// busy city the location index sorted thousands of rows for a page of 20).
const NEARBY_SPARSE_BELOW = 500;

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
  const totalFor = (query: ReturnType<typeof queryFor>) =>
    cachedTotal ??
    countOpenJobs(deps.db, query).then((n) => {
      openJobCounts.set(countKey, n);
      return n;
    });
  let rows: Awaited<ReturnType<typeof openJobsPage>>;
  let total: number;
  if (request.filter === 'nearby') {
    // Nearby needs the base first, and its count decides the plan (see `sparse`).
    const base = await tradespersonBase(deps.db, auth.user.id);
    total = await totalFor(queryFor(base));
    rows = await openJobsPage(deps.db, queryFor(base, total < NEARBY_SPARSE_BELOW));
  } else {
    // The page carries the viewer's base itself (see openJobsPage).
    const query = queryFor(null);
    [rows, total] = await Promise.all([openJobsPage(deps.db, query), totalFor(query)]);
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

/** A job as this viewer may see it; anything it may not see is a 404. */
export async function jobDetail(deps: MarketDeps, auth: AuthContext, jobId: string): Promise<JobDetailView> {
  const viewer = viewerOf(auth);
  // The job, its quotes and its booking are read together; what this viewer may see of them is
  // decided afterwards, and nothing is returned before that decision.
  const [job, allQuotes, booking] = await Promise.all([
    findJob(deps.db, jobId),
    quotesOfJob(deps.db, jobId),
    liveBookingOfJob(deps.db, jobId),
  ]);
  if (!job) throw jobNotFound();
  const facts = {
    hasQuoted: allQuotes.some((q) => q.tradespersonId === viewer.id),
    isBooked: booking?.tradespersonId === viewer.id,
  };
  const relation = jobRelation(viewer, job, facts);
  if (!relation) throw jobNotFound();

  const quoteRows =
    relation === 'tradesperson' ? allQuotes.filter((q) => q.tradespersonId === viewer.id) : allQuotes;
  const shownBooking =
    booking && (relation !== 'tradesperson' || booking.tradespersonId === viewer.id) ? booking : null;
  // Everyone the page names, looked up together.
  const people = await peopleByIds(deps.db, [
    job.customerId,
    viewer.id,
    ...quoteRows.map((q) => q.tradespersonId),
    ...(shownBooking ? [shownBooking.tradespersonId] : []),
  ]);
  const quotes = quoteRows.map((q) => quoteView(q, people));
  const me = people.get(viewer.id);
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
    status: job.status as JobDetailView['status'],
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
    customer: personView(people.get(job.customerId), job.customerId),
    quotes,
    booking: shownBooking ? bookingView(shownBooking, job, people) : null,
    viewer: {
      relation,
      canQuote: relation === 'tradesperson' && refusal === null,
      cannotQuoteReason: relation === 'tradesperson' && refusal ? refusal.message : null,
      myQuote: quotes.find((q) => q.tradesperson.id === viewer.id) ?? null,
    },
  };
}
