import { CHANGE_REFUSALS, moreThanHeld, noMilestoneAbsorbs } from './messages';
import type { ChangeDirection, ChangeSettlement } from './rules';

// How an accepted change moves the booking's money (docs/api/changes.md, DOMAIN-RULES 13), as a pure
// decision the changes service takes under the booking's and payments' locks. The same decision is
// taken when a change is proposed (so an impossible one is refused at once) and again when it is
// accepted (the money may have moved in between).

/** How the booking is being paid, as the service read it under its locks. */
export type BookingMoney =
  /** Nothing paid yet and no milestone plan: the booking's amount is what the customer will pay. */
  | { mode: 'unpaid' }
  /** Paid in one payment: what that payment still holds in escrow (0 once released or refunded). */
  | { mode: 'paid_in_one'; heldPence: number; released: boolean }
  /** A milestone plan in force: its milestones that are neither paid nor being charged, in order. */
  | { mode: 'milestones'; allPaid: boolean; unpaid: { id: string; amountPence: number }[] };

export type Settlement =
  | { ok: true; settlement: ChangeSettlement; amountAfter: number; milestoneId?: string }
  | { ok: false; reason: string };

/** Why no change can be proposed on this money at all (null when one can). */
export function moneyRefusal(money: BookingMoney): string | null {
  if (money.mode === 'paid_in_one' && (money.released || money.heldPence <= 0))
    return CHANGE_REFUSALS.released;
  if (money.mode === 'milestones' && money.allPaid) return CHANGE_REFUSALS.allMilestonesPaid;
  return null;
}

/**
 * The settlement of a change of `amountPence` (positive) up or down from the agreed `bookingAmount`.
 * A decrease must leave more than £0, may refund no more than is held, and on a milestone plan is
 * taken off the last unpaid milestone large enough to stay above £0.
 */
export function decideSettlement(
  change: { direction: ChangeDirection; amountPence: number },
  bookingAmount: number,
  money: BookingMoney,
): Settlement {
  const refusal = moneyRefusal(money);
  if (refusal) return { ok: false, reason: refusal };
  const up = change.direction === 'increase';
  const amountAfter = bookingAmount + (up ? change.amountPence : -change.amountPence);
  if (amountAfter <= 0) return { ok: false, reason: CHANGE_REFUSALS.toZero };
  if (money.mode === 'unpaid') return { ok: true, settlement: 'booking_amount', amountAfter };
  if (money.mode === 'paid_in_one') {
    if (up) return { ok: true, settlement: 'payment', amountAfter };
    if (change.amountPence > money.heldPence) return { ok: false, reason: moreThanHeld(money.heldPence) };
    return { ok: true, settlement: 'refund', amountAfter };
  }
  if (up) return { ok: true, settlement: 'milestone_added', amountAfter };
  const absorbing = money.unpaid.filter((m) => m.amountPence > change.amountPence).at(-1);
  if (!absorbing) {
    const largest = money.unpaid.length === 0 ? null : Math.max(...money.unpaid.map((m) => m.amountPence));
    return { ok: false, reason: noMilestoneAbsorbs(largest) };
  }
  return { ok: true, settlement: 'milestone_adjusted', amountAfter, milestoneId: absorbing.id };
}
