import type { MoneyState } from './api';

/** A payment's amounts as stored. */
export interface PaymentAmounts {
  amountPence: number;
  refundedPence: number;
  releasedPence: number;
}

/** Where a paid booking's money is, in one word (BookingView.money.state). */
export function moneyState(p: PaymentAmounts | null): MoneyState {
  if (!p) return 'unpaid';
  const held = p.amountPence - p.refundedPence - p.releasedPence;
  if (p.refundedPence === p.amountPence) return 'refunded';
  if (held > 0) return 'held';
  return p.refundedPence > 0 ? 'partly_refunded' : 'released';
}
