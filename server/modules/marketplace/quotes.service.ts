import { jobStatus, quoteStatus } from '../../../domain/catalog/statuses';
import { roundMiles } from '../../../domain/geo/distance';
import type {
  BookingView,
  ComparedQuoteView,
  MyQuoteView,
  QuoteComparisonResponse,
  QuoteRevisionView,
  QuoteView,
} from '../../../domain/marketplace/api';
import { MY_QUOTES_PAGE_SIZE, type MyQuotesResponse } from '../../../domain/marketplace/api';
import { LINE_ITEM_KINDS, priceLines, pricingRefusal } from '../../../domain/marketplace/pricing';
import { MARKET_MESSAGES, QUOTE_MESSAGES, type Quote } from '../../../domain/marketplace/schemas';
import { jobStep, quoteStep } from '../../../domain/marketplace/transitions';
import { getGeoDirectory } from '../../adapters/geo/uk-geography';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { violates } from '../../lib/db-errors';
import { decodeCursor, keysetPage } from '../../lib/keyset-cursor';
import type { AuthContext } from '../../plugins/auth-context';
import { insertBooking, liveBookingOfJob } from './bookings.repository';
import { addLiveQuotes, findJob, setJobStatus, tradespersonLinkToJob } from './jobs.repository';
import { jobNotFound, jobsChanged, type MarketDeps, ukToday, viewerOf } from './jobs.service';
import { peopleByIds } from './people';
import { jobRelation, quoteRefusal } from './policy';
import {
  bookingViewById,
  quoteCardView,
  quoteExpired,
  quoteTermsView,
  quoteView,
  quoteViews,
} from './presenters';
import {
  findQuote,
  insertQuote,
  insertQuoteRevision,
  liveQuotesOfJob,
  type QuoteRow,
  type QuoteTermsColumns,
  quoteCardById,
  quoteCardsOfTradesperson,
  rejectPendingQuotes,
  revisionsOfQuote,
  type StoredQuoteTerms,
  tradespersonVatNumber,
  updateQuote,
} from './quotes.repository';

const quoteNotFound = () => AppError.notFound('Quote not found');

/** A quote's own events (edited, withdrawn), with the job's customer read inside the transaction. */
async function recordQuoteEvent(
  deps: MarketDeps,
  tx: Executor,
  type: 'quote.edited' | 'quote.withdrawn',
  actorId: string,
  quote: QuoteRow,
): Promise<void> {
  const job = (await findJob(tx, quote.jobId))!;
  await deps.events.record(tx, {
    type,
    actorId,
    payload: {
      jobId: job.id,
      customerId: job.customerId,
      quoteId: quote.id,
      tradespersonId: quote.tradespersonId,
    },
  });
}

async function oneQuoteView(deps: MarketDeps, row: QuoteRow): Promise<QuoteView> {
  return (await quoteViews(deps.db, [row], ukToday(deps)))[0]!;
}

/**
 * The columns one version of a quote stores. With line items the total is the server's (the body's
 * schema already checked any amount sent beside them); VAT may be charged only by a tradesperson with a
 * VAT number on their profile, and then on every line (its number is kept with the quote). A one-figure
 * quote is VAT-inclusive as typed.
 */
function quoteColumns(input: Quote, vatNumber: string | null): QuoteTermsColumns {
  const terms = {
    message: input.message,
    vatNumber,
    validUntil: input.validUntil,
    exclusions: input.exclusions,
    estimatedStart: input.estimatedStart,
    estimatedDurationDays: input.estimatedDurationDays,
  };
  if (!input.lineItems) {
    return { ...terms, amount: input.amount, lineItems: null, subtotalPence: null, vatPence: 0 };
  }
  const totals = priceLines(input.lineItems);
  const refusal = pricingRefusal(totals, { vatRegistered: vatNumber !== null });
  if (refusal) throw AppError.validation(refusal, [{ field: 'lineItems', message: refusal }]);
  return {
    ...terms,
    amount: totals.totalPence,
    lineItems: input.lineItems,
    subtotalPence: totals.subtotalPence,
    vatPence: totals.vatPence,
  };
}

/** What quote_revisions keeps of a version besides its amount and message. */
const storedTerms = (q: QuoteRow): StoredQuoteTerms => ({
  lineItems: q.lineItems,
  vatNumber: q.vatNumber,
  validUntil: q.validUntil,
  exclusions: q.exclusions,
  estimatedStart: q.estimatedStart,
  estimatedDurationDays: q.estimatedDurationDays,
});

