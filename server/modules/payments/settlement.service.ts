import { decideCharge } from '../../../domain/payments/escrow';
import { type LedgerEntry, payoutReversalEntries } from '../../../domain/payments/ledger';
import type { PaymentIntentState } from '../../adapters/payments/gateway';
import type { Executor } from '../../db/client';
import { balanceOf, postTransaction } from './ledger.repository';
import {
  findPayment,
  insertPayment,
  type PaymentRow,
  paymentsOfBooking,
  updatePayment,
} from './payments.repository';

// What the money modules built on payments (milestones, payouts, disputes) do to payment rows and the
// ledger, as named operations: the payments module owns both (decision 0012), so they never write
// them directly. Each takes the caller's transaction handle, so the caller's use case stays one
// transaction under the locks it took (booking first, then its own rows, then the payment).

// ---- Reading and locking payments ----

/** One payment as it stands (no lock): a peek before the booking's lock is taken. */
export function paymentById(db: Executor, paymentId: string): Promise<PaymentRow | undefined> {
  return findPayment(db, paymentId);
}

/** Locks one payment, once its booking (and milestone) are locked. */
export async function lockPayment(tx: Executor, paymentId: string): Promise<PaymentRow> {
  return (await findPayment(tx, paymentId, { forUpdate: true }))!;
}

/**
 * Locks every payment of a booking, newest first, once the booking is locked: a dispute's resolution
 * moves their money, and no release or refund may move it in between.
 */
export async function lockPaymentsOfBooking(tx: Executor, bookingId: string): Promise<PaymentRow[]> {
  const locked: PaymentRow[] = [];
  for (const p of await paymentsOfBooking(tx, bookingId)) locked.push(await lockPayment(tx, p.id));
  return locked;
}

/** Whether the booking was paid in one payment (not by milestones): then it takes no milestone plan. */
export async function paidInOne(db: Executor, bookingId: string): Promise<boolean> {
  return (await paymentsOfBooking(db, bookingId)).some((p) => !p.milestoneId && p.status === 'succeeded');
}

// ---- Milestone charges ----

/**
 * Posts a paid charge to the ledger: the customer's money enters escrow. Keyed by the payment, so a
 * replayed webhook or a raced confirmation posts it once. Checkout payments and milestone charges alike.
 */
export async function postCharge(
  tx: Executor,
  payment: Pick<PaymentRow, 'id' | 'bookingId' | 'amountPence'>,
  customerId: string,
  description: string,
  at: Date,
): Promise<void> {
  await postTransaction(tx, {
    kind: 'charge',
    idempotencyKey: `charge:${payment.id}`,
    bookingId: payment.bookingId,
    paymentId: payment.id,
    description,
    entries: decideCharge(customerId, payment.amountPence),
    at,
  });
}

/**
 * Records a saved-card charge (a milestone's, or a change's increase) as under way, before the provider
 * is asked: the row is the charge's idempotency key, so a second press finds it and drives the same
 * charge.
 */
export function openMilestoneCharge(
  tx: Executor,
  charge: Pick<
    PaymentRow,
    'bookingId' | 'payerId' | 'provider' | 'amountPence' | 'feePence' | 'providerPaymentMethodId'
  > &
    Partial<Pick<PaymentRow, 'milestoneId' | 'changeId'>>,
  at: Date,
): Promise<PaymentRow> {
  return insertPayment(tx, { ...charge, status: 'processing', createdAt: at, updatedAt: at });
}

/**
 * Books what the provider says about a locked milestone charge that is still under way: paid (the
 * charge is posted to the ledger and the money held in escrow), failed, or waiting for the bank's
 * authentication. Any other answer leaves the payment as it is. The caller reads the outcome from
 * the returned row's status.
 */
