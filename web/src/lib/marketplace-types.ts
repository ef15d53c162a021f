// The marketplace API's shapes (docs/api/marketplace.md). Money is integer pence, dates ISO strings;
// `scheduledDate` and `preferredStartDate` are 'YYYY-MM-DD'. Shared with features/marketplace as types only.
import type { JobCategory } from '@domain/catalog/catalog';
import type { BookingStatus, JobStatus, QuoteStatus } from '@domain/catalog/statuses';

export type Person = {
  id: string;
  /** Null for a deleted account ("Deleted user"). */
  fullName: string | null;
  /** Mean of the person's reviews to 1 decimal, 0 with none. */
  rating: number;
  reviewCount: number;
};

export type Tradesperson = Person & { trade: string | null; verified: boolean; avatarUrl: string | null };

export type Quote = {
  id: string;
  jobId: string;
  amount: number;
  message: string;
  status: QuoteStatus;
  createdAt: string;
  updatedAt: string;
  tradesperson: Tradesperson;
};

export type Booking = {
  id: string;
  jobId: string;
  quoteId: string;
  status: BookingStatus;
  amount: number;
  depositPaid: boolean;
  scheduledDate: string | null;
  completedAt: string | null;
  createdAt: string;
  customer: Person;
  tradesperson: Tradesperson;
  job: { id: string; title: string; category: JobCategory | string; outcode: string };
};

export type MyJob = {
  id: string;
  title: string;
  category: string;
  status: JobStatus;
  budgetMin: number | null;
  budgetMax: number | null;
  postcode: string;
  createdAt: string;
  quoteCount: number;
  booking: Booking | null;
};

export type JobDetail = {
  id: string;
  title: string;
  category: string;
  status: JobStatus;
  description: string;
  budgetMin: number | null;
  budgetMax: number | null;
  postcode: string;
  postcodeIsPartial: boolean;
  place: string | null;
  distanceMiles: number | null;
  preferredStartDate: string | null;
  createdAt: string;
  customer: Person;
  quotes: Quote[];
  booking: Booking | null;
  viewer: {
    relation: 'owner' | 'tradesperson' | 'admin';
    canQuote: boolean;
    cannotQuoteReason: string | null;
    myQuote: Quote | null;
  };
};

export type MyQuote = Quote & {
  job: {
    id: string;
    title: string;
    category: string;
    status: JobStatus;
    outcode: string;
    budgetMin: number | null;
    budgetMax: number | null;
  };
};

export const MY_JOBS_TABS = ['all', 'open', 'active', 'done'] as const;
export type MyJobsTab = (typeof MY_JOBS_TABS)[number];
