import { platformFeePence } from '../../../domain/payments/money';
import type { VisitChargeResponse } from '../../../domain/subscriptions/api';
import { SUBSCRIPTION_MESSAGES as M } from '../../../domain/subscriptions/messages';
import { nextChargeAttemptAt } from '../../../domain/subscriptions/rules';
import type { PaymentIntentState } from '../../adapters/payments/gateway';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import { bookingForPayment, markBookingPaid } from '../marketplace';
import { paymentCustomerOf } from '../payment-methods';
import {
  afterRefund,
  bookMilestoneCharge,
  LOOK_BACK_MS,
  lockPayment,
  openMilestoneCharge,
  type PaymentDeps,
  type PaymentRow,
  paymentById,
  postRefund,
  providerFailure,
} from '../payments';
import { cancelVisitBooking, planRef, planState, planView, recordPlanEvent, roleOf } from './plan-access';
import {
  claimDueVisits,
  findCard,
  findPlan,
  findVisit,
  holdCompletedVisits,
  latestPaymentsOf,
  type PlanRow,
  stuckVisitCharges,
  updatePlan,
  updateVisit,
  type VisitRow,
  visitOfBooking,
} from './subscriptions.repository';

// Each visit is charged into escrow before its day, from the plan's saved card, off-session (the
// milestones' way: the payment row is written first and is the provider's idempotency key). A charge
// that fails is tried again on the schedule of chargeRetryHours; after the last, the visit is called
// off and the plan paused. Money enters escrow only in settleVisitPayment, and only when the provider
// says the charge succeeded: a visit is never marked paid otherwise.

/** Visits charged per claim: each claim is a short transaction, the provider is called after it. */
const CLAIM_BATCH = 25;

/** The visit's last error while its charge waits for the customer's bank. */
export const REQUIRES_ACTION = 'Your bank asked you to confirm this payment.';

/** Locks, in the one order every path here uses: the plan, the visit, then the booking's job and booking. */
async function lockVisitOfBooking(tx: Executor, bookingId: string) {
  const peek = await visitOfBooking(tx, bookingId);
  if (!peek) return undefined;
  const plan = (await findPlan(tx, peek.subscriptionId, { forUpdate: true }))!;
  const visit = (await findVisit(tx, peek.id, { forUpdate: true }))!;
  const found = (await bookingForPayment(tx, bookingId, { forUpdate: true }))!;
  return { plan, visit, found };
}

const visitRef = (plan: PlanRow, visit: VisitRow) => ({
  ...planRef(plan),
  visitId: visit.id,
  bookingId: visit.bookingId!,
});

/** The provider's charge of a visit's payment, keyed by the payment: a repeat gets the first charge back. */
function driveCharge(
  deps: PaymentDeps,
  payment: PaymentRow,
  providerCustomerId: string,
  plan: PlanRow,
  visit: VisitRow,
) {
  return deps.gateway.chargeSavedCard({
    customerId: providerCustomerId,
    paymentMethodId: payment.providerPaymentMethodId!,
    amountPence: payment.amountPence,
    description: `Visit on ${visit.visitDate} of '${plan.title}'`,
    returnUrl: `${deps.appUrl}/subscriptions?plan=${plan.id}&visit=${visit.id}`,
    transferGroup: `booking-${payment.bookingId}`,
    metadata: {
      paymentId: payment.id,
      bookingId: payment.bookingId,
      visitId: visit.id,
      subscriptionId: plan.id,
    },
    idempotencyKey: `visit-charge-${payment.id}`,
  });
}

/**
 * A failed (or unauthenticated) scheduled attempt: the next is due on the retry schedule, or, after
 * the last, the visit is called off and the plan paused. Told to both sides by the events.
 */