export async function bookMilestoneCharge(
  tx: Executor,
  payment: PaymentRow,
  intent: PaymentIntentState,
  charge: { customerId: string; description: string; at: Date },
): Promise<PaymentRow> {
  const at = charge.at;
  if (intent.status === 'succeeded') {
    await postCharge(tx, payment, charge.customerId, charge.description, at);
    return updatePayment(tx, payment.id, {
      status: 'succeeded',
      providerPaymentId: intent.id,
      paidAt: at,
      lastError: null,
      updatedAt: at,
    });
  }
  if (intent.status === 'failed' || intent.status === 'canceled')
    return updatePayment(tx, payment.id, {
      status: 'failed',
      providerPaymentId: intent.id,
      lastError: intent.lastError ?? 'Your card was declined.',
      updatedAt: at,
    });
  if (intent.status === 'requires_action')
    return updatePayment(tx, payment.id, {
      status: 'requires_action',
      providerPaymentId: intent.id,
      updatedAt: at,
    });
  return payment;
}

/** Holds a paid payment in escrow until `releaseAt`, when the release job pays it out. */
export async function holdPaymentUntil(
  tx: Executor,
  paymentId: string,
  releaseAt: Date,
  at: Date,
): Promise<void> {
  await updatePayment(tx, paymentId, { heldUntil: releaseAt, updatedAt: at });
}

// ---- Changes to a booking ----

/**
 * The booking's agreed amount changed before it was paid (changes): a checkout still open for the old
 * amount is cancelled, so the next press opens one for the new amount. Returns the provider sessions
 * the cancelled payments had, which the caller expires once this commits.
 */
export async function cancelOpenBookingPayments(
  tx: Executor,
  bookingId: string,
  at: Date,
): Promise<string[]> {
  const sessions: string[] = [];
  for (const p of await paymentsOfBooking(tx, bookingId)) {
    if (p.milestoneId || p.changeId || p.status !== 'requires_payment') continue;
    await updatePayment(tx, p.id, { status: 'cancelled', updatedAt: at });
    if (p.checkoutSessionId) sessions.push(p.checkoutSessionId);
  }
  return sessions;
}

/** An accepted increase's payment, waiting for the customer (checkout or a saved card). */
export function openChangePayment(
  tx: Executor,
  payment: Pick<PaymentRow, 'bookingId' | 'changeId' | 'payerId' | 'provider' | 'amountPence' | 'feePence'>,
  at: Date,
): Promise<PaymentRow> {
  return insertPayment(tx, { ...payment, status: 'requires_payment', createdAt: at, updatedAt: at });
}

/** Cancels a change's payment still waiting for the customer (a checkout given up for a card). */
export async function cancelChangePayment(tx: Executor, paymentId: string, at: Date): Promise<void> {
  await updatePayment(tx, paymentId, { status: 'cancelled', updatedAt: at });
}

// ---- Payouts ----

/** What a tradesperson may be paid out: their payable balance in the ledger. */
export function payableBalance(db: Executor, tradespersonId: string): Promise<number> {
  return balanceOf(db, { kind: 'tradesperson_payable', userId: tradespersonId });
}

/** Posts a new payout to the ledger: its money moves from payable to `payouts` (once per payout). */
export async function postPayout(
  tx: Executor,
  payoutId: string,
  entries: LedgerEntry[],
  at: Date,
): Promise<void> {
  await postTransaction(tx, {
    kind: 'payout',
    idempotencyKey: `payout:${payoutId}`,
    payoutId,
    description: 'Payout to the connected account',
    entries,
    at,
  });
}

/** Posts a payout the provider refused back to the tradesperson's payable balance (once per payout). */
export async function postPayoutReversal(
  tx: Executor,
  payout: { id: string; userId: string; amountPence: number },
  refusal: string,
  at: Date,
): Promise<void> {
  await postTransaction(tx, {
    kind: 'payout_reversal',
    idempotencyKey: `payout_reversal:${payout.id}`,
    payoutId: payout.id,
    description: `Payout refused by the provider: ${refusal}`,
    entries: payoutReversalEntries(payout.userId, payout.amountPence),
    at,
  });
}
