import {
  RESCHEDULE_MESSAGES as M,
  RESCHEDULABLE_STATUSES,
  type RescheduleView,
} from '../../../domain/scheduling/reschedules';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import { assertDayBookable } from './availability.rules';
import type { SchedulingDeps } from './deps';
import {
  type BookingDateRow,
  findBookingDate,
  findReschedule,
  insertReschedule,
  lockJob,
  moveBooking,
  pendingReschedule,
  type RescheduleRow,
  reschedulesOfBooking,
  updateReschedule,
} from './reschedules.repository';

// DOMAIN-RULES 12: a reschedule is a proposal by one side of a booking that the other accepts or
// declines; the proposer may withdraw it while it waits. The booking keeps every proposal.

const bookingNotFound = () => AppError.notFound(M.bookingNotFound);
const rescheduleNotFound = () => AppError.notFound(M.notFound);
const isParty = (booking: BookingDateRow, userId: string) =>
  booking.customerId === userId || booking.tradespersonId === userId;
const reschedulable = (booking: Pick<BookingDateRow, 'status'>) =>
  (RESCHEDULABLE_STATUSES as readonly string[]).includes(booking.status);

export function rescheduleView(
  row: RescheduleRow,
  booking: Pick<BookingDateRow, 'customerId' | 'status'>,
): RescheduleView {
  const lapsed = row.status === 'pending' && !reschedulable(booking);
  return {
    id: row.id,
    bookingId: row.bookingId,
    proposedBy: row.proposedBy === booking.customerId ? 'customer' : 'tradesperson',
    fromDate: row.fromDate,
    toDate: row.toDate,
    note: row.note,
    status: lapsed ? 'lapsed' : (row.status as RescheduleView['status']),
    decisionNote: row.decisionNote,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The booking if `userId` is one of its parties (else `notFound`), read without a lock. */
async function bookingOfParty(
  tx: Executor,
  bookingId: string,
  userId: string,
  notFound: () => AppError,
): Promise<BookingDateRow> {
  const booking = await findBookingDate(tx, bookingId);
  if (!booking || !isParty(booking, userId)) throw notFound();
  return booking;
}

/** Locks the booking in the order every booking decision takes: its job, then it (actOnBooking's). */
async function lockBooking(tx: Executor, peek: BookingDateRow): Promise<BookingDateRow> {
  await lockJob(tx, peek.jobId);
  return (await findBookingDate(tx, peek.id, { forUpdate: true }))!;
}

const eventPayload = (booking: BookingDateRow, row: RescheduleRow) => ({
  jobId: booking.jobId,
  customerId: booking.customerId,
  quoteId: booking.quoteId,
  tradespersonId: booking.tradespersonId,
  bookingId: booking.id,
  rescheduleId: row.id,
  proposedBy: row.proposedBy,
  fromDate: row.fromDate,
  toDate: row.toDate,
});

/**
 * One party proposes a new date for a pending or confirmed booking. The day is checked as a booking's
 * day is (not past, a working day, not full: the booking's own place does not count), so nobody is
 * asked to agree to a day that cannot work.
 */
export async function proposeReschedule(
  deps: SchedulingDeps,
  auth: AuthContext,
  bookingId: string,
  input: { date: string; note: string | null },
): Promise<RescheduleView> {
  const view = await deps.db.transaction(async (tx) => {
    const peek = await bookingOfParty(tx, bookingId, auth.user.id, bookingNotFound);
    const booking = await lockBooking(tx, peek);
    if (!reschedulable(booking)) throw AppError.conflict('reschedule_state', M.bookingState);
    if (await pendingReschedule(tx, booking.id)) throw AppError.conflict('reschedule_state', M.onePending);
    if (booking.scheduledDate === input.date) {
      throw AppError.validation(M.sameDate, [{ field: 'date', message: M.sameDate }]);
    }
    await assertDayBookable(tx, deps.clock, booking.tradespersonId, input.date, {
      exceptBookingId: booking.id,
      field: 'date',
    });
    // The booking's date cannot move while this waits (one proposal at a time), so `fromDate` is
    // the date an acceptance moves it from.
    const row = await insertReschedule(tx, {
      bookingId: booking.id,
      proposedBy: auth.user.id,
      fromDate: booking.scheduledDate,
      toDate: input.date,
      note: input.note,
      createdAt: deps.clock.now(),
    });
    await deps.events.record(tx, {
      type: 'booking.reschedule_proposed',
      actorId: auth.user.id,
      payload: eventPayload(booking, row),
    });
    return rescheduleView(row, booking);
  });
  deps.events.committed();
  return view;
}

type Answer = 'accept' | 'decline' | 'withdraw';

const ANSWERS = {
  accept: { status: 'accepted', event: 'booking.reschedule_accepted' },
  decline: { status: 'declined', event: 'booking.reschedule_declined' },
  withdraw: { status: 'withdrawn', event: 'booking.reschedule_withdrawn' },
} as const;

/**
 * The other party accepts or declines a waiting proposal, or its proposer withdraws it. Accepting
 * checks the day again (it may have filled since it was proposed) and moves the booking to it.
 */
export async function answerReschedule(
  deps: SchedulingDeps,
  auth: AuthContext,
  rescheduleId: string,
  answer: Answer,
  decisionNote: string | null = null,
): Promise<RescheduleView> {
  const view = await deps.db.transaction(async (tx) => {
    const peek = await findReschedule(tx, rescheduleId);
    if (!peek) throw rescheduleNotFound();
    const booking = await lockBooking(
      tx,
      await bookingOfParty(tx, peek.bookingId, auth.user.id, rescheduleNotFound),
    );
    const current = (await findReschedule(tx, rescheduleId, { forUpdate: true }))!;
    if (current.status !== 'pending') throw AppError.conflict('reschedule_state', M.answered);
    const mine = current.proposedBy === auth.user.id;
    if (answer === 'withdraw' && !mine) throw new AppError(403, 'not_allowed', M.onlyProposer);
    if (answer !== 'withdraw' && mine) throw new AppError(403, 'not_allowed', M.ownProposal);
    const now = deps.clock.now();
    if (answer === 'accept') {
      if (!reschedulable(booking)) throw AppError.conflict('reschedule_state', M.bookingState);
      await assertDayBookable(tx, deps.clock, booking.tradespersonId, current.toDate, {
        exceptBookingId: booking.id,
        field: 'date',
      });
      await moveBooking(tx, booking.id, current.toDate, now);
    }
    const row = await updateReschedule(tx, current.id, {
      status: ANSWERS[answer].status,
      decidedBy: auth.user.id,
      decidedAt: now,
      ...(answer === 'decline' ? { decisionNote } : {}),
    });
    await deps.events.record(tx, {
      type: ANSWERS[answer].event,
      actorId: auth.user.id,
      payload: eventPayload(booking, row),
    });
    return rescheduleView(row, booking);
  });
  deps.events.committed();
  return view;
}

/** The booking's proposals, newest first, for either of its parties. */
export async function bookingReschedules(
  deps: SchedulingDeps,
  auth: AuthContext,
  bookingId: string,
): Promise<RescheduleView[]> {
  const booking = await bookingOfParty(deps.db, bookingId, auth.user.id, bookingNotFound);
  return (await reschedulesOfBooking(deps.db, bookingId)).map((row) => rescheduleView(row, booking));
}