async function afterFailedAttempt(
  deps: PaymentDeps,
  tx: Executor,
  plan: PlanRow,
  visit: VisitRow,
  error: string | null,
  now: Date,
) {
  const retryAt = nextChargeAttemptAt(visit.chargeAttempts, now);
  await recordPlanEvent(deps, tx, null, 'subscription.charge_failed', {
    ...visitRef(plan, visit),
    attempt: visit.chargeAttempts,
    retryAt: retryAt?.toISOString() ?? null,
  });
  if (retryAt) {
    await updateVisit(tx, visit.id, { nextChargeAt: retryAt, lastChargeError: error, updatedAt: now });
    return;
  }
  await cancelVisitBooking(tx, visit.bookingId!, now);
  await updateVisit(tx, visit.id, {
    status: 'cancelled',
    nextChargeAt: null,
    lastChargeError: error,
    updatedAt: now,
  });
  if (plan.status === 'active') {
    await updatePlan(tx, plan.id, {
      status: 'paused',
      pauseReason: 'payment_failed',
      pausedAt: now,
      updatedAt: now,
    });
    await recordPlanEvent(deps, tx, null, 'subscription.paused', {
      ...planRef(plan),
      reason: 'payment_failed',
    });
  }
}

/**
 * Books what the provider says of a visit's charge: paid (posted into escrow, the booking paid; held
 * until the protection window after the visit is marked complete), failed or waiting for the bank.
 * Shared by the scheduled charge, the customer's retry and return from authentication, the webhook
 * and reconciliation; a charge already settled is returned as it is, so replays post nothing twice.
 */
export async function settleVisitPayment(
  deps: PaymentDeps,
  paymentId: string,
  intent: PaymentIntentState,
): Promise<PaymentRow> {
  let failedNow = false;
  const result = await deps.db.transaction(async (tx) => {
    const peek = (await paymentById(tx, paymentId))!;
    const locked = await lockVisitOfBooking(tx, peek.bookingId);
    const payment = await lockPayment(tx, paymentId);
    if (!locked || (payment.status !== 'processing' && payment.status !== 'requires_action')) return payment;
    const { plan, visit, found } = locked;
    const now = deps.clock.now();
    const booked = await bookMilestoneCharge(tx, payment, intent, {
      customerId: found.booking.customerId,
      description: `Visit on ${visit.visitDate} of '${plan.title}'`,
      at: now,
    });
    if (booked.status === 'succeeded' && visit.status !== 'booked')
      // The bank confirmed a charge after its visit was called off (the last attempt had failed): it
      // is booked, so the ledger is true, and refunded in full at once.
      return postRefund(deps, tx, found, booked, {
        reason: 'The visit was called off before its charge was confirmed',
        actorId: null,
        frozen: false,
      });
    if (booked.status === 'succeeded') {
      await markBookingPaid(tx, found, now);
      await updateVisit(tx, visit.id, { nextChargeAt: null, lastChargeError: null, updatedAt: now });
      await recordPlanEvent(deps, tx, null, 'subscription.visit_charged', {
        ...visitRef(plan, visit),
        paymentId: payment.id,
      });
    } else if (booked.status === 'failed' || booked.status === 'requires_action') {
      failedNow = booked.status === 'failed';
      const error = booked.status === 'failed' ? booked.lastError : REQUIRES_ACTION;
      // A scheduled attempt is the one whose claim cleared the next attempt: the customer's own
      // retry, a webhook's replay or the bank's late answer change no schedule.
      if (visit.status === 'booked' && visit.nextChargeAt === null)
        await afterFailedAttempt(deps, tx, plan, visit, error, now);
      else if (visit.status === 'booked')
        await updateVisit(tx, visit.id, { lastChargeError: error, updatedAt: now });
    }
    return booked;
  });
  deps.events.committed();
  if (result.status === 'refunded') await afterRefund(deps, result.id);
  if (failedNow) deps.chargeFailed?.();
  return result;
}

