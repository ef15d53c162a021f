import type { CreatePaymentResponse, VerifyPaymentResponse } from '../../../domain/payments/api';
import { decideCharge, decideRefund, decideRelease } from '../../../domain/payments/escrow';
import { platformFeePence, refundEntries } from '../../../domain/payments/ledger';
import { PAYMENT_MESSAGES } from '../../../domain/payments/messages';
import { type PaymentGateway, ProviderError } from '../../adapters/payments/gateway';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import type { EventOutbox } from '../../queue/outbox';
import { type Queue, send } from '../../queue/queue';
import { type BookingForPayment, bookingForPayment, markBookingPaid } from '../marketplace';
import { postTransaction } from './ledger.repository';
import {
  findPayment,
  findPaymentBySession,
  insertPayment,
  OPEN_PAYMENT_STATUSES,
  type PaymentRow,
  paymentsOfBooking,
  releaseDuePayments,
  updatePayment,
} from './payments.repository';

export interface PaymentDeps {
  db: Database;
  gateway: PaymentGateway;
  events: EventOutbox;
  queue: Pick<Queue, 'wake'>;
  clock: Clock;
  appUrl: string;
  protectionWindowDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const bookingNotFound = () => AppError.notFound(PAYMENT_MESSAGES.bookingNotFound);
export const paymentNotFound = () => AppError.notFound(PAYMENT_MESSAGES.paymentNotFound);
const paymentState = (message: string) => AppError.conflict('payment_state', message);

/** A provider failure as the API answers it: the provider's words when they are meant for people. */
export function providerFailure(error: unknown): never {
  if (error instanceof ProviderError)
    throw new AppError(
      502,
      'provider_unavailable',
      error.retryable ? PAYMENT_MESSAGES.providerUnavailable : error.message,
    );
  throw error;
}

function paymentRef(found: BookingForPayment, payment: PaymentRow) {
  const b = found.booking;
  return {
    jobId: b.jobId,
    customerId: b.customerId,
    quoteId: b.quoteId,
    tradespersonId: b.tradespersonId,
    bookingId: b.id,
    paymentId: payment.id,
    amountPence: payment.amountPence,
  };
}

/**
 * create-payment: the customer's checkout for a completed, unpaid booking. The amount is the booking's.
 * The booking row is locked, so a double click opens one checkout: the second press gets the same
 * session while it is open.
 */
export async function createPayment(
  deps: PaymentDeps,
  auth: AuthContext,
  bookingId: string,
): Promise<CreatePaymentResponse> {
  return deps.db.transaction(async (tx) => {
    const found = await bookingForPayment(tx, bookingId, { forUpdate: true });
    if (!found || found.booking.customerId !== auth.user.id) throw bookingNotFound();
    const { booking, job } = found;
    if (booking.depositPaid) throw paymentState(PAYMENT_MESSAGES.alreadyPaid);
    if (booking.status !== 'completed') throw paymentState(PAYMENT_MESSAGES.notReady);

    try {
      for (const open of (await paymentsOfBooking(tx, booking.id)).filter(
        (p) => OPEN_PAYMENT_STATUSES.includes(p.status as never) && p.checkoutSessionId,
      )) {
        const session = await deps.gateway.retrieveCheckoutSession(open.checkoutSessionId!);
        if (session.status === 'open' && session.url) return { url: session.url, sessionId: session.id };
        // Paid but not booked yet (the webhook is on its way): send the customer to the return page,
        // whose verification books it.
        if (session.status === 'complete' && session.paymentStatus === 'paid')
          return { url: returnUrl(deps, session.id), sessionId: session.id };
        await updatePayment(tx, open.id, { status: 'cancelled', updatedAt: deps.clock.now() });
      }

      const payment = await insertPayment(tx, {
        bookingId: booking.id,
        payerId: auth.user.id,
        provider: deps.gateway.provider,
        amountPence: booking.amount,
        feePence: platformFeePence(booking.amount),
        status: 'requires_payment',
      });
      const session = await deps.gateway.createCheckoutSession({
        paymentId: payment.id,
        bookingId: booking.id,
        amountPence: payment.amountPence,
        description: job.title,
        customerEmail: found.customerEmail,
        successUrl: `${deps.appUrl}/my-jobs?payment=success&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${deps.appUrl}/my-jobs?payment=cancelled`,
        transferGroup: `booking-${booking.id}`,
        idempotencyKey: `checkout-${payment.id}`,
      });
      await updatePayment(tx, payment.id, { checkoutSessionId: session.id });
      return { url: session.url!, sessionId: session.id };
    } catch (error) {
      return providerFailure(error);
    }
  });
}

const returnUrl = (deps: PaymentDeps, sessionId: string) =>
  `${deps.appUrl}/my-jobs?payment=success&session_id=${encodeURIComponent(sessionId)}`;

/**
 * verify-payment, on return from checkout: asks the provider and books the payment if the webhook has
 * not yet. Only the payer may ask about a session; anyone else gets the unknown session's 404.
 */
export async function verifyPayment(
  deps: PaymentDeps,
  auth: AuthContext,
  sessionId: string,
): Promise<VerifyPaymentResponse> {
  const known = await findPaymentBySession(deps.db, sessionId);
  if (!known || known.payerId !== auth.user.id) throw paymentNotFound();
  const payment = await confirmCheckoutSession(deps, sessionId).catch(providerFailure);
  const booking = await bookingForPayment(deps.db, known.bookingId);
  const p = payment ?? known;
  const status =
    p.status === 'succeeded' || p.status === 'refunded'
      ? 'paid'
      : p.status === 'cancelled'
        ? 'cancelled'
        : p.status === 'failed'
          ? 'failed'
          : 'pending';
  return {
    status,
    bookingId: p.bookingId,
    jobId: booking!.job.id,
    heldUntil: p.heldUntil?.toISOString() ?? null,
  };
}

/**
 * Books a checkout session's payment if the provider says it is paid: the one place money enters
 * escrow, shared by the webhook, verify-payment and the reconciliation job. Locks job, booking, then
 * payment (the marketplace's order); a payment already booked is returned as it is, so any number of
 * concurrent or replayed confirmations post one charge. Returns the payment, or undefined for a session
 * that is not ours.
 */
export async function confirmCheckoutSession(
  deps: PaymentDeps,
  sessionId: string,
): Promise<PaymentRow | undefined> {
  const known = await findPaymentBySession(deps.db, sessionId);
  if (!known) return undefined;
  if (known.status === 'succeeded' || known.status === 'refunded') return known;
  const session = await deps.gateway.retrieveCheckoutSession(sessionId);
  const paid = session.status === 'complete' && session.paymentStatus === 'paid';
  const result = await deps.db.transaction(async (tx) => {
    const found = (await bookingForPayment(tx, known.bookingId, { forUpdate: true }))!;
    const payment = (await findPayment(tx, known.id, { forUpdate: true }))!;
    if (payment.status === 'succeeded' || payment.status === 'refunded') return payment;
    const now = deps.clock.now();
    if (!paid) {
      if (session.status === 'expired' && OPEN_PAYMENT_STATUSES.includes(payment.status as never))
        return updatePayment(tx, payment.id, { status: 'cancelled', updatedAt: now });
      return payment;
    }
    await postTransaction(tx, {
      kind: 'charge',
      idempotencyKey: `charge:${payment.id}`,
      bookingId: payment.bookingId,
      paymentId: payment.id,
      description: `Card payment for '${found.job.title}'`,
      entries: decideCharge(found.booking.customerId, payment.amountPence),
      at: now,
    });
    if (found.booking.depositPaid)
      return refundDuplicate(deps, tx, found, payment, session.paymentIntentId, now);
    const heldUntil = new Date(now.getTime() + deps.protectionWindowDays * DAY_MS);
    const updated = await updatePayment(tx, payment.id, {
      status: 'succeeded',
      providerPaymentId: session.paymentIntentId,
      paidAt: now,
      heldUntil,
      updatedAt: now,
    });
    await markBookingPaid(tx, found, now);
    await deps.events.record(tx, {
      type: 'payment.succeeded',
      actorId: null,
      payload: { ...paymentRef(found, updated), heldUntil: heldUntil.toISOString() },
    });
    return updated;
  });
  deps.events.committed();
  return result;
}

/**
 * A second checkout of an already paid booking was paid too (two tabs, two sessions): the customer is
 * never charged twice, so it is booked and refunded in full at once.
 */
async function refundDuplicate(
  deps: PaymentDeps,
  tx: Executor,
  found: BookingForPayment,
  payment: PaymentRow,
  paymentIntentId: string | null,
  now: Date,
): Promise<PaymentRow> {
  await deps.gateway.createRefund({
    paymentIntentId: paymentIntentId!,
    amountPence: payment.amountPence,
    idempotencyKey: `refund-${payment.id}-0`,
    metadata: { paymentId: payment.id, reason: 'duplicate' },
  });
  await postTransaction(tx, {
    kind: 'refund',
    idempotencyKey: `refund:${payment.id}:0`,
    bookingId: payment.bookingId,
    paymentId: payment.id,
    description: 'Refund of a duplicate payment',
    entries: refundEntries(found.booking.customerId, payment.amountPence),
    at: now,
  });
  const updated = await updatePayment(tx, payment.id, {
    status: 'refunded',
    providerPaymentId: paymentIntentId,
    paidAt: now,
    refundedPence: payment.amountPence,
    updatedAt: now,
  });
  await deps.events.record(tx, {
    type: 'payment.refunded',
    actorId: null,
    payload: {
      ...paymentRef(found, updated),
      refundedPence: payment.amountPence,
      reason: 'Duplicate payment',
    },
  });
  return updated;
}

export type Releaser =
  | { by: 'customer'; userId: string }
  | { by: 'admin'; userId: string }
  | { by: 'schedule' };

export type ReleaseOutcome = 'released' | 'skipped';

/**
 * Releases what a payment still holds: the fee (15%, half-up) to the platform, the rest payable to the
 * tradesperson, who is then paid out. The schedule releases only after the protection window and never
 * money frozen by a dispute; the customer may release early. Idempotent per payment.
 */
export async function releasePayment(
  deps: PaymentDeps,
  paymentId: string,
  who: Releaser,
): Promise<ReleaseOutcome> {
  const system = who.by === 'schedule';
  const outcome = await deps.db.transaction(async (tx) => {
    const peek = await findPayment(tx, paymentId);
    if (!peek) throw paymentNotFound();
    const found = (await bookingForPayment(tx, peek.bookingId, { forUpdate: true }))!;
    if (who.by === 'customer' && found.booking.customerId !== who.userId) throw paymentNotFound();
    const payment = (await findPayment(tx, paymentId, { forUpdate: true }))!;
    const now = deps.clock.now();
    const decision = decideRelease(payment, {
      tradespersonId: found.booking.tradespersonId,
      disputed: found.booking.status === 'disputed',
      now,
      early: !system,
    });
    if (!decision.ok) {
      if (system) return 'skipped' as const;
      throw paymentState(decision.reason === 'frozen' ? PAYMENT_MESSAGES.frozen : PAYMENT_MESSAGES.notHeld);
    }
    const { releasedPence: held, feePence, entries } = decision.value;
    await postTransaction(tx, {
      kind: 'release',
      idempotencyKey: `release:${payment.id}`,
      bookingId: payment.bookingId,
      paymentId: payment.id,
      description: `Released to the tradesperson for '${found.job.title}'`,
      entries,
      at: now,
    });
    const updated = await updatePayment(tx, payment.id, {
      releasedPence: payment.releasedPence + held,
      releasedAt: now,
      updatedAt: now,
    });
    await deps.events.record(tx, {
      type: 'payment.released',
      actorId: system ? null : who.userId,
      payload: {
        ...paymentRef(found, updated),
        releasedPence: held,
        feePence,
        early: !system,
      },
    });
    await send(tx, 'payments.payout', { tradespersonId: found.booking.tradespersonId });
    return 'released' as const;
  });
  if (outcome === 'released') {
    deps.events.committed();
    deps.queue.wake('payments.payout');
  }
  return outcome;
}

/** The release job: every held payment whose window has ended, in batches. Returns how many it released. */
export async function releaseDue(deps: PaymentDeps, batch = 200): Promise<number> {
  let released = 0;
  for (;;) {
    const due = await releaseDuePayments(deps.db, deps.clock.now(), batch);
    let progressed = false;
    for (const { id } of due) {
      if ((await releasePayment(deps, id, { by: 'schedule' })) === 'released') {
        released++;
        progressed = true;
      }
    }
    if (due.length < batch || !progressed) return released;
  }
}

/**
 * Refunds all or part of what a payment still holds, through the provider and the ledger: admins now,
 * dispute resolutions later. Money already released is not refundable from escrow.
 */
export async function refundPayment(
  deps: PaymentDeps,
  paymentId: string,
  input: { amountPence?: number; reason: string; actorId: string | null },
): Promise<PaymentRow> {
  const result = await deps.db.transaction(async (tx) => {
    const peek = await findPayment(tx, paymentId);
    if (!peek) throw paymentNotFound();
    const found = (await bookingForPayment(tx, peek.bookingId, { forUpdate: true }))!;
    const payment = (await findPayment(tx, paymentId, { forUpdate: true }))!;
    const decision = decideRefund(payment, {
      customerId: found.booking.customerId,
      amountPence: input.amountPence,
    });
    if (!decision.ok) {
      if (decision.reason !== 'too_large') throw paymentState(PAYMENT_MESSAGES.notHeld);
      throw AppError.validation(PAYMENT_MESSAGES.refundTooLarge, [
        { field: 'amountPence', message: PAYMENT_MESSAGES.refundTooLarge },
      ]);
    }
    const { refundedPence: amount, status, entries } = decision.value;
    const now = deps.clock.now();
    // Keyed by how much was refunded before, so a retry of this refund reuses the provider's refund.
    const step = payment.refundedPence;
    try {
      await deps.gateway.createRefund({
        paymentIntentId: payment.providerPaymentId!,
        amountPence: amount,
        idempotencyKey: `refund-${payment.id}-${step}`,
        metadata: { paymentId: payment.id },
      });
    } catch (error) {
      providerFailure(error);
    }
    await postTransaction(tx, {
      kind: 'refund',
      idempotencyKey: `refund:${payment.id}:${step}`,
      bookingId: payment.bookingId,
      paymentId: payment.id,
      description: `Refund: ${input.reason}`,
      entries,
      at: now,
    });
    // Release takes everything left, so a refund always precedes it: all refunded means nothing was
    // released, and the payment leaves the release job's list with its status.
    const updated = await updatePayment(tx, payment.id, {
      refundedPence: payment.refundedPence + amount,
      status,
      updatedAt: now,
    });
    await deps.events.record(tx, {
      type: 'payment.refunded',
      actorId: input.actorId,
      payload: { ...paymentRef(found, updated), refundedPence: amount, reason: input.reason },
    });
    return updated;
  });
  deps.events.committed();
  return result;
}

/** A payment the caller may release: its booking's customer's (anyone else gets the unknown id's 404). */
export async function findPaymentForRelease(deps: PaymentDeps, auth: AuthContext, paymentId: string) {
  const payment = await findPayment(deps.db, paymentId);
  const found = payment && (await bookingForPayment(deps.db, payment.bookingId));
  if (!payment || found?.booking.customerId !== auth.user.id) throw paymentNotFound();
  return payment;
}