/**
 * A tradesperson's quote. The job's row is locked first, so quotes on one job are decided one at a
 * time: the live-quote limit holds however many arrive at once (its CHECK is the backstop).
 */
export async function submitQuote(
  deps: MarketDeps,
  auth: AuthContext,
  jobId: string,
  input: Quote,
): Promise<QuoteView> {
  const viewer = viewerOf(auth);
  // Read before the job's row is locked: every statement inside holds up the other quotes on the job.
  const [people, vatNumber] = await Promise.all([
    peopleByIds(deps.db, [viewer.id]),
    tradespersonVatNumber(deps.db, viewer.id),
  ]);
  const trade = people.get(viewer.id)?.trade ?? null;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const job = await findJob(tx, jobId, { forUpdate: true });
      if (!job) throw jobNotFound();
      const link = await tradespersonLinkToJob(tx, job.id, viewer.id);
      const facts = { hasQuoted: link.quote !== undefined, isBooked: link.booked };
      if (!jobRelation(viewer, job, facts)) throw jobNotFound();
      const refusal = quoteRefusal(viewer, job, { trade, hasQuoted: facts.hasQuoted });
      if (refusal) throw new AppError(refusal.status, refusal.code, refusal.message);
      const quote = await insertQuote(tx, {
        jobId: job.id,
        tradespersonId: viewer.id,
        ...quoteColumns(input, vatNumber),
      });
      await addLiveQuotes(tx, job.id, 1);
      await deps.events.record(tx, {
        type: 'quote.received',
        actorId: viewer.id,
        payload: { jobId: job.id, customerId: job.customerId, quoteId: quote.id, tradespersonId: viewer.id },
      });
      return quote;
    });
    jobsChanged(deps);
    return oneQuoteView(deps, row);
  } catch (err) {
    if (violates(err, 'quotes_job_tradesperson_unique')) {
      throw AppError.conflict('already_quoted', MARKET_MESSAGES.alreadyQuoted);
    }
    if (violates(err, 'job_postings_live_quotes_check')) {
      throw AppError.conflict('quote_limit', MARKET_MESSAGES.quoteLimit);
    }
    throw err;
  }
}

/** The quote, locked, if it belongs to this tradesperson; otherwise a 404. */
async function ownQuote(
  tx: Parameters<Parameters<MarketDeps['db']['transaction']>[0]>[0],
  auth: AuthContext,
  id: string,
) {
  const quote = await findQuote(tx, id, { forUpdate: true });
  if (!quote || quote.tradespersonId !== auth.user.id) throw quoteNotFound();
  return quote;
}

/**
 * A revision of a pending quote (an expired one too: a new date revives it). The version it replaces
 * is kept in quote_revisions, so the customer can see what changed; the job's live-quote count is
 * untouched, as the cap counts tradespeople, not versions.
 */
export async function editQuote(
  deps: MarketDeps,
  auth: AuthContext,
  quoteId: string,
  input: Quote,
): Promise<QuoteView> {
  const row = await deps.db.transaction(async (tx) => {
    const quote = await ownQuote(tx, auth, quoteId);
    const step = quoteStep('edit', quoteStatus(quote.status), 'tradesperson');
    if (!step.ok) throw AppError.conflict('not_pending', MARKET_MESSAGES.notPending);
    const columns = quoteColumns(input, await tradespersonVatNumber(tx, auth.user.id));
    await insertQuoteRevision(tx, quote, storedTerms(quote));
    const updated = await updateQuote(tx, quote.id, { ...columns, revision: quote.revision + 1 });
    await recordQuoteEvent(deps, tx, 'quote.edited', auth.user.id, updated);
    return updated;
  });
  deps.events.committed();
  return oneQuoteView(deps, row);
}

