import type { BookingStatus, JobStatus, QuoteStatus } from '../catalog/statuses';

// Statuses change only through these named transitions, each with the actors allowed to take it
// (Sharetribe's transaction-process idea). Services ask `transitionTo` and never write a status freely.

export type Actor = 'customer' | 'tradesperson' | 'system';

interface Transition<S extends string> {
  from: readonly S[];
  to: S;
  actors: readonly Actor[];
}

export const JOB_TRANSITIONS = {
  /** A quote is accepted: the job has its tradesperson. */
  book: { from: ['open'], to: 'in_progress', actors: ['customer'] },
  cancel: { from: ['open'], to: 'cancelled', actors: ['customer'] },
  /** A booking that was never confirmed is called off: the job looks for quotes again. */
  reopen: { from: ['in_progress'], to: 'open', actors: ['system'] },
  /** The booking is completed and paid (the payments issue takes this step). */
  complete: { from: ['in_progress'], to: 'completed', actors: ['system'] },
} as const satisfies Record<string, Transition<JobStatus>>;

export const QUOTE_TRANSITIONS = {
  edit: { from: ['pending'], to: 'pending', actors: ['tradesperson'] },
  withdraw: { from: ['pending'], to: 'withdrawn', actors: ['tradesperson'] },
  accept: { from: ['pending'], to: 'accepted', actors: ['customer'] },
  /** Another quote was accepted, the job was cancelled, or the booking was called off. */
  reject: { from: ['pending', 'accepted'], to: 'rejected', actors: ['system'] },
} as const satisfies Record<string, Transition<QuoteStatus>>;

export const BOOKING_TRANSITIONS = {
  confirm: { from: ['pending'], to: 'confirmed', actors: ['tradesperson'] },
  decline: { from: ['pending'], to: 'cancelled', actors: ['tradesperson'] },
  cancel: { from: ['pending'], to: 'cancelled', actors: ['customer', 'tradesperson'] },
  complete: { from: ['confirmed'], to: 'completed', actors: ['tradesperson'] },
  dispute: { from: ['confirmed', 'completed'], to: 'disputed', actors: ['customer', 'tradesperson'] },
} as const satisfies Record<string, Transition<BookingStatus>>;

export type TransitionResult<S> = { ok: true; to: S } | { ok: false; reason: 'wrong_state' | 'not_allowed' };

/** Whether `actor` may take transition `name` from status `from`, and where it leads. */
export function transitionTo<S extends string, T extends Record<string, Transition<S>>>(
  table: T,
  name: keyof T,
  from: NoInfer<S>,
  actor: Actor,
): TransitionResult<S> {
  const t = table[name]!;
  if (!t.actors.includes(actor)) return { ok: false, reason: 'not_allowed' };
  if (!(t.from as readonly string[]).includes(from)) return { ok: false, reason: 'wrong_state' };
  return { ok: true, to: t.to };
}

export const jobStep = (name: keyof typeof JOB_TRANSITIONS, from: JobStatus, actor: Actor) =>
  transitionTo<JobStatus, typeof JOB_TRANSITIONS>(JOB_TRANSITIONS, name, from, actor);
export const quoteStep = (name: keyof typeof QUOTE_TRANSITIONS, from: QuoteStatus, actor: Actor) =>
  transitionTo<QuoteStatus, typeof QUOTE_TRANSITIONS>(QUOTE_TRANSITIONS, name, from, actor);
export const bookingStep = (name: keyof typeof BOOKING_TRANSITIONS, from: BookingStatus, actor: Actor) =>
  transitionTo<BookingStatus, typeof BOOKING_TRANSITIONS>(BOOKING_TRANSITIONS, name, from, actor);
