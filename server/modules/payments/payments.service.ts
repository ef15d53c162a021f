import { isOneOf } from '../../../domain/catalog/statuses';
import { MILESTONE_MESSAGES } from '../../../domain/milestones/messages';
import type { CreatePaymentResponse, VerifyPaymentResponse } from '../../../domain/payments/api';
import { decideRefund, decideRelease } from '../../../domain/payments/escrow';
import { platformFeePence, refundEntries, refundReversalEntries } from '../../../domain/payments/ledger';
import { PAYMENT_MESSAGES } from '../../../domain/payments/messages';
import { type PaymentGateway, ProviderError } from '../../adapters/payments/gateway';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AppUrlFor } from '../../lib/app-url';
import type { Clock } from '../../lib/clock';
import type { SharedPages } from '../../lib/shared-pages';
import type { AuthContext } from '../../plugins/auth-context';
import type { EventOutbox } from '../../queue/outbox';
import { type Queue, send } from '../../queue/queue';
import { type BookingForPayment, bookingEventIds, bookingForPayment, markBookingPaid } from '../marketplace';
import { type NewLedgerTransaction, postTransaction } from './ledger.repository';
import {
  findPayment,
  findPaymentBySession,
  findRefund,
  insertPayment,
  insertRefund,
  OPEN_PAYMENT_STATUSES,
  type PaymentRow,
  paymentsOfBooking,
  pendingRefunds,
  type RefundRow,
  releaseDuePayments,
  setCheckoutSession,
  updatePayment,
  updateRefund,
} from './payments.repository';
import { postCharge } from './settlement.service';

export interface PaymentDeps {
  db: Database;
  gateway: PaymentGateway;
  events: EventOutbox;
  queue: Pick<Queue, 'wake'>;
  clock: Clock;
  appUrl: string;
  /**
   * Where checkout returns, from the request's Origin (lib/app-url.ts): the address the person is
   * using when it is an allowed one. Without it, APP_URL.
   */
  appUrlFor?: AppUrlFor;
  protectionWindowDays: number;
  /** Stripe's publishable key, for the card form (null with the sandbox). */
  publishableKey: string | null;
  /**
   * The admin console's shared reads (app.ts, ADMIN_SHARED_MS): the latest payments are the same for
   * every admin. Without it (tests, benchmarks' workers) each admin reads afresh.
   */
  adminReads?: SharedPages<unknown>;
  /**
   * Told when a charge fails (metrics), after its transaction commits: the one money outcome recorded
   * without a domain event. The others (paid, released, refunded, payouts) are counted from their events.
   */
  chargeFailed?: () => void;
  /** What milestones, payouts and saved cards answer for payments (below). */
  extensions: PaymentExtensions;
}

/**
 * What the money modules built on payments (milestones, payouts, payment-methods) answer for it.
 * They import payments and never the other way round (decision 0012), so where a payment's rules,
 * the provider's webhooks or the catch-up job reach into theirs, payments asks through this, and
 * server/payment-extensions.ts wires their answers in.
 */
