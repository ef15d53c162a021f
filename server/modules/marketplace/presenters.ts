import type { BookingDispute } from '../../../domain/disputes/api';
import type { BookingView, MyQuoteView, QuoteView } from '../../../domain/marketplace/api';
import type { BookingMoneySummary } from '../../../domain/payments/api';
import type { BookingReviews } from '../../../domain/reviews/api';
import type { Executor } from '../../db/client';
import { disputeSummaries } from './booking-disputes';
import { moneyOf, moneySummaries } from './booking-money';
import { reviewSummaries, reviewsOf } from './booking-reviews';
import type { BookingRow } from './bookings.repository';
import type { JobRow } from './jobs.repository';
import { type PersonRow, peopleByIds, personView, tradespersonView } from './people';
import type { QuoteRow } from './quotes.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function quoteView(q: QuoteRow, people: Map<string, PersonRow>): QuoteView {
  return {
    id: q.id,
    jobId: q.jobId,
    amount: q.amount,
    message: q.message,
    status: q.status as QuoteView['status'],
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
    tradesperson: tradespersonView(people.get(q.tradespersonId), q.tradespersonId),
  };
}

export function jobSummary(job: JobRow) {
  return {
    id: job.id,
    title: job.title,
    category: job.category,
    status: job.status as MyQuoteView['job']['status'],
    outcode: job.outcode,
    budgetMin: job.budgetMin,
    budgetMax: job.budgetMax,
  };
}

export function bookingView(
  b: BookingRow,
  job: JobRow,
  people: Map<string, PersonRow>,
  { money, reviews, disputes }: BookingExtras,
): BookingView {
  return {
    id: b.id,
    jobId: b.jobId,
    quoteId: b.quoteId,
    status: b.status as BookingView['status'],
    amount: b.amount,
    depositPaid: b.depositPaid,
    scheduledDate: b.scheduledDate,
    completedAt: iso(b.completedAt),
    createdAt: b.createdAt.toISOString(),
    money: moneyOf(money, b.id),
    reviews: reviewsOf(reviews, b.id),
    dispute: disputes.get(b.id) ?? { id: null, status: null, canRaise: false },
    customer: personView(people.get(b.customerId), b.customerId),
    tradesperson: tradespersonView(people.get(b.tradespersonId), b.tradespersonId),
    job: { id: job.id, title: job.title, category: job.category, outcode: job.outcode },
  };
}

export async function quoteViews(db: Executor, rows: QuoteRow[]): Promise<QuoteView[]> {
  const people = await peopleByIds(
    db,
    rows.map((q) => q.tradespersonId),
  );
  return rows.map((q) => quoteView(q, people));
}

export async function myQuoteViews(
  db: Executor,
  rows: { quote: QuoteRow; job: JobRow }[],
): Promise<MyQuoteView[]> {
  const people = await peopleByIds(
    db,
    rows.map((r) => r.quote.tradespersonId),
  );
  return rows.map((r) => ({ ...quoteView(r.quote, people), job: jobSummary(r.job) }));
}

/** What a booking shows beside its own columns: its money, its reviews and its dispute. */
export interface BookingExtras {
  money: Map<string, BookingMoneySummary>;
  reviews: Map<string, BookingReviews>;
  disputes: Map<string, BookingDispute>;
}

export async function bookingExtras(db: Executor, rows: BookingRow[]): Promise<BookingExtras> {
  const [money, reviews] = await Promise.all([moneySummaries(db, rows), reviewSummaries(db, rows)]);
  return { money, reviews, disputes: await disputeSummaries(db, rows, money) };
}

export async function bookingViews(
  db: Executor,
  rows: BookingRow[],
  jobs: Map<string, JobRow>,
): Promise<BookingView[]> {
  const [people, extras] = await Promise.all([
    peopleByIds(
      db,
      rows.flatMap((b) => [b.customerId, b.tradespersonId]),
    ),
    bookingExtras(db, rows),
  ]);
  return rows.map((b) => bookingView(b, jobs.get(b.jobId)!, people, extras));
}
