import { z } from 'zod';
import { JOB_CATEGORIES, LIMITS, TRADES } from '../catalog/catalog';
import { BOOKING_STATUSES, JOB_STATUSES, QUOTE_STATUSES } from '../catalog/statuses';
import { BookingDispute } from '../disputes/api';
import {
  CalendarDate,
  Cursor,
  catalogString,
  Id,
  JobDescription,
  JobTitle,
  PersonName,
  PlaceName,
  Postcode,
  QuoteMessage,
  ServerText,
  Text,
  Timestamp,
  unbounded,
} from '../fields';
import { BookingMoneySummary } from '../payments/api';
import { PhotoView } from '../photos/api';
import { PHOTO_LIMITS } from '../photos/rules';
import { BookingReviews } from '../reviews/api';
import { PendingReschedule } from '../scheduling/reschedules';
import { LINE_ITEM_KINDS, PriceBreakdownView } from './pricing';

// The marketplace's API contract (docs/api/marketplace.md): the server validates and serializes with
// these schemas, so an internal column can never leak into a response, and the web imports their
// types only. Money is integer pence, dates ISO strings; `scheduledDate` and `preferredStartDate` are
// 'YYYY-MM-DD'. Request bodies are in ./schemas, shared with the forms.

export const PersonView = z.object({
  id: Id,
  /** Null for a deleted account ("Deleted user"). */
  fullName: PersonName.nullable(),
  /** Mean of the person's reviews to 1 decimal, 0 with none. */
  rating: z.number(),
  reviewCount: z.number().int(),
});
export type PersonView = z.infer<typeof PersonView>;

export const TradespersonView = PersonView.extend({
  trade: catalogString(TRADES).nullable(),
  verified: z.boolean(),
  avatarUrl: Text.nullable(),
});
export type TradespersonView = z.infer<typeof TradespersonView>;

/**
 * What a version of a quote says (docs/api/quotes.md): the total, the message and the optional terms.
 * `breakdown` is null for a one-figure quote, whose amount is VAT-inclusive as typed.
 */
export const QuoteTermsView = z.object({
  /** The total in pence, VAT included: what the customer pays. */
  amount: z.number().int(),
  message: QuoteMessage,
  breakdown: PriceBreakdownView.nullable(),
  /** The tradesperson's VAT number when the quote was made; null when not VAT registered. */
  vatNumber: z.string().max(14).nullable(),
  validUntil: CalendarDate.nullable(),
  exclusions: z.string().max(2000).nullable(),
  estimatedStart: CalendarDate.nullable(),
  estimatedDurationDays: z.number().int().nullable(),
});
export type QuoteTermsView = z.infer<typeof QuoteTermsView>;

export const QuoteView = z.object({
  id: Id,
  jobId: Id,
  ...QuoteTermsView.shape,
  status: z.enum(QUOTE_STATUSES),
  /** 1 for the first version; each revision before acceptance adds one. */
  revision: z.number().int(),
  /** Pending and past its `validUntil` (UK date): it cannot be accepted until revised with a new date. */
  expired: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  tradesperson: TradespersonView,
});
export type QuoteView = z.infer<typeof QuoteView>;

// The fields every view of a job starts with, and its budget range (either end may be unset).
const jobHeadline = { id: Id, title: JobTitle, category: catalogString(JOB_CATEGORIES) };
const jobBudget = { budgetMin: z.number().int().nullable(), budgetMax: z.number().int().nullable() };

export const JobSummaryView = z.object({
  ...jobHeadline,
  status: z.enum(JOB_STATUSES),
  outcode: Postcode,
  ...jobBudget,
});
export type JobSummaryView = z.infer<typeof JobSummaryView>;

/** A tradesperson's quote with the job it answers. */
export const MyQuoteView = QuoteView.extend({ job: JobSummaryView });
export type MyQuoteView = z.infer<typeof MyQuoteView>;