export interface PaymentExtensions {
  /** Whether an accepted milestone plan pays the booking (then its single payment is refused). */
  paidByMilestones(db: Executor, bookingId: string): Promise<boolean>;
  /** A milestone's payment was refunded in full: its milestone says so, in the refund's transaction. */
  milestoneRefunded(tx: Executor, milestoneId: string, now: Date): Promise<void>;
  /**
   * The provider's news of an object other than a checkout session, by kind: each handler reads the
   * object's current state from the provider, so duplicates and late events change nothing.
   */
  providerObjects: Record<
    'account' | 'payment_intent' | 'setup_intent',
    (deps: PaymentDeps, id: string) => Promise<void>
  >;
  /**
   * The catch-up steps of the modules built on payments (an interrupted milestone charge, a payout the
   * provider did not answer), run after payments' own; each says what it settled.
   */
  reconcile: readonly ((deps: PaymentDeps) => Promise<{ confirmed: number; payouts: number }>)[];
  /**
   * A change's increase was paid into escrow (changes): it records its own event, in the payment's
   * transaction, so the payment and the news of it commit together.
   */
  changePaid(deps: PaymentDeps, tx: Executor, payment: PaymentRow): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const bookingNotFound = () => AppError.notFound(PAYMENT_MESSAGES.bookingNotFound);
export const paymentNotFound = () => AppError.notFound(PAYMENT_MESSAGES.paymentNotFound);
const paymentState = (message: string) => AppError.conflict('payment_state', message);

/**
 * Whether an open dispute freezes what the booking still holds (DOMAIN-RULES 6, 9 and 16): raising one
 * sets the booking `disputed` under its lock, and only the dispute's resolution sets it back. Read it
 * under the booking's lock, in the transaction that moves the money, so a dispute raised a moment
 * earlier is always seen and one raised a moment later waits for the move to commit.
 */
export const frozenByDispute = (found: BookingForPayment) => found.booking.status === 'disputed';

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
  return {
    ...bookingEventIds(found.booking),
    paymentId: payment.id,
    amountPence: payment.amountPence,
  };
}

/**
 * create-payment: the customer's checkout for a completed, unpaid booking. The amount is the booking's.
 * Under the booking's lock it finds the payment this checkout is for (the one still open, else a new
 * one); the provider is called after that commits, keyed by the payment, so a double click opens one
 * checkout. (Network calls never run inside a transaction: they would hold row locks for their whole
 * round trip, and on the embedded database the sandbox would wait for the one connection we hold.)
 */
export async function createPayment(
  deps: PaymentDeps,
  auth: AuthContext,
  bookingId: string,
  /** The request's Origin header: checkout returns there when it is an allowed address. */
  origin?: string,
): Promise<CreatePaymentResponse> {
  const appUrl = deps.appUrlFor?.(origin) ?? deps.appUrl;
  const { payment, title, email } = await deps.db.transaction(async (tx) => {
    const found = await bookingForPayment(tx, bookingId, { forUpdate: true });
    if (!found || found.booking.customerId !== auth.user.id) throw bookingNotFound();
    const { booking, job } = found;
    if (booking.depositPaid) throw paymentState(PAYMENT_MESSAGES.alreadyPaid);
    if (await deps.extensions.paidByMilestones(tx, booking.id))
      throw paymentState(MILESTONE_MESSAGES.paidByMilestones);
    if (booking.status !== 'completed') throw paymentState(PAYMENT_MESSAGES.notReady);
    const open = (await paymentsOfBooking(tx, booking.id)).find(
      (p) => p.milestoneId === null && p.changeId === null && isOneOf(OPEN_PAYMENT_STATUSES, p.status),
    );
    const payment =
      open ??
      (await insertPayment(tx, {
        bookingId: booking.id,
        payerId: auth.user.id,
        provider: deps.gateway.provider,
        amountPence: booking.amount,
        feePence: platformFeePence(booking.amount),
        status: 'requires_payment',
        createdAt: deps.clock.now(),
      }));
    return { payment, title: job.title, email: found.customerEmail };
  });

  const checkout = await openCheckout(deps, payment, {
    description: title,
    customerEmail: email,
    returnPath: '/my-jobs',
    appUrl,
  });
  // The provider let it expire: that payment is over, and the next press starts a new one.
  if (!checkout) return createPayment(deps, auth, bookingId, origin);
  return checkout;
}

/**
 * The provider's checkout page of an open payment, created once per payment (keyed by it) and found
 * again on a second press. Undefined when the provider let it expire: the payment is then cancelled,
 * and the caller starts a new one. Call after the payment's transaction commits. Shared by a booking's
 * single payment and a change's increase (changes), which return to their own pages.
 */
