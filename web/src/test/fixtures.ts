// Shapes the marketplace API answers with (docs/api/marketplace.md), for component tests.
import type {
  BookingView,
  DashboardView,
  JobDetailView,
  MyJobView,
  MyQuoteView,
  QuoteView,
  TradespersonView,
} from '@domain/marketplace/api';
import type { PaymentView } from '@domain/payments/api';

export const CUSTOMER_ID = '00000000-0000-4000-8000-000000000001';
export const TRADESPERSON_ID = '00000000-0000-4000-8000-000000000002';
export const JOB_ID = '10000000-0000-4000-8000-000000000001';
export const QUOTE_ID = '20000000-0000-4000-8000-000000000001';
export const BOOKING_ID = '30000000-0000-4000-8000-000000000001';

export function makeTradesperson(overrides: Partial<TradespersonView> = {}): TradespersonView {
  return {
    id: TRADESPERSON_ID,
    fullName: 'Tom Pipes',
    rating: 4.7,
    reviewCount: 12,
    trade: 'Plumber',
    verified: true,
    avatarUrl: null,
    ...overrides,
  };
}

/** What a one-figure quote's first version says beyond its amount and message (docs/api/quotes.md). */
export const ONE_FIGURE_TERMS = {
  breakdown: null,
  vatNumber: null,
  validUntil: null,
  exclusions: null,
  estimatedStart: null,
  estimatedDurationDays: null,
  revision: 1,
  expired: false,
} as const;

export function makeQuote(overrides: Partial<QuoteView> = {}): QuoteView {
  return {
    id: QUOTE_ID,
    jobId: JOB_ID,
    amount: 24_999,
    message: 'I can fix it on Monday.',
    ...ONE_FIGURE_TERMS,
    status: 'pending',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    tradesperson: makeTradesperson(),
    ...overrides,
  };
}

export function makeBooking(overrides: Partial<BookingView> = {}): BookingView {
  return {
    id: BOOKING_ID,
    jobId: JOB_ID,
    quoteId: QUOTE_ID,
    status: 'confirmed',
    amount: 123_450,
    depositPaid: false,
    scheduledDate: '2030-06-20',
    completedAt: null,
    createdAt: new Date().toISOString(),
    money: { state: 'unpaid', heldUntil: null, frozen: false, milestones: false },
    reviews: { closesAt: null, customerReviewed: false, tradespersonReviewed: false, published: false },
    dispute: { id: null, status: null, canRaise: true },
    reschedule: null,
    customer: { id: CUSTOMER_ID, fullName: 'Ann Smith', rating: 0, reviewCount: 0 },
    tradesperson: makeTradesperson(),
    job: { id: JOB_ID, title: 'Fix a leaking tap', category: 'Plumbing', outcode: 'M1' },
    ...overrides,
  };
}

export function makeMyJob(overrides: Partial<MyJobView> = {}): MyJobView {
  return {
    id: JOB_ID,
    title: 'Fix a leaking tap',
    category: 'Plumbing',
    status: 'open',
    budgetMin: 10_000,
    budgetMax: 25_000,
    postcode: 'M1 1AE',
    createdAt: new Date().toISOString(),
    quoteCount: 0,
    booking: null,
    ...overrides,
  };
}

export function makeJobDetail(overrides: Partial<JobDetailView> = {}): JobDetailView {
  return {
    id: JOB_ID,
    title: 'Fix a leaking tap',
    category: 'Plumbing',
    status: 'open',
    description: 'The kitchen tap drips all night and the washer looks worn.',
    budgetMin: 10_000,
    budgetMax: 25_000,
    postcode: 'M1 1AE',
    postcodeIsPartial: false,
    place: 'Manchester',
    distanceMiles: null,
    preferredStartDate: null,
    createdAt: new Date().toISOString(),
    customer: { id: CUSTOMER_ID, fullName: 'Ann Smith', rating: 0, reviewCount: 0 },
    quotes: [],
    booking: null,
    photos: [],
    viewer: { relation: 'owner', canQuote: false, cannotQuoteReason: null, myQuote: null },
    ...overrides,
  };
}

export function makeMyQuote(overrides: Partial<MyQuoteView> = {}): MyQuoteView {
  return {
    ...makeQuote(),
    job: {
      id: JOB_ID,
      title: 'Fix a leaking tap',
      category: 'Plumbing',
      status: 'open',
      outcode: 'M1',
      budgetMin: 10_000,
      budgetMax: 25_000,
    },
    ...overrides,
  };
}

/** The booking's £135.00 deposit, paid on 23 Nov 2026 and held until 30 Nov 2026, which the customer can release. */
export function makeHeldPayment(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    id: '40000000-0000-4000-8000-000000000001',
    bookingId: BOOKING_ID,
    status: 'succeeded',
    amountPence: 13_500,
    feePence: 2_025,
    refundedPence: 0,
    releasedPence: 0,
    heldPence: 13_500,
    heldUntil: '2026-11-30T12:00:00.000Z',
    releasedAt: null,
    paidAt: '2026-11-23T12:00:00.000Z',
    frozen: false,
    canRelease: true,
    ...overrides,
  };
}

/** A new tradesperson's dashboard: nothing quoted, booked, earned or reviewed yet. */
export const EMPTY_DASHBOARD: DashboardView = {
  stats: { activeJobs: 0, pendingQuotes: 0, totalEarningsPence: 0, rating: 0, reviewCount: 0 },
  recentQuotes: [],
  activeJobs: [],
};