/** Opens a visit's charge (a payment row for its booking, with no milestone or change) under the locks. */
async function openVisitCharge(deps: PaymentDeps, tx: Executor, plan: PlanRow, visit: VisitRow, now: Date) {
  const card = plan.paymentMethodId ? await findCard(tx, plan.paymentMethodId) : undefined;
  if (!card) throw planState(M.cardNeeded);
  return openMilestoneCharge(
    tx,
    {
      bookingId: visit.bookingId!,
      payerId: plan.customerId,
      provider: deps.gateway.provider,
      amountPence: visit.pricePence,
      feePence: platformFeePence(visit.pricePence),
      providerPaymentMethodId: card.providerPaymentMethodId,
    },
    now,
  );
}

/** Drives a charge and settles it; a provider that cannot be reached leaves it for reconciliation. */
async function driveAndSettle(deps: PaymentDeps, payment: PaymentRow, plan: PlanRow, visit: VisitRow) {
  const customer = await paymentCustomerOf(deps.db, plan.customerId);
  if (!customer) return payment;
  const intent =
    payment.status === 'requires_action' && payment.providerPaymentId
      ? await deps.gateway.retrievePaymentIntent(payment.providerPaymentId)
      : await driveCharge(deps, payment, customer.providerCustomerId, plan, visit);
  return settleVisitPayment(deps, payment.id, intent);
}

/**
 * The scheduled charge (every 10 minutes): claims due visits (skipping those another instance holds),
 * opens each one's payment and counts the attempt, commits, then asks the provider and settles each.
 * It also starts the protection window of visits marked complete. Returns how many were paid.
 */
export async function chargeDueVisits(deps: PaymentDeps): Promise<number> {
  await holdCompletedVisits(deps.db, deps.protectionWindowDays, deps.clock.now());
  let paid = 0;
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const out: { payment: PaymentRow; plan: PlanRow; visit: VisitRow }[] = [];
      for (const c of await claimDueVisits(tx, now, CLAIM_BATCH)) {
        const plan = (await findPlan(tx, c.planId))!;
        const [latest] = (await latestPaymentsOf(tx, [c.bookingId])).values();
        // A charge already under way (or waiting for the bank) is carried on, never started again.
        const open = latest && (latest.status === 'processing' || latest.status === 'requires_action');
        const payment = open
          ? latest
          : await openVisitCharge(deps, tx, plan, (await findVisit(tx, c.id))!, now);
        const visit = await updateVisit(tx, c.id, {
          chargeAttempts: c.attempts + 1,
          nextChargeAt: null,
          updatedAt: now,
        });
        out.push({ payment, plan, visit });
      }
      return out;
    });
    if (claimed.length === 0) return paid;
    for (const { payment, plan, visit } of claimed) {
      const settled = await driveAndSettle(deps, payment, plan, visit).catch(() => undefined);
      if (settled?.status === 'succeeded') paid++;
    }
  }
}

/** The customer's visit: its plan and row, or the plan's 404 for anyone else. */
async function customerVisit(deps: PaymentDeps, auth: AuthContext, planId: string, visitId: string) {
  const plan = await findPlan(deps.db, planId);
  if (roleOf(plan, auth) !== 'customer') throw new AppError(403, 'not_allowed', M.onlyCustomer);
  const visit = await findVisit(deps.db, visitId);
  if (!visit || visit.subscriptionId !== planId) throw AppError.notFound(M.visitNotFound);
  return { plan: plan!, visit };
}

function chargeAnswer(payment: PaymentRow | undefined, intent: PaymentIntentState | undefined) {
  const status =
    payment?.status === 'succeeded' || payment?.status === 'refunded'
      ? ('paid' as const)
      : payment?.status === 'failed'
        ? ('failed' as const)
        : payment?.status === 'requires_action'
          ? ('requires_action' as const)
          : ('processing' as const);
  const waiting = status === 'requires_action';
  return {
    status,
    actionUrl: waiting ? (intent?.actionUrl ?? null) : null,
    clientSecret: waiting ? (intent?.clientSecret ?? null) : null,
    message: status === 'failed' ? (payment?.lastError ?? null) : null,
  };
}

/**
 * The customer pays a visit now: one whose charge failed (a new attempt, on the plan's card), or one
 * waiting for the bank (carried on). A visit paid, called off or not charged yet has nothing to pay.
 */