export async function openCheckout(
  deps: PaymentDeps,
  payment: PaymentRow,
  input: { description: string; customerEmail: string | null; returnPath: string; appUrl: string },
): Promise<{ url: string; sessionId: string } | undefined> {
  const back = `${input.appUrl}${input.returnPath}`;
  try {
    if (payment.checkoutSessionId) {
      const session = await deps.gateway.retrieveCheckoutSession(payment.checkoutSessionId);
      if (session.status === 'open' && session.url) return { url: session.url, sessionId: session.id };
      // Paid but not booked yet (the webhook is on its way): the return page's verification books it.
      if (session.status === 'complete' && session.paymentStatus === 'paid')
        return { url: returnUrl(back, session.id), sessionId: session.id };
      await cancelOpenPayment(deps, payment.id);
      return undefined;
    }
    const session = await deps.gateway.createCheckoutSession({
      paymentId: payment.id,
      bookingId: payment.bookingId,
      amountPence: payment.amountPence,
      description: input.description,
      customerEmail: input.customerEmail,
      successUrl: `${back}?payment=success&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${back}?payment=cancelled`,
      transferGroup: `booking-${payment.bookingId}`,
      idempotencyKey: `checkout-${payment.id}`,
    });
    await setCheckoutSession(deps.db, payment.id, session.id);
    return { url: session.url!, sessionId: session.id };
  } catch (error) {
    return providerFailure(error);
  }
}

async function cancelOpenPayment(deps: PaymentDeps, paymentId: string) {
  await deps.db.transaction(async (tx) => {
    const current = (await findPayment(tx, paymentId, { forUpdate: true }))!;
    if (isOneOf(OPEN_PAYMENT_STATUSES, current.status))
      await updatePayment(tx, paymentId, { status: 'cancelled', updatedAt: deps.clock.now() });
  });
}

const returnUrl = (back: string, sessionId: string) =>
  `${back}?payment=success&session_id=${encodeURIComponent(sessionId)}`;

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
      if (session.status === 'expired' && isOneOf(OPEN_PAYMENT_STATUSES, payment.status))
        return updatePayment(tx, payment.id, { status: 'cancelled', updatedAt: now });
      return payment;
    }
    const forChange = payment.changeId !== null;
    await postCharge(
      tx,
      payment,
      found.booking.customerId,
      forChange
        ? `Card payment for a change to '${found.job.title}'`
        : `Card payment for '${found.job.title}'`,
      now,
    );
    // A change's increase is paid on a booking already paid: it is held beside that payment, never
    // taken for a second payment of the booking (its own unique index keeps it to one per change).
    if (!forChange && found.booking.depositPaid)
      return refundDuplicate(deps, tx, found, payment, session.paymentIntentId, now);
    const heldUntil = new Date(now.getTime() + deps.protectionWindowDays * DAY_MS);
    const updated = await updatePayment(tx, payment.id, {
      status: 'succeeded',
      providerPaymentId: session.paymentIntentId,
      paidAt: now,
      heldUntil,
      updatedAt: now,
    });
    if (forChange) await deps.extensions.changePaid(deps, tx, updated);
    else await markBookingPaid(tx, found, now);
    await deps.events.record(tx, {
      type: 'payment.succeeded',
      actorId: null,
      payload: {
        ...paymentRef(found, updated),
        heldUntil: heldUntil.toISOString(),
        ...(forChange ? { changeId: payment.changeId! } : {}),
      },
    });
    return updated;
  });
  deps.events.committed();
  if (result.status === 'refunded') await sendPendingRefunds(deps, result.id);
  return result;
}

/**
 * Writes a refund and books it in the ledger, in the caller's transaction; the provider's refund
 * follows the commit (sendRefund), keyed by the refund's id.
 */
