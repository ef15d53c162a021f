import { z } from 'zod';
import { BOOKING_STATUSES, JOB_STATUSES, QUOTE_STATUSES } from '../../../domain/catalog/statuses';

// The marketplace's API shapes (docs/api/marketplace.md). Responses are validated against them, so an
// internal column can never leak into a response.

export const PersonView = z.object({
  id: z.string(),
  fullName: z.string().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
});

export const TradespersonView = PersonView.extend({
  trade: z.string().nullable(),
  verified: z.boolean(),
  avatarUrl: z.string().nullable(),
});

export const QuoteView = z.object({
  id: z.string(),
  jobId: z.string(),
  amount: z.number().int(),
  message: z.string(),
  status: z.enum(QUOTE_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  tradesperson: TradespersonView,
});
export type QuoteView = z.infer<typeof QuoteView>;

export const JobSummaryView = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  status: z.enum(JOB_STATUSES),
  outcode: z.string(),
  budgetMin: z.number().int().nullable(),
  budgetMax: z.number().int().nullable(),
});

export const MyQuoteView = QuoteView.extend({ job: JobSummaryView });
export type MyQuoteView = z.infer<typeof MyQuoteView>;

export const BookingView = z.object({
  id: z.string(),
  jobId: z.string(),
  quoteId: z.string(),
  status: z.enum(BOOKING_STATUSES),
  amount: z.number().int(),
  depositPaid: z.boolean(),
  scheduledDate: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  customer: PersonView,
  tradesperson: TradespersonView,
  job: z.object({ id: z.string(), title: z.string(), category: z.string(), outcode: z.string() }),
});
export type BookingView = z.infer<typeof BookingView>;

export const MyJobView = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  status: z.enum(JOB_STATUSES),
  budgetMin: z.number().int().nullable(),
  budgetMax: z.number().int().nullable(),
  postcode: z.string(),
  createdAt: z.string(),
  quoteCount: z.number().int(),
  booking: BookingView.nullable(),
});

export const OpenJobView = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  description: z.string(),
  budgetMin: z.number().int().nullable(),
  budgetMax: z.number().int().nullable(),
  outcode: z.string(),
  place: z.string().nullable(),
  distanceMiles: z.number().nullable(),
  createdAt: z.string(),
  quoteCount: z.number().int(),
  /** The viewer has a quote on this job (it stays listed for them even when full). */
  quotedByMe: z.boolean(),
  customer: PersonView.extend({ emailVerified: z.boolean() }),
});

export const JobDetailView = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  status: z.enum(JOB_STATUSES),
  description: z.string(),
  budgetMin: z.number().int().nullable(),
  budgetMax: z.number().int().nullable(),
  postcode: z.string(),
  postcodeIsPartial: z.boolean(),
  place: z.string().nullable(),
  distanceMiles: z.number().nullable(),
  preferredStartDate: z.string().nullable(),
  createdAt: z.string(),
  customer: PersonView,
  quotes: z.array(QuoteView),
  booking: BookingView.nullable(),
  viewer: z.object({
    relation: z.enum(['owner', 'tradesperson', 'admin']),
    canQuote: z.boolean(),
    cannotQuoteReason: z.string().nullable(),
    myQuote: QuoteView.nullable(),
  }),
});
export type JobDetailView = z.infer<typeof JobDetailView>;
