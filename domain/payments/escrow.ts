import {
  chargeEntries,
  heldPence,
  type LedgerEntry,
  payoutEntries,
  platformFeePence,
  refundEntries,
  releaseEntries,
} from './ledger';

// The escrow rules as pure decisions (DOMAIN-RULES 6): given a payment's state, may this move happen,
// and what does it post? The payments service takes these decisions under its row locks and writes
// what they return; the property tests run long random sequences of them against a model ledger.

export interface EscrowPayment {
  status: 'requires_payment' | 'succeeded' | 'refunded' | string;
  amountPence: number;
  refundedPence: number;
  releasedPence: number;
  heldUntil: Date | null;
  releasedAt: Date | null;
}

export type Refusal = 'not_held' | 'frozen' | 'not_due' | 'too_large';
export type Decision<T> = { ok: true; value: T } | { ok: false; reason: Refusal };

export interface Release {
  releasedPence: number;
  feePence: number;
  entries: LedgerEntry[];
}

/** Releasing everything still held: by the schedule once the window has ended, or early by the customer. */
export function decideRelease(
  p: EscrowPayment,
  ctx: { tradespersonId: string; disputed: boolean; now: Date; early: boolean },
): Decision<Release> {
  const held = p.status === 'succeeded' && p.releasedAt === null ? heldPence(p) : 0;
  if (held <= 0) return { ok: false, reason: 'not_held' };
  if (ctx.disputed) return { ok: false, reason: 'frozen' };
  if (!ctx.early && p.heldUntil && p.heldUntil > ctx.now) return { ok: false, reason: 'not_due' };
  return {
    ok: true,
    value: {
      releasedPence: held,
      feePence: platformFeePence(held),
      entries: releaseEntries(ctx.tradespersonId, held),
    },
  };
}

export interface Refund {
  refundedPence: number;
  /** The payment's status afterwards: refunded once all of it went back. */
  status: 'succeeded' | 'refunded';
  entries: LedgerEntry[];
}

/**
 * Refunding all (no amount) or part of what is still held. Released money has left escrow. Money frozen
 * by an open dispute is refunded only by that dispute's resolution (which passes `disputed: false`),
 * whoever asks: an admin's refund obeys the freeze as a customer's release does (DOMAIN-RULES 16).
 */
export function decideRefund(
  p: EscrowPayment,
  ctx: { customerId: string; amountPence?: number | undefined; disputed: boolean },
): Decision<Refund> {
  const held = p.status === 'succeeded' && p.releasedAt === null ? heldPence(p) : 0;
  if (held <= 0) return { ok: false, reason: 'not_held' };
  if (ctx.disputed) return { ok: false, reason: 'frozen' };
  const amount = ctx.amountPence ?? held;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > held)
    return { ok: false, reason: 'too_large' };
  return {
    ok: true,
    value: {
      refundedPence: amount,
      status: p.refundedPence + amount === p.amountPence ? 'refunded' : 'succeeded',
      entries: refundEntries(ctx.customerId, amount),
    },
  };
}

/** The customer's confirmed payment entering escrow. */
export const decideCharge = (customerId: string, amountPence: number) =>
  chargeEntries(customerId, amountPence);

/** Paying out a payable balance, which must be positive and the account ready. */
export function decidePayout(
  payablePence: number,
  ctx: { tradespersonId: string; payoutsEnabled: boolean },
): Decision<{ amountPence: number; entries: LedgerEntry[] }> {
  if (!ctx.payoutsEnabled || payablePence <= 0) return { ok: false, reason: 'not_held' };
  return {
    ok: true,
    value: { amountPence: payablePence, entries: payoutEntries(ctx.tradespersonId, payablePence) },
  };
}