export async function withdrawQuote(
  deps: MarketDeps,
  auth: AuthContext,
  quoteId: string,
): Promise<QuoteView> {
  const row = await deps.db.transaction(async (tx) => {
    const peek = await findQuote(tx, quoteId);
    if (!peek || peek.tradespersonId !== auth.user.id) throw quoteNotFound();
    // Job first, then quote: the same lock order as quoting and accepting, so they cannot deadlock.
    await findJob(tx, peek.jobId, { forUpdate: true });
    const quote = await ownQuote(tx, auth, quoteId);
    const step = quoteStep('withdraw', quoteStatus(quote.status), 'tradesperson');
    if (!step.ok) throw AppError.conflict('not_pending', MARKET_MESSAGES.notPending);
    const updated = await updateQuote(tx, quote.id, { status: step.to });
    await addLiveQuotes(tx, quote.jobId, -1);
    await recordQuoteEvent(deps, tx, 'quote.withdrawn', auth.user.id, updated);
    return updated;
  });
  jobsChanged(deps);
  return oneQuoteView(deps, row);
}

/**
 * Acceptance as one transaction (DOMAIN-RULES 5): the quote accepted, every other pending quote
 * rejected, a booking at the quote's amount, the job in progress. Without a date the booking is
 * confirmed (Accept on the job page); with one it is pending until the tradesperson confirms it.
 */
export async function acceptQuote(
  deps: MarketDeps,
  auth: AuthContext,
  quoteId: string,
  scheduledDate: string | null = null,
): Promise<BookingView> {
  const viewer = viewerOf(auth);
  try {
    const booking = await deps.db.transaction(async (tx) => {
      const peek = await findQuote(tx, quoteId);
      if (!peek) throw quoteNotFound();
      const job = await findJob(tx, peek.jobId, { forUpdate: true });
      // Only the job's customer may see its quotes, let alone accept one.
      if (!job || job.customerId !== viewer.id) throw quoteNotFound();
      if (
        (await liveBookingOfJob(tx, job.id)) ||
        job.status === 'in_progress' ||
        job.status === 'completed'
      ) {
        throw AppError.conflict('already_accepted', MARKET_MESSAGES.alreadyAccepted);
      }
      const jobMove = jobStep('book', jobStatus(job.status), 'customer');
      if (!jobMove.ok) throw AppError.conflict('not_open', MARKET_MESSAGES.jobNotOpen);
      const quote = (await findQuote(tx, quoteId, { forUpdate: true }))!;
      const quoteMove = quoteStep('accept', quoteStatus(quote.status), 'customer');
      if (!quoteMove.ok) throw AppError.conflict('not_pending', MARKET_MESSAGES.notPending);
      if (quoteExpired(quote, ukToday(deps)))
        throw AppError.conflict('quote_expired', QUOTE_MESSAGES.expired);
      // Lock order job → quote → the tradesperson's availability (inside the check), so two customers
      // racing for a day's last place are decided one after the other.
      if (scheduledDate) {
        await deps.assertDayBookable(tx, deps.clock ?? systemClock, quote.tradespersonId, scheduledDate);
      }

      await updateQuote(tx, quote.id, { status: quoteMove.to });
      const rejected = await rejectPendingQuotes(tx, job.id, quote.id);
      await addLiveQuotes(tx, job.id, -rejected.length);
      const now = new Date();
      const booking = await insertBooking(tx, {
        jobId: job.id,
        quoteId: quote.id,
        customerId: job.customerId,
        tradespersonId: quote.tradespersonId,
        // Always the quote's amount from the database, never a figure from the browser.
        amount: quote.amount,
        status: scheduledDate ? 'pending' : 'confirmed',
        scheduledDate,
        confirmedAt: scheduledDate ? null : now,
      });
      await setJobStatus(tx, job.id, jobMove.to, now);
      const ref = { jobId: job.id, customerId: job.customerId };
      await deps.events.record(tx, {
        type: 'quote.accepted',
        actorId: viewer.id,
        payload: { ...ref, quoteId: quote.id, tradespersonId: quote.tradespersonId },
      });
      for (const other of rejected) {
        await deps.events.record(tx, {
          type: 'quote.rejected',
          actorId: viewer.id,
          payload: {
            ...ref,
            quoteId: other.id,
            tradespersonId: other.tradespersonId,
            reason: 'other_quote_accepted',
          },
        });
      }
      await deps.events.record(tx, {
        type: 'booking.created',
        actorId: viewer.id,
        payload: {
          ...ref,
          quoteId: quote.id,
          tradespersonId: quote.tradespersonId,
          bookingId: booking.id,
          status: booking.status === 'pending' ? 'pending' : 'confirmed',
        },
      });
      return booking;
    });
    jobsChanged(deps);
    return bookingViewById(deps.db, booking.id);
  } catch (err) {
    // Two accepts at the same moment: the partial unique index lets one booking through.
    if (violates(err, 'bookings_one_live_per_job')) {
      throw AppError.conflict('already_accepted', MARKET_MESSAGES.alreadyAccepted);
    }
    throw err;
  }
}

