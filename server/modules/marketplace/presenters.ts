import { bookingStatus, jobStatus, quoteStatus } from '../../../domain/catalog/statuses';
import type { BookingView, MyQuoteView, QuoteTermsView, QuoteView } from '../../../domain/marketplace/api';
import { type LineItem, priceLines } from '../../../domain/marketplace/pricing';
import type { BookingMoneySummary } from '../../../domain/payments/api';
import { combinedAmounts, moneyState } from '../../../domain/payments/state';
import type { Executor } from '../../db/client';
import { disputeOf } from './booking-disputes';
import { reviewSummaryOf } from './booking-reviews';
import { type BookingCard, bookingCardById } from './bookings.repository';
import {
  type PersonRow,
  peopleByIds,
  personJsonView,
  tradespersonJsonView,
  tradespersonView,
} from './people';
import type { QuoteCard, QuoteJson, QuoteRow } from './quotes.repository';

// JSON timestamps come as PostgreSQL writes them; the API sends them as JavaScript writes a Date.
const iso = (t: string) => new Date(t).toISOString();

/** A version's terms as the API shows them; the breakdown is recomputed from the stored lines. */
export function quoteTermsView(t: {
  amount: number;
  message: string;
  lineItems: LineItem[] | null;
  vatNumber: string | null;
  validUntil: string | null;
  exclusions: string | null;
  estimatedStart: string | null;
  estimatedDurationDays: number | null;
}): QuoteTermsView {
  return {
    amount: t.amount,
    message: t.message,
    breakdown: t.lineItems ? priceLines(t.lineItems) : null,
    vatNumber: t.vatNumber,
    validUntil: t.validUntil,
    exclusions: t.exclusions,
    estimatedStart: t.estimatedStart,
    estimatedDurationDays: t.estimatedDurationDays,
  };
}

/** A pending quote past its last valid day (UK calendar) cannot be accepted. */
export function quoteExpired(q: { status: string; validUntil: string | null }, today: string): boolean {
  return q.status === 'pending' && q.validUntil !== null && q.validUntil < today;
}

/** What a quote row and a quote read as JSON show alike; `today` is the UK date, for `expired`. */
function quoteTerms(
  q: Pick<QuoteRow, 'id' | 'jobId' | 'status' | 'revision'> & QuoteTermsSource,
  today: string,
) {
  return {
    id: q.id,
    jobId: q.jobId,
    ...quoteTermsView(q),
    status: quoteStatus(q.status),
    revision: q.revision,
    expired: quoteExpired(q, today),
  };
}
type QuoteTermsSource = Parameters<typeof quoteTermsView>[0];

export function quoteView(q: QuoteRow, people: Map<string, PersonRow>, today: string): QuoteView {
  return {
    ...quoteTerms(q, today),
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
    tradesperson: tradespersonView(people.get(q.tradespersonId), q.tradespersonId),
  };
}

export async function quoteViews(db: Executor, rows: QuoteRow[], today: string): Promise<QuoteView[]> {
  const people = await peopleByIds(
    db,
    rows.map((q) => q.tradespersonId),
  );
  return rows.map((q) => quoteView(q, people, today));
}

/** A quote read as JSON (quoteJson in quotes.repository.ts). */
export function quoteJsonView(q: QuoteJson, today: string): QuoteView {
  return {
    ...quoteTerms(q, today),
    createdAt: iso(q.createdAt),
    updatedAt: iso(q.updatedAt),
    tradesperson: tradespersonJsonView(q.tradesperson, q.tradespersonId),
  };
}

/** A quote with its job's summary (quoteCardJson). */
export function quoteCardView(q: QuoteCard, today: string): MyQuoteView {
  return {
    ...quoteJsonView(q, today),
    job: {
      id: q.job.id,
      title: q.job.title,
      category: q.job.category,
      status: jobStatus(q.job.status),
      outcode: q.job.outcode,
      budgetMin: q.job.budgetMin,
      budgetMax: q.job.budgetMax,
    },
  };
}

const UNPAID: BookingMoneySummary = { state: 'unpaid', heldUntil: null, frozen: false, milestones: false };

/**
 * The one-line money state of a booking from its succeeded and refunded payments (its single payment,
 * or its milestones' together): what the lists show as 'Held until <date>' (the earliest release still
 * to come), frozen while a dispute holds it.
 */
export function moneySummaryOf(
  paid: BookingCard['payments'],
  booking: { status: string },
): BookingMoneySummary {
  if (!paid || paid.length === 0) return UNPAID;
  const state = moneyState(combinedAmounts(paid));
  let nextRelease: string | null = null;
  for (const p of paid) {
    if (p.status !== 'succeeded' || p.releasedAt || !p.heldUntil) continue;
    if (nextRelease === null || Date.parse(p.heldUntil) < Date.parse(nextRelease)) nextRelease = p.heldUntil;
  }
  return {
    state,
    heldUntil: state === 'held' && nextRelease ? iso(nextRelease) : null,
    frozen: state === 'held' && booking.status === 'disputed',
    milestones: paid.some((p) => p.milestone),
  };
}

/** A booking as every page shows it, from its card (bookingCardJson in bookings.repository.ts). */
export function bookingCardView(b: BookingCard): BookingView {
  const money = moneySummaryOf(b.payments, b);
  return {
    id: b.id,
    jobId: b.jobId,
    quoteId: b.quoteId,
    status: bookingStatus(b.status),
    amount: b.amount,
    depositPaid: b.depositPaid,
    scheduledDate: b.scheduledDate,
    completedAt: b.completedAt === null ? null : iso(b.completedAt),
    createdAt: iso(b.createdAt),
    money,
    reviews: reviewSummaryOf(b.reviews, b.completedAt),
    dispute: disputeOf(b, b.dispute, money.state === 'held'),
    customer: personJsonView(b.customer, b.customerId),
    tradesperson: tradespersonJsonView(b.tradesperson, b.tradespersonId),
    job: { id: b.job.id, title: b.job.title, category: b.job.category, outcode: b.job.outcode },
    reschedule: b.reschedule && { ...b.reschedule, createdAt: iso(b.reschedule.createdAt) },
  };
}

/** One booking as the pages show it, read after a write to it has committed: one statement. */
export async function bookingViewById(db: Executor, id: string): Promise<BookingView> {
  const card = await bookingCardById(db, id);
  if (!card) throw new Error(`booking ${id} vanished`);
  return bookingCardView(card);
}
