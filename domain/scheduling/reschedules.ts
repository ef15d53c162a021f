import { z } from 'zod';
import { CalendarDate, Id, Timestamp, unbounded } from '../fields';
import { DATE_PATTERN, isCalendarDate } from '../marketplace/schemas';

// Moving a booking to another date (DOMAIN-RULES 12, docs/api/scheduling.md): one side proposes, the
// other accepts or declines, the proposer may withdraw; every proposal stays in the booking's history.

export const RESCHEDULE_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type RescheduleStatus = (typeof RESCHEDULE_STATUSES)[number];
/**
 * How a proposal is shown: as stored, except that one still pending on a booking that can no longer
 * move (done, disputed, cancelled) has lapsed: nobody can answer it any more.
 */
export const RESCHEDULE_VIEW_STATUSES = [...RESCHEDULE_STATUSES, 'lapsed'] as const;

/** Booking statuses whose date may still move: the work has not been done or disputed. */
export const RESCHEDULABLE_STATUSES = ['pending', 'confirmed'] as const;

export const RESCHEDULE_LIMITS = { noteMax: 500 } as const;

/** The API's and the dialog's words (ours: the spec is silent on rescheduling). */
export const RESCHEDULE_MESSAGES = {
  dateRequired: 'Please select a date',
  noteTooLong: `The note must be at most ${RESCHEDULE_LIMITS.noteMax} characters`,
  sameDate: 'The booking is already on that date',
  bookingNotFound: 'Booking not found',
  notFound: 'Reschedule not found',
  bookingState: 'Only a pending or confirmed booking can be moved to another date',
  onePending: 'A new date is already waiting for an answer: withdraw it or wait for the reply first',
  answered: 'This proposal has already been answered or withdrawn',
  ownProposal: 'The other party answers your proposal',
  onlyProposer: 'Only the person who proposed the date can withdraw it',
  proposed: 'New date proposed',
  accepted: 'New date accepted',
  declined: 'New date declined',
  withdrawn: 'Proposal withdrawn',
  failed: 'Could not update the booking date',
} as const;

const note = z
  .string()
  .trim()
  .max(RESCHEDULE_LIMITS.noteMax, RESCHEDULE_MESSAGES.noteTooLong)
  .optional()
  .transform((n) => (n ? n : null));

/**
 * POST /bookings/:id/reschedules. Only the date's shape is checked here: whether the day can be
 * booked (past, too far, the tradesperson's days) is the server's, in the transaction that decides.
 */
export const ProposeRescheduleBody = z.object({
  date: z
    .string({ error: RESCHEDULE_MESSAGES.dateRequired })
    .max(10, { error: RESCHEDULE_MESSAGES.dateRequired, abort: true })
    .regex(DATE_PATTERN, { error: RESCHEDULE_MESSAGES.dateRequired, abort: true })
    .refine(isCalendarDate, RESCHEDULE_MESSAGES.dateRequired),
  note,
});
export type ProposeRescheduleBody = z.input<typeof ProposeRescheduleBody>;

/** POST /reschedules/:id/decline (a reason, optional); accept and withdraw take an empty body. */
export const DeclineRescheduleBody = z.object({ note });
export type DeclineRescheduleBody = z.input<typeof DeclineRescheduleBody>;

export const RescheduleParams = z.object({ id: Id });

const Note = z.string().max(RESCHEDULE_LIMITS.noteMax).nullable();

/** One proposal as both parties see it. */
export const RescheduleView = z.object({
  id: Id,
  bookingId: Id,
  /** Which side proposed it. */
  proposedBy: z.enum(['customer', 'tradesperson']),
  /** The booking's date when it was proposed (null: none had been agreed). */
  fromDate: CalendarDate.nullable(),
  toDate: CalendarDate,
  note: Note,
  status: z.enum(RESCHEDULE_VIEW_STATUSES),
  /** The reason given with a decline. */
  decisionNote: Note,
  decidedAt: Timestamp.nullable(),
  createdAt: Timestamp,
});
export type RescheduleView = z.infer<typeof RescheduleView>;

export const RescheduleResponse = z.object({ reschedule: RescheduleView });
export type RescheduleResponse = z.infer<typeof RescheduleResponse>;

export const ReschedulesResponse = z.object({
  reschedules: unbounded(RescheduleView, "a booking's proposals, few in practice: one open at a time"),
});
export type ReschedulesResponse = z.infer<typeof ReschedulesResponse>;

/** The open proposal a booking card shows (BookingView.reschedule). */
export const PendingReschedule = RescheduleView.pick({
  id: true,
  proposedBy: true,
  fromDate: true,
  toDate: true,
  note: true,
  createdAt: true,
});
export type PendingReschedule = z.infer<typeof PendingReschedule>;