async function bookRefund(
  tx: Executor,
  payment: PaymentRow,
  r: {
    amountPence: number;
    reason: string;
    requestedBy: string | null;
    description: string;
    entries: NewLedgerTransaction['entries'];
    now: Date;
    /** The accepted change whose decrease this refund is. */
    changeId?: string | null;
  },
): Promise<void> {
  const refund = await insertRefund(tx, {
    paymentId: payment.id,
    amountPence: r.amountPence,
    reason: r.reason,
    requestedBy: r.requestedBy,
    changeId: r.changeId ?? null,
    createdAt: r.now,
    updatedAt: r.now,
  });
  await postTransaction(tx, {
    kind: 'refund',
    idempotencyKey: `refund:${refund.id}`,
    bookingId: payment.bookingId,
    paymentId: payment.id,
    refundId: refund.id,
    description: r.description,
    entries: r.entries,
    at: r.now,
  });
}

/**
 * A second checkout of an already paid booking was paid too (two tabs, two sessions): the customer is
 * never charged twice, so it is booked and refunded in full; the provider's refund follows the commit.
 */
async function refundDuplicate(
  deps: PaymentDeps,
  tx: Executor,
  found: BookingForPayment,
  payment: PaymentRow,
  paymentIntentId: string | null,
  now: Date,
): Promise<PaymentRow> {
  await bookRefund(tx, payment, {
    amountPence: payment.amountPence,
    reason: 'Duplicate payment',
    requestedBy: null,
    description: 'Refund of a duplicate payment',
    entries: refundEntries(found.booking.customerId, payment.amountPence),
    now,
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
    if (who.by === 'customer' && peek.milestoneId) throw paymentState(MILESTONE_MESSAGES.approveOnPage);
    const payment = (await findPayment(tx, paymentId, { forUpdate: true }))!;
    const opts = { actorId: system ? null : who.userId, early: !system, frozen: frozenByDispute(found) };
    const posted = await postRelease(deps, tx, found, payment, opts);
    if (!posted.ok) {
      if (system) return 'skipped' as const;
      throw paymentState(posted.reason === 'frozen' ? PAYMENT_MESSAGES.frozen : PAYMENT_MESSAGES.notHeld);
    }
    // The customer releasing the booking's payment releases what its agreed changes added too: the
    // booking's money goes as one. (The schedule releases each change payment at its own window's end.)
    if (!system && !payment.milestoneId && !payment.changeId) {
      for (const other of await paymentsOfBooking(tx, payment.bookingId)) {
        if (!other.changeId || other.status !== 'succeeded' || other.releasedAt) continue;
        await postRelease(deps, tx, found, (await findPayment(tx, other.id, { forUpdate: true }))!, opts);
      }
    }
    return 'released' as const;
  });
  if (outcome === 'released') afterRelease(deps);
  return outcome;
}

/** What a committed release still has to do: hand its events on, and pay the tradesperson out. */
export function afterRelease(deps: PaymentDeps): void {
  deps.events.committed();
  deps.queue.wake('payments.payout');
}

/**
 * Books the release of everything a payment still holds (the fee to the platform, the rest payable to
 * the tradesperson), records `payment.released` and queues the payout. Call under the booking's and
 * the payment's locks; `frozen` is whether a dispute holds it (a dispute's resolution is the one caller
 * that releases frozen money, and passes false). Returns the refusal instead of throwing it.
 */
export async function postRelease(
  deps: PaymentDeps,
  tx: Executor,
  found: BookingForPayment,
  payment: PaymentRow,
  opts: { actorId: string | null; early: boolean; frozen: boolean },
): Promise<{ ok: true; releasedPence: number; feePence: number } | { ok: false; reason: string }> {
  const now = deps.clock.now();
  const decision = decideRelease(payment, {
    tradespersonId: found.booking.tradespersonId,
    disputed: opts.frozen,
    now,
    early: opts.early,
  });
  if (!decision.ok) return decision;
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
    actorId: opts.actorId,
    payload: {
      ...paymentRef(found, updated),
      releasedPence: held,
      feePence,
      early: opts.early,
    },
  });
  await send(tx, 'payments.payout', { tradespersonId: found.booking.tradespersonId });
  return { ok: true, releasedPence: held, feePence };
}