export async function payVisit(
  deps: PaymentDeps,
  auth: AuthContext,
  planId: string,
  visitId: string,
): Promise<VisitChargeResponse> {
  const { plan } = await customerVisit(deps, auth, planId, visitId);
  const { payment, visit } = await deps.db.transaction(async (tx) => {
    await findPlan(tx, planId, { forUpdate: true });
    const visit = (await findVisit(tx, visitId, { forUpdate: true }))!;
    if (visit.status !== 'booked') throw planState(M.nothingToPay);
    const [latest] = (await latestPaymentsOf(tx, [visit.bookingId!])).values();
    if (latest && (latest.status === 'processing' || latest.status === 'requires_action'))
      return { payment: latest, visit };
    if (latest?.status !== 'failed') throw planState(M.nothingToPay);
    return { payment: await openVisitCharge(deps, tx, plan, visit, deps.clock.now()), visit };
  });
  const customer = await paymentCustomerOf(deps.db, plan.customerId);
  const intent =
    payment.status === 'requires_action' && payment.providerPaymentId
      ? await deps.gateway.retrievePaymentIntent(payment.providerPaymentId).catch(providerFailure)
      : await driveCharge(deps, payment, customer!.providerCustomerId, plan, visit).catch(providerFailure);
  const settled = await settleVisitPayment(deps, payment.id, intent);
  return { ...chargeAnswer(settled, intent), subscription: await planView(deps, auth, planId) };
}

/** On return from the bank's authentication: asks the provider how the visit's charge ended, and books it. */
export async function confirmVisit(
  deps: PaymentDeps,
  auth: AuthContext,
  planId: string,
  visitId: string,
): Promise<VisitChargeResponse> {
  const { visit } = await customerVisit(deps, auth, planId, visitId);
  if (!visit.bookingId) throw planState(M.nothingToPay);
  let [payment] = (await latestPaymentsOf(deps.db, [visit.bookingId])).values();
  let intent: PaymentIntentState | undefined;
  if (
    payment?.providerPaymentId &&
    (payment.status === 'processing' || payment.status === 'requires_action')
  ) {
    intent = await deps.gateway.retrievePaymentIntent(payment.providerPaymentId).catch(providerFailure);
    payment = await settleVisitPayment(deps, payment.id, intent);
  }
  if (!payment) throw planState(M.nothingToPay);
  return { ...chargeAnswer(payment, intent), subscription: await planView(deps, auth, planId) };
}

/** The webhook's side: a visit's charge changed at the provider. Whether it was a visit's, by its metadata. */
export async function syncVisitIntent(deps: PaymentDeps, intent: PaymentIntentState): Promise<boolean> {
  if (!intent.metadata.visitId) return false;
  const payment = intent.metadata.paymentId
    ? await paymentById(deps.db, intent.metadata.paymentId)
    : undefined;
  if (payment && !payment.milestoneId && !payment.changeId)
    await settleVisitPayment(deps, payment.id, intent);
  return true;
}

/** A visit charge still 'processing' this long after it was written was interrupted. */
const STUCK_CHARGE_MS = 5 * 60 * 1000;

/** The catch-up's visit step: resumes every visit charge an interruption left 'processing'. */
export async function reconcileVisitCharges(deps: PaymentDeps): Promise<{ confirmed: number; payouts: 0 }> {
  let confirmed = 0;
  const now = deps.clock.now().getTime();
  for (const id of await stuckVisitCharges(
    deps.db,
    new Date(now - LOOK_BACK_MS),
    new Date(now - STUCK_CHARGE_MS),
  )) {
    const payment = (await paymentById(deps.db, id))!;
    const visit = await visitOfBooking(deps.db, payment.bookingId);
    const plan = visit && (await findPlan(deps.db, visit.subscriptionId));
    if (!visit || !plan) continue;
    if ((await driveAndSettle(deps, payment, plan, visit)).status === 'succeeded') confirmed++;
  }
  return { confirmed, payouts: 0 };
}