export const BookingView = z.object({
  id: Id,
  jobId: Id,
  quoteId: Id,
  status: z.enum(BOOKING_STATUSES),
  amount: z.number().int(),
  depositPaid: z.boolean(),
  scheduledDate: CalendarDate.nullable(),
  completedAt: Timestamp.nullable(),
  createdAt: Timestamp,
  /** Where the booking's money is (docs/api/payments.md): 'Held until <heldUntil>' while held. */
  money: BookingMoneySummary,
  /** Where the booking's reviews stand (fair reveal, docs/api/reviews.md). */
  reviews: BookingReviews,
  /** The booking's dispute, if any, and whether a party may raise one now (docs/api/disputes.md). */
  dispute: BookingDispute,
  customer: PersonView,
  tradesperson: TradespersonView,
  job: z.object({ id: Id, title: JobTitle, category: catalogString(JOB_CATEGORIES), outcode: Postcode }),
  /** A proposed new date waiting for the other party's answer (docs/api/scheduling.md). */
  reschedule: PendingReschedule.nullable(),
});
export type BookingView = z.infer<typeof BookingView>;

export const MyJobView = z.object({
  ...jobHeadline,
  status: z.enum(JOB_STATUSES),
  ...jobBudget,
  postcode: Postcode,
  createdAt: Timestamp,
  quoteCount: z.number().int(),
  booking: BookingView.nullable(),
});
export type MyJobView = z.infer<typeof MyJobView>;

/** A job in the tradespeople's list: never the full postcode, only the district and the place. */
export const OpenJobView = z.object({
  ...jobHeadline,
  description: JobDescription,
  ...jobBudget,
  outcode: Postcode,
  place: PlaceName.nullable(),
  distanceMiles: z.number().nullable(),
  createdAt: Timestamp,
  quoteCount: z.number().int(),
  /** The viewer has a quote on this job (it stays listed for them even when full). */
  quotedByMe: z.boolean(),
  customer: PersonView.extend({ emailVerified: z.boolean() }),
});
export type OpenJobView = z.infer<typeof OpenJobView>;

export const JobDetailView = z.object({
  ...jobHeadline,
  status: z.enum(JOB_STATUSES),
  description: JobDescription,
  ...jobBudget,
  postcode: Postcode,
  postcodeIsPartial: z.boolean(),
  place: PlaceName.nullable(),
  distanceMiles: z.number().nullable(),
  preferredStartDate: CalendarDate.nullable(),
  createdAt: Timestamp,
  customer: PersonView,
  quotes: unbounded(QuoteView, 'every quote on the job'),
  booking: BookingView.nullable(),
  /** The job's photos in the customer's order (docs/api/photos.md). */
  photos: z.array(PhotoView).max(PHOTO_LIMITS.maxPerJob),
  viewer: z.object({
    relation: z.enum(['owner', 'tradesperson', 'admin']),
    canQuote: z.boolean(),
    cannotQuoteReason: ServerText.nullable(),
    myQuote: QuoteView.nullable(),
  }),
});
export type JobDetailView = z.infer<typeof JobDetailView>;

export const JobResponse = z.object({ job: JobDetailView });
export type JobResponse = z.infer<typeof JobResponse>;

export const MyJobsTab = z.enum(['all', 'open', 'active', 'done']);
export type MyJobsTab = z.infer<typeof MyJobsTab>;
/**
 * How many jobs a page of My Jobs holds: a customer's history only grows, and the whole of it on every
 * visit cost the page more the longer the customer had used the service (bench/README.md, issue 40).
 */
export const MY_JOBS_PAGE_SIZE = 20;
export const MyJobsQuery = z.object({ tab: MyJobsTab.default('all'), cursor: Cursor.optional() });
export const MyJobsResponse = z.object({
  jobs: z.array(MyJobView).max(MY_JOBS_PAGE_SIZE),
  /** Where the next page starts (the `cursor` query), or null on the last page. */
  nextCursor: Cursor.nullable(),
});
export type MyJobsResponse = z.infer<typeof MyJobsResponse>;

/** The most jobs a page of open jobs holds (the `limit` query's bound). */
export const OPEN_JOBS_PAGE_MAX = 50;

export const OpenJobFilter = z.enum(['all', 'verified', 'top-rated', 'nearby']);
export type OpenJobFilter = z.infer<typeof OpenJobFilter>;
export const OpenJobsQuery = z.object({
  filter: OpenJobFilter.default('all'),
  /** A job category or a Browse Services category id. */
  category: z.string().trim().max(40).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(OPEN_JOBS_PAGE_MAX).default(20),
});
export const OpenJobsPage = z.object({
  jobs: z.array(OpenJobView).max(OPEN_JOBS_PAGE_MAX),
  total: z.number().int(),
  nextCursor: Cursor.nullable(),
});
export type OpenJobsPage = z.infer<typeof OpenJobsPage>;