/**
 * The release job: every held payment whose window has ended, in batches, `concurrency` payments at a
 * time (each its own transaction under its own booking's locks, so they never wait on one another; one
 * at a time, the job spent most of its time waiting for round trips). Returns how many it released. A
 * failure stops taking new payments; the ones under way finish, then it is thrown (the job runs again).
 */
export async function releaseDue(
  deps: PaymentDeps,
  { batch = 200, concurrency = 4 }: { batch?: number; concurrency?: number } = {},
): Promise<number> {
  let released = 0;
  for (;;) {
    const due = await releaseDuePayments(deps.db, deps.clock.now(), batch);
    let progressed = false;
    let next = 0;
    let failure: { error: unknown } | undefined;
    const lane = async () => {
      while (next < due.length && !failure) {
        const { id } = due[next++]!;
        try {
          if ((await releasePayment(deps, id, { by: 'schedule' })) === 'released') {
            released++;
            progressed = true;
          }
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, due.length)) }, lane));
    if (failure) throw failure.error;
    if (due.length < batch || !progressed) return released;
  }
}

/**
 * An admin refunds all or part of what a payment still holds. Booked at once (escrow to refunds, under
 * the booking's and the payment's locks, in the order every money path takes them, so concurrent
 * refunds never exceed what is held); the provider's refund follows the commit, keyed by the refund's
 * id, and is reversed if the provider refuses it. Money already released has left escrow and is not
 * refundable here, and money an open dispute freezes is refused (409): an admin moves it by resolving
 * the dispute, which otherwise would be left open with nothing held (issue 34).
 */
export async function refundPayment(
  deps: PaymentDeps,
  paymentId: string,
  input: { amountPence?: number | undefined; reason: string; actorId: string | null },
): Promise<PaymentRow> {
  const result = await deps.db.transaction(async (tx) => {
    const peek = await findPayment(tx, paymentId);
    if (!peek) throw paymentNotFound();
    const found = (await bookingForPayment(tx, peek.bookingId, { forUpdate: true }))!;
    const payment = (await findPayment(tx, paymentId, { forUpdate: true }))!;
    return postRefund(deps, tx, found, payment, { ...input, frozen: frozenByDispute(found) });
  });
  await afterRefund(deps, result.id);
  return (await findPayment(deps.db, result.id))!;
}

/** What a committed refund still has to do: hand its events on, and send it to the provider. */
export async function afterRefund(deps: PaymentDeps, paymentId: string): Promise<void> {
  deps.events.committed();
  await sendPendingRefunds(deps, paymentId);
}

/**
 * Books a refund of all (no amount) or part of what a payment still holds: escrow to refunds, and
 * `payment.refunded`. Call under the booking's and the payment's locks, so concurrent refunds never
 * exceed what is held; the provider's refund follows the commit (`afterRefund`). `frozen` is whether
 * an open dispute holds the money (`frozenByDispute`): the dispute's resolution is the one caller that
 * refunds frozen money, and passes false.
 */
export async function postRefund(
  deps: PaymentDeps,
  tx: Executor,
  found: BookingForPayment,
  payment: PaymentRow,
  input: {
    amountPence?: number | undefined;
    reason: string;
    actorId: string | null;
    frozen: boolean;
    changeId?: string;
  },
): Promise<PaymentRow> {
  const decision = decideRefund(payment, {
    customerId: found.booking.customerId,
    amountPence: input.amountPence,
    disputed: input.frozen,
  });
  if (!decision.ok) {
    if (decision.reason === 'frozen') throw paymentState(PAYMENT_MESSAGES.frozenForAdmin);
    if (decision.reason !== 'too_large') throw paymentState(PAYMENT_MESSAGES.notHeld);
    throw AppError.validation(PAYMENT_MESSAGES.refundTooLarge, [
      { field: 'amountPence', message: PAYMENT_MESSAGES.refundTooLarge },
    ]);
  }
  const { refundedPence: amount, status, entries } = decision.value;
  const now = deps.clock.now();
  await bookRefund(tx, payment, {
    amountPence: amount,
    reason: input.reason,
    requestedBy: input.actorId,
    description: `Refund: ${input.reason}`,
    entries,
    now,
    changeId: input.changeId ?? null,
  });
  // Release takes everything left, so a refund always precedes it: all refunded means nothing was
  // released, and the payment leaves the release job's list with its status.
  const updated = await updatePayment(tx, payment.id, {
    refundedPence: payment.refundedPence + amount,
    status,
    updatedAt: now,
  });
  if (payment.milestoneId && status === 'refunded')
    await deps.extensions.milestoneRefunded(tx, payment.milestoneId, now);
  await deps.events.record(tx, {
    type: 'payment.refunded',
    actorId: input.actorId,
    payload: { ...paymentRef(found, updated), refundedPence: amount, reason: input.reason },
  });
  return updated;
}