/** A page of the tradesperson's quotes on one tab of Manage Quotes, newest first, and where the next starts. */
export async function myQuotes(
  deps: MarketDeps,
  auth: AuthContext,
  query: { tab: 'all' | 'pending' | 'accepted' | 'rejected'; cursor?: string | undefined },
): Promise<MyQuotesResponse> {
  const after = decodeCursor(query.cursor);
  if (auth.user.userType !== 'tradesperson') return { quotes: [], nextCursor: null };
  const today = ukToday(deps);
  const rows = await quoteCardsOfTradesperson(deps.db, auth.user.id, query.tab, {
    after,
    limit: MY_QUOTES_PAGE_SIZE + 1,
  });
  const { page, nextCursor } = keysetPage(rows, MY_QUOTES_PAGE_SIZE);
  return { quotes: page.map((q) => quoteCardView(q, today)), nextCursor };
}

/** One quote with its job, for the booking screen: its tradesperson or the job's customer only. */
async function visibleQuoteCard(deps: MarketDeps, auth: AuthContext, quoteId: string) {
  const found = await quoteCardById(deps.db, quoteId);
  if (
    !found ||
    (found.customerId !== auth.user.id && found.card.tradespersonId !== auth.user.id && !auth.user.isAdmin)
  ) {
    throw quoteNotFound();
  }
  return found.card;
}

export async function getQuote(deps: MarketDeps, auth: AuthContext, quoteId: string): Promise<MyQuoteView> {
  return quoteCardView(await visibleQuoteCard(deps, auth, quoteId), ukToday(deps));
}

/** A quote's earlier versions, newest first: for whoever may see the quote (its tradesperson, the customer). */
export async function quoteRevisions(
  deps: MarketDeps,
  auth: AuthContext,
  quoteId: string,
): Promise<QuoteRevisionView[]> {
  await visibleQuoteCard(deps, auth, quoteId);
  return (await revisionsOfQuote(deps.db, quoteId)).map((r) => {
    const terms = r.terms as StoredQuoteTerms;
    return {
      ...quoteTermsView({ ...terms, amount: r.amount, message: r.message }),
      revision: r.revision,
      madeAt: r.madeAt.toISOString(),
    };
  });
}

/**
 * The job's live quotes side by side, for its customer (and admins; anyone else gets a 404): each with
 * its tradesperson's rating, badge and distance from the job, lowest total first.
 */
export async function compareQuotes(
  deps: MarketDeps,
  auth: AuthContext,
  jobId: string,
): Promise<QuoteComparisonResponse> {
  const job = await findJob(deps.db, jobId);
  if (!job || (job.customerId !== auth.user.id && !auth.user.isAdmin)) throw jobNotFound();
  const rows = await liveQuotesOfJob(deps.db, job.id);
  const people = await peopleByIds(
    deps.db,
    rows.map((q) => q.tradespersonId),
  );
  const today = ukToday(deps);
  const geo = getGeoDirectory();
  const quotes = rows.map((q): ComparedQuoteView => {
    const person = people.get(q.tradespersonId);
    const view = quoteView(q, people, today);
    const base =
      person?.baseLat != null && person.baseLng != null ? { lat: person.baseLat, lng: person.baseLng } : null;
    const lines = view.breakdown?.lines ?? [];
    return {
      ...view,
      distanceMiles:
        base && job.lat !== null && job.lng !== null
          ? roundMiles(geo.distanceMiles(base, { lat: job.lat, lng: job.lng }))
          : null,
      byKind: LINE_ITEM_KINDS.flatMap((kind) => {
        const ofKind = lines.filter((line) => line.kind === kind);
        return ofKind.length === 0
          ? []
          : [{ kind, netPence: ofKind.reduce((sum, l) => sum + l.netPence, 0) }];
      }),
    };
  });
  quotes.sort((a, b) => a.amount - b.amount || a.createdAt.localeCompare(b.createdAt));
  return {
    job: { id: job.id, title: job.title, category: job.category, status: jobStatus(job.status) },
    quotes,
  };
}
