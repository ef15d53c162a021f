import type { BookingStatus, DisputeResolution, DisputeStatus } from '../catalog/statuses';
import { DISPUTE_MESSAGES, DISPUTE_RULES } from './messages';

// The dispute rules (DOMAIN-RULES 6 and 9, issue 16) in pure code: the server enforces them under its
// locks with its injected clock; the web uses them to show or hide the button and to check a split.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A booking can be disputed while the work is in progress (confirmed), while it waits for payment
 * (completed, unpaid), or while any of its payment is still held in escrow. Once all the money has
 * moved on there is nothing left to freeze, and support is the way to go.
 */
export function canRaiseDispute(booking: {
  status: BookingStatus;
  depositPaid: boolean;
  /** Some of its payment is still in escrow. */
  moneyHeld: boolean;
}): boolean {
  if (booking.status === 'confirmed') return true;
  if (booking.status !== 'completed') return false;
  return !booking.depositPaid || booking.moneyHeld;
}

/** The other party's deadline: 7 days from when they were told. */
export function responseDueAt(toldAt: Date): Date {
  return new Date(toldAt.getTime() + DISPUTE_RULES.responseDays * DAY_MS);
}

export const ACTIVE_DISPUTE_STATUSES = [
  'open',
  'awaiting_response',
  'under_review',
] as const satisfies readonly DisputeStatus[];

/** The other party may respond until the dispute goes to review (by their response or the deadline). */
export function canRespond(status: DisputeStatus): boolean {
  return status === 'open' || status === 'awaiting_response';
}

export type SplitInput = {
  resolution: DisputeResolution;
  refundPence?: number | undefined;
  releasePence?: number | undefined;
};

export type SplitDecision =
  | { ok: true; refundPence: number; releasePence: number }
  | { ok: false; reason: 'must_add_up' | 'needs_both' | 'nothing_held' | 'money_held' };

/**
 * Where the held money goes for a resolution: everything one way, or a split whose two parts are each
 * more than nothing and add up exactly to what is held. With nothing held only a closing note fits.
 */
export function decideSplit(input: SplitInput, heldPence: number): SplitDecision {
  if (input.resolution === 'no_money_held') {
    return heldPence > 0
      ? { ok: false, reason: 'money_held' }
      : { ok: true, refundPence: 0, releasePence: 0 };
  }
  if (heldPence <= 0) return { ok: false, reason: 'nothing_held' };
  if (input.resolution === 'refund_customer') return { ok: true, refundPence: heldPence, releasePence: 0 };
  if (input.resolution === 'release_to_tradesperson')
    return { ok: true, refundPence: 0, releasePence: heldPence };
  const refund = input.refundPence ?? 0;
  const release = input.releasePence ?? 0;
  if (refund <= 0 || release <= 0) return { ok: false, reason: 'needs_both' };
  if (refund + release !== heldPence) return { ok: false, reason: 'must_add_up' };
  return { ok: true, refundPence: refund, releasePence: release };
}

/** Why decideSplit refuses, in the server's words. */
const SPLIT_REFUSAL_MESSAGES: Record<Extract<SplitDecision, { ok: false }>['reason'], string> = {
  must_add_up: DISPUTE_MESSAGES.splitMustAddUp,
  needs_both: DISPUTE_MESSAGES.splitNeedsBoth,
  nothing_held: DISPUTE_MESSAGES.nothingHeld,
  money_held: DISPUTE_MESSAGES.moneyHeld,
};

/** What decideSplit says against a resolution's money, in the server's words; null when it fits. */
export function splitRefusal(input: SplitInput, heldPence: number): string | null {
  const decision = decideSplit(input, heldPence);
  return decision.ok ? null : SPLIT_REFUSAL_MESSAGES[decision.reason];
}

export type TimelineStep = {
  status: DisputeStatus;
  /** When the step was reached; null while it is still ahead. */
  at: string | null;
  /** For awaiting_response: the other party's deadline. */
  dueAt?: string | null;
};

/** The status timeline both parties and admins see: open → awaiting response → under review → resolved. */
export function disputeTimeline(d: {
  createdAt: string;
  notifiedAt: string | null;
  responseDueAt: string | null;
  reviewStartedAt: string | null;
  resolvedAt: string | null;
}): TimelineStep[] {
  return [
    { status: 'open', at: d.createdAt },
    { status: 'awaiting_response', at: d.notifiedAt, dueAt: d.responseDueAt },
    { status: 'under_review', at: d.reviewStartedAt },
    { status: 'resolved', at: d.resolvedAt },
  ];
}
