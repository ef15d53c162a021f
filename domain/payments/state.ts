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

/**
 * A booking's payments taken together (its single payment, or its milestones'): what the lists' one
 * word describes. Only confirmed money counts; null when nothing was paid.
 */
export function combinedAmounts(payments: (PaymentAmounts & { status: string })[]): PaymentAmounts | null {
  const paid = payments.filter((p) => p.status === 'succeeded' || p.status === 'refunded');
  if (paid.length === 0) return null;
  return {
    amountPence: paid.reduce((s, p) => s + p.amountPence, 0),
    refundedPence: paid.reduce((s, p) => s + p.refundedPence, 0),
    releasedPence: paid.reduce((s, p) => s + p.releasedPence, 0),
  };
}