/** The provider's side of a payment's booked refunds; a provider outage leaves them for reconciliation. */
async function sendPendingRefunds(deps: PaymentDeps, paymentId: string): Promise<void> {
  for (const refund of (await pendingRefunds(deps.db)).filter((r) => r.paymentId === paymentId)) {
    try {
      await sendRefund(deps, refund.id);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
    }
  }
}

/**
 * Sends one booked refund to the provider. Safe to repeat (the refund's id is the idempotency key). A
 * refusal that will not change is reversed: the money returns to escrow and to what the payment holds,
 * with no release date. Someone decided it goes back to the customer (an admin, or a dispute's
 * resolution), so the release job must not hand it to the tradesperson once the old protection window
 * has passed, as it did (issue 34's audit); it waits for an admin's new refund, or the customer's own
 * release.
 */
export async function sendRefund(deps: PaymentDeps, refundId: string): Promise<RefundRow> {
  const refund = (await findRefund(deps.db, refundId))!;
  if (refund.status !== 'pending') return refund;
  const payment = (await findPayment(deps.db, refund.paymentId))!;
  let providerRefundId: string | null = null;
  let refusal: string | null = null;
  try {
    providerRefundId = (
      await deps.gateway.createRefund({
        paymentIntentId: payment.providerPaymentId!,
        amountPence: refund.amountPence,
        idempotencyKey: `refund-${refund.id}`,
        metadata: { paymentId: payment.id, refundId: refund.id },
      })
    ).id;
  } catch (error) {
    if (!(error instanceof ProviderError) || error.retryable) throw error;
    refusal = error.message;
  }
  return deps.db.transaction(async (tx) => {
    const found = (await bookingForPayment(tx, payment.bookingId, { forUpdate: true }))!;
    const current = (await findRefund(tx, refundId, { forUpdate: true }))!;
    if (current.status !== 'pending') return current;
    const now = deps.clock.now();
    if (refusal === null)
      return updateRefund(tx, current.id, { status: 'succeeded', providerRefundId, updatedAt: now });
    const p = (await findPayment(tx, current.paymentId, { forUpdate: true }))!;
    await postTransaction(tx, {
      kind: 'refund_reversal',
      idempotencyKey: `refund_reversal:${current.id}`,
      bookingId: p.bookingId,
      paymentId: p.id,
      refundId: current.id,
      description: `Refund refused by the provider: ${refusal}`,
      entries: refundReversalEntries(found.booking.customerId, current.amountPence),
      at: now,
    });
    await updatePayment(tx, p.id, {
      refundedPence: p.refundedPence - current.amountPence,
      status: 'succeeded',
      heldUntil: null,
      updatedAt: now,
    });
    return updateRefund(tx, current.id, { status: 'failed', failureReason: refusal, updatedAt: now });
  });
}

/** A payment the caller may release: its booking's customer's (anyone else gets the unknown id's 404). */
export async function findPaymentForRelease(deps: PaymentDeps, auth: AuthContext, paymentId: string) {
  const payment = await findPayment(deps.db, paymentId);
  const found = payment && (await bookingForPayment(deps.db, payment.bookingId));
  if (!payment || found?.booking.customerId !== auth.user.id) throw paymentNotFound();
  return payment;
}