export const QuoteResponse = z.object({ quote: QuoteView });
export type QuoteResponse = z.infer<typeof QuoteResponse>;
export const MyQuoteResponse = z.object({ quote: MyQuoteView });

/** An earlier version of a quote, replaced by a revision made before acceptance. */
export const QuoteRevisionView = QuoteTermsView.extend({
  /** That version's number (1 for the original). */
  revision: z.number().int(),
  /** When that version was made. */
  madeAt: Timestamp,
});
export type QuoteRevisionView = z.infer<typeof QuoteRevisionView>;
export const QuoteRevisionsResponse = z.object({
  revisions: unbounded(QuoteRevisionView, 'every earlier version of the quote, newest first'),
});
export type QuoteRevisionsResponse = z.infer<typeof QuoteRevisionsResponse>;

/** One quote in the customer's comparison: with its tradesperson's distance and its net per kind of line. */
export const ComparedQuoteView = QuoteView.extend({
  /** From the tradesperson's base to the job's postcode centroid, to 1 decimal; null when either is unknown. */
  distanceMiles: z.number().nullable(),
  /** The lines' net by kind (labour, materials, other), only kinds present; empty for a one-figure quote. */
  byKind: z
    .array(z.object({ kind: z.enum(LINE_ITEM_KINDS), netPence: z.number().int() }))
    .max(LINE_ITEM_KINDS.length),
});
export type ComparedQuoteView = z.infer<typeof ComparedQuoteView>;
export const QuoteComparisonResponse = z.object({
  job: z.object({ ...jobHeadline, status: z.enum(JOB_STATUSES) }),
  /** The job's live quotes (pending or accepted), lowest total first. */
  quotes: z.array(ComparedQuoteView).max(LIMITS.liveQuotesPerJob),
});
export type QuoteComparisonResponse = z.infer<typeof QuoteComparisonResponse>;
export type MyQuoteResponse = z.infer<typeof MyQuoteResponse>;

export const MyQuotesTab = z.enum(['all', 'pending', 'accepted', 'rejected']);
export type MyQuotesTab = z.infer<typeof MyQuotesTab>;
/** How many quotes a page of Manage Quotes holds (a tradesperson's history only grows, as My Jobs'). */
export const MY_QUOTES_PAGE_SIZE = 20;
export const MyQuotesQuery = z.object({ tab: MyQuotesTab.default('all'), cursor: Cursor.optional() });
export const MyQuotesResponse = z.object({
  quotes: z.array(MyQuoteView).max(MY_QUOTES_PAGE_SIZE),
  /** Where the next page starts (the `cursor` query), or null on the last page. */
  nextCursor: Cursor.nullable(),
});
export type MyQuotesResponse = z.infer<typeof MyQuotesResponse>;

export const BookingResponse = z.object({ booking: BookingView });
export type BookingResponse = z.infer<typeof BookingResponse>;
/** How many bookings a page of My Bookings holds (a user's history only grows, as My Jobs'). */
export const MY_BOOKINGS_PAGE_SIZE = 20;
export const MyBookingsQuery = z.object({ cursor: Cursor.optional() });
export const MyBookingsResponse = z.object({
  bookings: z.array(BookingView).max(MY_BOOKINGS_PAGE_SIZE),
  /** Where the next page starts (the `cursor` query), or null on the last page. */
  nextCursor: Cursor.nullable(),
});
export type MyBookingsResponse = z.infer<typeof MyBookingsResponse>;

/** The tradesperson dashboard, from the tradesperson's real data (the spec's fixed 4.8 is replaced). */
export const DashboardView = z.object({
  stats: z.object({
    activeJobs: z.number().int(),
    pendingQuotes: z.number().int(),
    totalEarningsPence: z.number().int(),
    rating: z.number(),
    reviewCount: z.number().int(),
  }),
  recentQuotes: z.array(MyQuoteView).max(LIMITS.dashboardListLimit),
  activeJobs: z.array(BookingView).max(LIMITS.dashboardActiveJobs),
});
export type DashboardView = z.infer<typeof DashboardView>;
