import { bookingStatus, jobStatus, quoteStatus } from '../../../domain/catalog/statuses';
import {
  type BookingView,
  MY_BOOKINGS_PAGE_SIZE,
  type MyBookingsResponse,
} from '../../../domain/marketplace/api';
import { MARKET_MESSAGES } from '../../../domain/marketplace/schemas';
import { bookingStep, jobStep, quoteStep } from '../../../domain/marketplace/transitions';
import { AppError } from '../../lib/app-error';
import { decodeCursor, keysetPage } from '../../lib/keyset-cursor';
import type { AuthContext } from '../../plugins/auth-context';
import { bookingCardsOfUser, findBooking, setBookingStatus } from './bookings.repository';
import { addLiveQuotes, findJob, setJobStatus } from './jobs.repository';
import { jobsChanged, type MarketDeps } from './jobs.service';
import { bookingCardView, bookingViewById } from './presenters';
import { findQuote, updateQuote } from './quotes.repository';
import { acceptQuote } from './quotes.service';

const bookingNotFound = () => AppError.notFound('Booking not found');

const BOOKING_EVENTS = {
  confirm: 'booking.confirmed',
  decline: 'booking.declined',
  complete: 'booking.completed',
} as const;

/**
 * The booking screen: accept the quote and propose a date; the tradesperson then confirms. The date
 * was checked by the route's schema (a calendar day from today to a year ahead, CreateBookingBody).
 */
export async function createBooking(
  deps: MarketDeps,
  auth: AuthContext,
  input: { quoteId: string; scheduledDate: string },
): Promise<BookingView> {
  return acceptQuote(deps, auth, input.quoteId, input.scheduledDate);
}

/** A page of the caller's bookings (as either party), newest first, and where the next page starts. */
export async function myBookings(
  deps: MarketDeps,
  auth: AuthContext,
  query: { cursor?: string | undefined },
): Promise<MyBookingsResponse> {
  const rows = await bookingCardsOfUser(deps.db, auth.user.id, {
    after: decodeCursor(query.cursor),
    limit: MY_BOOKINGS_PAGE_SIZE + 1,
  });
  const { page, nextCursor } = keysetPage(rows, MY_BOOKINGS_PAGE_SIZE);
  return { bookings: page.map(bookingCardView), nextCursor };
}

export type BookingAction = 'confirm' | 'decline' | 'cancel' | 'complete';

/**
 * A party moves its booking along the transition table. Calling off a booking the tradesperson has
 * not confirmed reopens the job for new quotes, and its quote stops counting as live.
 */
export async function actOnBooking(
  deps: MarketDeps,
  auth: AuthContext,
  bookingId: string,
  action: BookingAction,
): Promise<BookingView> {
  await deps.db.transaction(async (tx) => {
    const peek = await findBooking(tx, bookingId);
    const isParty = peek && (peek.customerId === auth.user.id || peek.tradespersonId === auth.user.id);
    if (!peek || !isParty) throw bookingNotFound();
    // Job first, then booking: the lock order acceptance uses.
    const job = (await findJob(tx, peek.jobId, { forUpdate: true }))!;
    const current = (await findBooking(tx, bookingId, { forUpdate: true }))!;
    const actor = current.tradespersonId === auth.user.id ? 'tradesperson' : 'customer';
    const step = bookingStep(action, bookingStatus(current.status), actor);
    if (!step.ok) {
      if (step.reason === 'not_allowed')
        throw new AppError(403, 'not_allowed', 'Only the other party can do that');
      throw AppError.conflict('booking_state', MARKET_MESSAGES.bookingState);
    }
    const now = new Date();
    await setBookingStatus(tx, current.id, step.to, now);
    if (step.to === 'cancelled') {
      const quote = await findQuote(tx, current.quoteId, { forUpdate: true });
      const quoteMove = quote && quoteStep('reject', quoteStatus(quote.status), 'system');
      if (quote && quoteMove?.ok) {
        await updateQuote(tx, quote.id, { status: quoteMove.to });
        if (quote.status === 'accepted') await addLiveQuotes(tx, job.id, -1);
      }
      const reopen = jobStep('reopen', jobStatus(job.status), 'system');
      if (reopen.ok) await setJobStatus(tx, job.id, reopen.to, now);
    }
    // Paid in full already (every milestone): finishing the work finishes the job.
    if (step.to === 'completed' && current.depositPaid) {
      const finish = jobStep('complete', jobStatus(job.status), 'system');
      if (finish.ok) await setJobStatus(tx, job.id, finish.to, now);
    }
    const payload = {
      jobId: job.id,
      customerId: current.customerId,
      quoteId: current.quoteId,
      tradespersonId: current.tradespersonId,
      bookingId: current.id,
    };
    const actorId = auth.user.id;
    if (action === 'cancel') {
      await deps.events.record(tx, {
        type: 'booking.cancelled',
        actorId,
        payload: { ...payload, cancelledBy: actor },
      });
    } else {
      await deps.events.record(tx, { type: BOOKING_EVENTS[action], actorId, payload });
    }
  });
  jobsChanged(deps);
  return bookingViewById(deps.db, bookingId);
}
