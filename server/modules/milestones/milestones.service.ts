import { bookingStatus, isOneOf, milestoneStatus, planStatus } from '../../../domain/catalog/statuses';
import { londonToday } from '../../../domain/marketplace/schemas';
import type {
  BookingMilestonesView,
  ChargeMilestoneResponse,
  ConfirmMilestoneResponse,
  MilestoneView,
  PlanItem,
  PlanView,
} from '../../../domain/milestones/api';
import { MILESTONE_MESSAGES as M } from '../../../domain/milestones/messages';
import {
  isPayable,
  milestoneFeePence,
  milestoneTotals,
  PAYABLE_BOOKING_STATUSES,
  planIssues,
} from '../../../domain/milestones/rules';
import type { PaymentIntentState } from '../../adapters/payments/gateway';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import { type BookingForPayment, bookingForPayment, markBookingPaid } from '../marketplace';
import { cardForCharge, paymentCustomerOf } from '../payment-methods';
import {
  afterRelease,
  bookMilestoneCharge,
  frozenByDispute,
  holdPaymentUntil,
  LOOK_BACK_MS,
  lockPayment,
  openMilestoneCharge,
  type PaymentDeps,
  type PaymentRow,
  paidInOne,
  paymentById,
  postRelease,
  providerFailure,
} from '../payments';
import {
  bookingMilestonesData,
  deleteMilestonesOfBooking,
  findMilestone,
  hasAcceptedPlan,
  insertMilestones,
  insertPlan,
  type MilestoneFigures,
  type MilestonePaymentFigures,
  milestoneChargesExist,
  milestonesOfBooking,
  type PlanFigures,
  type PlanRow,
  paymentsOfMilestones,
  planItems,
  plansOfBooking,
  setMilestoneStatus,
  setPlanStatus,
  stuckMilestoneCharges,
  updateMilestone,
} from './milestones.repository';

// Milestone payments (DOMAIN-RULES 6): the tradesperson proposes a plan whose amounts add up to the
// booking's, the customer accepts it, pays each milestone from a saved card, and approves it once the
// tradesperson marks it done (or the protection window after that releases it). Every change runs
// under the booking's lock (job, booking, then milestone and payment rows: the marketplace's order).

const DAY_MS = 24 * 60 * 60 * 1000;
const bookingNotFound = () => AppError.notFound(M.bookingNotFound);
const milestoneNotFound = () => AppError.notFound(M.milestoneNotFound);
const state = (message: string) => AppError.conflict('milestone_state', message);
const onlyCustomer = () => new AppError(403, 'not_allowed', M.onlyCustomer);

type Role = 'customer' | 'tradesperson' | 'admin';

/** The caller's side of the booking; anyone else (admins only read) is told it does not exist. */
function roleOf(
  found: { booking: { customerId: string; tradespersonId: string } } | undefined,
  auth: AuthContext,
  { read = false } = {},
): Role {
  const b = found?.booking;
  if (b?.customerId === auth.user.id) return 'customer';
  if (b?.tradespersonId === auth.user.id) return 'tradesperson';
  if (b && read && auth.user.isAdmin) return 'admin';
  throw bookingNotFound();
}

/** Locks the booking (job, then booking) and returns it with the caller's role. */
async function lockBooking(tx: Executor, auth: AuthContext, bookingId: string) {
  const found = await bookingForPayment(tx, bookingId, { forUpdate: true });
  return { found: found!, role: roleOf(found, auth) };
}

const milestoneEventRef = (found: BookingForPayment) => ({
  jobId: found.booking.jobId,
  customerId: found.booking.customerId,
  quoteId: found.booking.quoteId,
  tradespersonId: found.booking.tradespersonId,
  bookingId: found.booking.id,
});

/** Records the caller's proposal, decline or acceptance of a plan: the three carry the same payload. */
function recordPlanEvent(
  deps: PaymentDeps,
  tx: Executor,
  auth: AuthContext,
  type: 'milestone.plan_proposed' | 'milestone.plan_declined' | 'milestone.plan_accepted',
  found: BookingForPayment,
  plan: Pick<PlanRow, 'id' | 'revision'>,
) {
  return deps.events.record(tx, {
    type,
    actorId: auth.user.id,
    payload: { ...milestoneEventRef(found), planId: plan.id, revision: plan.revision },
  });
}

// ---- The plan ----

/** Why the tradesperson cannot propose now, or null when it can. */
async function proposeRefusal(
  db: Executor,
  found: BookingForPayment,
  plans: Pick<PlanRow, 'status'>[],
): Promise<string | null> {
  const b = found.booking;
  return refusalOf(b, plans, {
    paidInOne: () => paidInOne(db, b.id),
    milestoneCharges: () => milestoneChargesExist(db, b.id),
  });
}

/**
 * Why the tradesperson may not propose a plan now (null when they may), in the order the reasons are
 * given. The two payment facts are asked for only when the rule gets to them: the milestones page
 * reads them with everything else, a proposal under the booking's lock reads them then.
 */
async function refusalOf(
  b: { status: string; depositPaid: boolean },
  plans: Pick<PlanRow, 'status'>[],
  facts: { paidInOne: () => boolean | Promise<boolean>; milestoneCharges: () => boolean | Promise<boolean> },
): Promise<string | null> {
  if (b.status !== 'confirmed') return M.notConfirmed;
  if (b.depositPaid || (await facts.paidInOne())) return M.paidInOnePayment;
  if (plans.some((p) => p.status === 'proposed')) return M.proposalPending;
  if (plans.some((p) => p.status === 'accepted') && (await facts.milestoneCharges())) return M.planFixed;
  return null;
}

export async function proposePlan(
  deps: PaymentDeps,
  auth: AuthContext,
  bookingId: string,
  items: PlanItem[],
): Promise<BookingMilestonesView> {
  await deps.db.transaction(async (tx) => {
    const { found, role } = await lockBooking(tx, auth, bookingId);
    if (role !== 'tradesperson') throw new AppError(403, 'not_allowed', M.onlyTradesperson);
    const plans = await plansOfBooking(tx, bookingId);
    const refusal = await proposeRefusal(tx, found, plans);
    if (refusal) throw state(refusal);
    const now = deps.clock.now();
    const issues = planIssues(items, { bookingAmountPence: found.booking.amount, today: londonToday(now) });
    if (issues.length > 0)
      throw AppError.validation(
        issues[0]!.message,
        issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
      );
    const clean = items.map((i) => ({
      title: i.title.trim(),
      description: i.description?.trim() || null,
      amountPence: i.amountPence,
      dueDate: i.dueDate,
    }));
    const plan = await insertPlan(tx, {
      bookingId,
      proposedBy: auth.user.id,
      items: clean,
      totalPence: found.booking.amount,
      revision: plans.some((p) => p.status === 'accepted'),
      createdAt: now,
    });
    await recordPlanEvent(deps, tx, auth, 'milestone.plan_proposed', found, plan);
  });
  deps.events.committed();
  return milestonesView(deps, auth, bookingId);
}

export async function withdrawPlan(deps: PaymentDeps, auth: AuthContext, bookingId: string) {
  await deps.db.transaction(async (tx) => {
    const { role } = await lockBooking(tx, auth, bookingId);
    if (role !== 'tradesperson') throw new AppError(403, 'not_allowed', M.onlyTradesperson);
    const proposal = (await plansOfBooking(tx, bookingId)).find((p) => p.status === 'proposed');
    if (!proposal) throw state(M.notProposed);
    await setPlanStatus(tx, proposal.id, { status: 'withdrawn', decidedAt: deps.clock.now() });
  });
  return milestonesView(deps, auth, bookingId);
}

/**
 * The customer's decision on the waiting proposal, named by id so a plan replaced meanwhile is never
 * agreed to. Accepting a revision replaces the milestones of the plan in force, which is allowed only
 * while none of them was charged (checked again here, under the lock).
 */
export async function decidePlan(
  deps: PaymentDeps,
  auth: AuthContext,
  bookingId: string,
  input: { planId: string; accept: boolean; reason?: string | undefined },
): Promise<BookingMilestonesView> {
  await deps.db.transaction(async (tx) => {
    const { found, role } = await lockBooking(tx, auth, bookingId);
    if (role !== 'customer') throw onlyCustomer();
    const plans = await plansOfBooking(tx, bookingId);
    const proposal = plans.find((p) => p.status === 'proposed');
    if (!proposal) throw state(M.notProposed);
    if (proposal.id !== input.planId) throw state(M.planChanged);
    const now = deps.clock.now();
    if (!input.accept) {
      await setPlanStatus(tx, proposal.id, {
        status: 'declined',
        decidedAt: now,
        declineReason: input.reason?.trim() || null,
      });
      await recordPlanEvent(deps, tx, auth, 'milestone.plan_declined', found, proposal);
      return;
    }
    const b = found.booking;
    if (!isOneOf(PAYABLE_BOOKING_STATUSES, b.status) || b.depositPaid) throw state(M.notConfirmed);
    // A change to the booking agreed since the plan was proposed: its milestones would not add up.
    if (proposal.totalPence !== b.amount) throw state(M.amountChanged);
    const current = plans.find((p) => p.status === 'accepted');
    if (current) {
      if (await milestoneChargesExist(tx, bookingId)) throw state(M.planFixed);
      await setPlanStatus(tx, current.id, { status: 'superseded' });
      await deleteMilestonesOfBooking(tx, bookingId);
    }
    // The set of milestones is checked again at commit: they must add up to the booking's amount.
    await insertMilestones(
      tx,
      planItems(proposal).map((item, index) => ({
        bookingId,
        planId: proposal.id,
        milestoneIndex: index,
        title: item.title,
        description: item.description ?? null,
        amount: item.amountPence,
        platformFeeAmount: milestoneFeePence(item.amountPence),
        dueDate: item.dueDate,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })),
    );
    await setPlanStatus(tx, proposal.id, { status: 'accepted', decidedAt: now });
    await recordPlanEvent(deps, tx, auth, 'milestone.plan_accepted', found, proposal);
  });
  deps.events.committed();
  return milestonesView(deps, auth, bookingId);
}

// ---- Paying a milestone (charge-milestone) ----

/** Locks a milestone's booking, then the milestone, checking the caller is the booking's customer. */
async function lockMilestone(tx: Executor, auth: AuthContext, milestoneId: string) {
  const peek = await findMilestone(tx, milestoneId);
  if (!peek) throw milestoneNotFound();
  const found = await bookingForPayment(tx, peek.bookingId, { forUpdate: true });
  let role: Role;
  try {
    role = roleOf(found, auth);
  } catch {
    throw milestoneNotFound();
  }
  const milestone = (await findMilestone(tx, milestoneId, { forUpdate: true }))!;
  const [latest] = await paymentsOfMilestones(tx, [milestoneId]);
  const payment = latest && (await lockPayment(tx, latest.id));
  return { found: found!, role, milestone, payment };
}

/**
 * charge-milestone: the customer pays a pending (or failed) milestone with a saved card. The payment row
 * is written first, under the locks, and the provider is called after that commits, keyed by it: a
 * second press (another tab, a retry after a timeout) finds that charge and drives the same key, so the
 * provider charges once. Amounts are the milestone's, never the browser's.
 */
export async function chargeMilestone(
  deps: PaymentDeps,
  auth: AuthContext,
  input: { milestoneId: string; paymentMethodId?: string | undefined },
): Promise<ChargeMilestoneResponse> {
  const { payment, customer, found } = await deps.db.transaction(async (tx) => {
    const { found, role, milestone, payment } = await lockMilestone(tx, auth, input.milestoneId);
    if (role !== 'customer') throw onlyCustomer();
    const b = found.booking;
    if (frozenByDispute(found)) throw state(M.frozen);
    if (!isOneOf(PAYABLE_BOOKING_STATUSES, b.status)) throw state(M.notPayable);
    if (milestone.status === 'paid' || milestone.status === 'refunded') throw state(M.alreadyPaid);
    const { card, customer } = await cardForCharge(deps, tx, auth.user.id, input.paymentMethodId);
    // A charge under way (or waiting for the bank) is carried on, not started again.
    if (payment && (payment.status === 'processing' || payment.status === 'requires_action'))
      return { payment, customer, found };
    if (!isPayable(milestoneStatus(milestone.status))) throw state(M.notPayable);
    const now = deps.clock.now();
    const created = await openMilestoneCharge(
      tx,
      {
        bookingId: b.id,
        milestoneId: milestone.id,
        payerId: auth.user.id,
        provider: deps.gateway.provider,
        amountPence: milestone.amount,
        feePence: milestone.platformFeeAmount,
        providerPaymentMethodId: card.providerPaymentMethodId,
      },
      now,
    );
    await updateMilestone(tx, milestone.id, { status: 'processing', updatedAt: now });
    return { payment: created, customer, found };
  });

  const intent =
    payment.status === 'requires_action' && payment.providerPaymentId
      ? await deps.gateway.retrievePaymentIntent(payment.providerPaymentId).catch(providerFailure)
      : await driveCharge(deps, payment, customer.providerCustomerId, found.job.title).catch(providerFailure);
  const settled = await settleMilestonePayment(deps, payment.id, intent);
  if (settled.status === 'failed')
    throw new AppError(
      402,
      'card_declined',
      settled.lastError ?? intent.lastError ?? 'Your card was declined.',
    );
  const view = await milestonesView(deps, auth, payment.bookingId);
  const waiting = settled.status === 'requires_action';
  return {
    success: settled.status === 'succeeded',
    requiresAction: waiting,
    clientSecret: waiting ? intent.clientSecret : null,
    actionUrl: waiting ? intent.actionUrl : null,
    milestones: view,
  };
}

/**
 * Asks the provider to charge a milestone payment's card, keyed by the payment: a repeat (a second
 * press, or reconciliation after a crash between our commit and the provider's answer) gets the first
 * charge back instead of a new one.
 */
function driveCharge(deps: PaymentDeps, payment: PaymentRow, providerCustomerId: string, jobTitle: string) {
  return deps.gateway.chargeSavedCard({
    customerId: providerCustomerId,
    paymentMethodId: payment.providerPaymentMethodId!,
    amountPence: payment.amountPence,
    description: `Milestone payment for '${jobTitle}'`,
    returnUrl: `${deps.appUrl}/booking-milestones/${payment.bookingId}?milestone=${payment.milestoneId}`,
    transferGroup: `booking-${payment.bookingId}`,
    metadata: { paymentId: payment.id, bookingId: payment.bookingId, milestoneId: payment.milestoneId! },
    idempotencyKey: `milestone-charge-${payment.id}`,
  });
}

/**
 * Reconciliation's side: a charge left 'processing' (the server stopped between writing the payment and
 * hearing from the provider) is driven again with its own key and booked, whatever the provider says.
 */
export async function resumeMilestoneCharge(deps: PaymentDeps, paymentId: string): Promise<PaymentRow> {
  const payment = (await paymentById(deps.db, paymentId))!;
  if (payment.status !== 'processing' || !payment.providerPaymentMethodId) return payment;
  const found = (await bookingForPayment(deps.db, payment.bookingId))!;
  const customer = await paymentCustomerOf(deps.db, payment.payerId);
  if (!customer) return payment;
  const intent = await driveCharge(deps, payment, customer.providerCustomerId, found.job.title);
  return settleMilestonePayment(deps, payment.id, intent);
}

/**
 * Books what the provider says about a milestone's charge: paid (into escrow, held until the milestone
 * is approved), failed (the milestone can be retried), or waiting for authentication. The one place
 * milestone money enters escrow, shared by the charge, the return from authentication and the webhook;
 * a charge already settled is returned as it is, so replays post nothing twice.
 */
export async function settleMilestonePayment(
  deps: PaymentDeps,
  paymentId: string,
  intent: PaymentIntentState,
): Promise<PaymentRow> {
  let failedNow = false;
  const result = await deps.db.transaction(async (tx) => {
    const peek = (await paymentById(tx, paymentId))!;
    const found = (await bookingForPayment(tx, peek.bookingId, { forUpdate: true }))!;
    const milestone = (await findMilestone(tx, peek.milestoneId!, { forUpdate: true }))!;
    const payment = await lockPayment(tx, paymentId);
    if (payment.status !== 'processing' && payment.status !== 'requires_action') return payment;
    const now = deps.clock.now();
    const booked = await bookMilestoneCharge(tx, payment, intent, {
      customerId: found.booking.customerId,
      description: `Milestone ${milestone.milestoneIndex + 1} '${milestone.title}' for '${found.job.title}'`,
      at: now,
    });
    if (booked.status === 'succeeded') {
      await updateMilestone(tx, milestone.id, { status: 'paid', paidAt: now, updatedAt: now });
      const all = await milestonesOfBooking(tx, found.booking.id);
      if (all.every((m) => m.id === milestone.id || m.status === 'paid'))
        await markBookingPaid(tx, found, now);
      await deps.events.record(tx, {
        type: 'milestone.paid',
        actorId: null,
        payload: { ...milestoneEventRef(found), milestoneId: milestone.id, paymentId: payment.id },
      });
    } else if (booked.status === 'failed') {
      await updateMilestone(tx, milestone.id, { status: 'failed', updatedAt: now });
      failedNow = true;
    }
    return booked;
  });
  deps.events.committed();
  if (failedNow) deps.chargeFailed?.();
  return result;
}

/** On return from the bank's authentication: asks the provider how the charge ended, and books it. */
export async function confirmMilestone(
  deps: PaymentDeps,
  auth: AuthContext,
  milestoneId: string,
): Promise<ConfirmMilestoneResponse> {
  const milestone = await findMilestone(deps.db, milestoneId);
  const found = milestone && (await bookingForPayment(deps.db, milestone.bookingId));
  if (!milestone || found?.booking.customerId !== auth.user.id) throw milestoneNotFound();
  let [payment] = await paymentsOfMilestones(deps.db, [milestoneId]);
  if (
    payment?.providerPaymentId &&
    (payment.status === 'processing' || payment.status === 'requires_action')
  ) {
    const intent = await deps.gateway.retrievePaymentIntent(payment.providerPaymentId).catch(providerFailure);
    payment = await settleMilestonePayment(deps, payment.id, intent);
  }
  const status =
    payment?.status === 'succeeded' || payment?.status === 'refunded'
      ? 'paid'
      : payment?.status === 'failed'
        ? 'failed'
        : payment?.status === 'requires_action'
          ? 'requires_action'
          : 'processing';
  return {
    status,
    message: status === 'failed' ? (payment?.lastError ?? null) : null,
    milestones: await milestonesView(deps, auth, milestone.bookingId),
  };
}

/** The webhook's side: a saved-card charge's intent changed. Checkout payments are booked elsewhere. */
export async function syncPaymentIntent(deps: PaymentDeps, intentId: string): Promise<void> {
  const intent = await deps.gateway.retrievePaymentIntent(intentId);
  const paymentId = intent.metadata.paymentId;
  const payment = paymentId ? await paymentById(deps.db, paymentId) : undefined;
  if (payment?.milestoneId) await settleMilestonePayment(deps, payment.id, intent);
}

// ---- Done and approved ----

/**
 * The tradesperson marks a paid milestone's work done: the customer may approve it now, and the
 * protection window from now releases it otherwise.
 */
export async function markMilestoneDone(deps: PaymentDeps, auth: AuthContext, milestoneId: string) {
  const bookingId = await deps.db.transaction(async (tx) => {
    const { found, role, milestone, payment } = await lockMilestone(tx, auth, milestoneId);
    if (role !== 'tradesperson') throw new AppError(403, 'not_allowed', M.onlyTradesperson);
    if (frozenByDispute(found)) throw state(M.frozen);
    if (milestone.status !== 'paid' || payment?.status !== 'succeeded') throw state(M.notPaid);
    if (milestone.doneAt) throw state(M.alreadyDone);
    const now = deps.clock.now();
    await updateMilestone(tx, milestone.id, { doneAt: now, updatedAt: now });
    const releaseAt = new Date(now.getTime() + deps.protectionWindowDays * DAY_MS);
    await holdPaymentUntil(tx, payment.id, releaseAt, now);
    await deps.events.record(tx, {
      type: 'milestone.done',
      actorId: auth.user.id,
      payload: {
        ...milestoneEventRef(found),
        milestoneId: milestone.id,
        paymentId: payment.id,
        releaseAt: releaseAt.toISOString(),
      },
    });
    return found.booking.id;
  });
  deps.events.committed();
  return milestonesView(deps, auth, bookingId);
}

/** The customer approves a milestone marked done: its money is released to the tradesperson now. */
export async function approveMilestone(deps: PaymentDeps, auth: AuthContext, milestoneId: string) {
  const bookingId = await deps.db.transaction(async (tx) => {
    const { found, role, milestone, payment } = await lockMilestone(tx, auth, milestoneId);
    if (role !== 'customer') throw onlyCustomer();
    if (frozenByDispute(found)) throw state(M.frozen);
    if (milestone.status !== 'paid' || payment?.status !== 'succeeded') throw state(M.notPaid);
    if (!milestone.doneAt) throw state(M.notDone);
    const posted = await postRelease(deps, tx, found, payment, {
      actorId: auth.user.id,
      early: true,
      // Refused above under the same lock, with the milestones' own words.
      frozen: frozenByDispute(found),
    });
    if (!posted.ok) throw state(M.alreadyReleased);
    return found.booking.id;
  });
  afterRelease(deps);
  return milestonesView(deps, auth, bookingId);
}

// ---- The page ----

function planView(plan: PlanFigures): PlanView {
  return {
    id: plan.id,
    status: planStatus(plan.status),
    proposedAt: plan.createdAt.toISOString(),
    decidedAt: plan.decidedAt?.toISOString() ?? null,
    declineReason: plan.declineReason,
    revision: plan.revision,
    milestones: planItems(plan).map((item, index) => ({
      index,
      title: item.title,
      description: item.description ?? null,
      amountPence: item.amountPence,
      platformFeePence: milestoneFeePence(item.amountPence),
      dueDate: item.dueDate,
    })),
  };
}

function milestoneView(
  m: MilestoneFigures,
  payment: MilestonePaymentFigures | undefined,
  ctx: { role: Role; payable: boolean; frozen: boolean },
): MilestoneView {
  const released = payment?.releasedAt ?? null;
  const held = m.status === 'paid' && payment?.status === 'succeeded' && !released;
  const awaiting = payment?.status === 'requires_action';
  return {
    id: m.id,
    index: m.milestoneIndex,
    title: m.title,
    description: m.description,
    amountPence: m.amount,
    platformFeePence: m.platformFeeAmount,
    dueDate: m.dueDate,
    status: milestoneStatus(m.status),
    paidAt: m.paidAt?.toISOString() ?? null,
    doneAt: m.doneAt?.toISOString() ?? null,
    releaseDueAt: held && m.doneAt && payment?.heldUntil ? payment.heldUntil.toISOString() : null,
    releasedAt: released?.toISOString() ?? null,
    lastError: m.status === 'failed' ? (payment?.lastError ?? null) : null,
    awaitingAuthentication: awaiting,
    canPay: ctx.role === 'customer' && ctx.payable && (isPayable(milestoneStatus(m.status)) || awaiting),
    canMarkDone: ctx.role === 'tradesperson' && held && !m.doneAt && !ctx.frozen,
    canApprove: ctx.role === 'customer' && held && m.doneAt !== null && !ctx.frozen,
  };
}

/** A booking's milestones page, for its two parties and admins (anyone else: 404). */
export async function milestonesView(
  deps: PaymentDeps,
  auth: AuthContext,
  bookingId: string,
): Promise<BookingMilestonesView> {
  const data = await bookingMilestonesData(deps.db, bookingId);
  const b = data?.booking;
  const role = roleOf(b && { booking: b }, auth, { read: true });
  const { plans } = data!;
  const frozen = b!.status === 'disputed';
  const accepted = plans.find((p) => p.status === 'accepted');
  const payable = !!accepted && isOneOf(PAYABLE_BOOKING_STATUSES, b!.status);
  const milestones = data!.milestones.map((m) =>
    milestoneView(m.milestone, m.payment ?? undefined, { role, payable, frozen }),
  );
  const proposal = plans.find((p) => p.status === 'proposed');
  // The customer's last 'no', until a newer plan is accepted (its reason tells the tradesperson why).
  const declined = plans.find((p) => p.status === 'declined');
  const lastDeclined =
    !proposal && declined && (!accepted || declined.createdAt >= accepted.createdAt) ? declined : undefined;
  const refusal =
    role === 'tradesperson'
      ? await refusalOf(b!, plans, {
          paidInOne: () => data!.paidInOne,
          milestoneCharges: () => data!.milestoneCharges,
        })
      : M.onlyTradesperson;
  return {
    bookingId,
    jobId: b!.jobId,
    jobTitle: data!.jobTitle,
    bookingStatus: bookingStatus(b!.status),
    bookingAmountPence: b!.amount,
    viewer: role,
    customerName: data!.customerName,
    tradespersonName: data!.tradespersonName,
    plan: accepted ? planView(accepted) : null,
    proposal: proposal ? planView(proposal) : null,
    declined: lastDeclined ? planView(lastDeclined) : null,
    milestones,
    totals: milestoneTotals(milestones),
    frozen,
    canPropose: role === 'tradesperson' && refusal === null,
    proposeBlockedReason: role === 'tradesperson' ? refusal : null,
  };
}

/** A milestone charge still 'processing' this long after it was written was interrupted. */
const STUCK_CHARGE_MS = 5 * 60 * 1000;

/**
 * The catch-up's milestone step (payments' reconcilePayments): resumes every milestone charge of the
 * last LOOK_BACK_MS that an interruption left 'processing' before the provider answered.
 */
export async function reconcileMilestoneCharges(
  deps: PaymentDeps,
): Promise<{ confirmed: number; payouts: 0 }> {
  let confirmed = 0;
  const now = deps.clock.now().getTime();
  for (const id of await stuckMilestoneCharges(
    deps.db,
    new Date(now - LOOK_BACK_MS),
    new Date(now - STUCK_CHARGE_MS),
  )) {
    if ((await resumeMilestoneCharge(deps, id)).status === 'succeeded') confirmed++;
  }
  return { confirmed, payouts: 0 };
}

/** Whether an accepted plan pays the booking by milestones (payments then refuses a single payment). */
export async function paidByMilestones(db: Executor, bookingId: string): Promise<boolean> {
  return hasAcceptedPlan(db, bookingId);
}

/** A milestone's payment was refunded in full (payments' refund, in its transaction). */
export async function milestoneRefunded(tx: Executor, milestoneId: string, now: Date): Promise<void> {
  await setMilestoneStatus(tx, milestoneId, 'refunded', now);
}

// ---- Changes to the booking (the changes module's hooks) ----

/**
 * The milestones of a booking's plan in force that a decrease may reduce (neither paid nor being
 * charged), in order, locked unless `lock` is false (a page's read); and whether every milestone is
 * paid. Undefined without an accepted plan. Call under the booking's lock.
 */
export async function milestonesForChange(
  tx: Executor,
  bookingId: string,
  { lock = true } = {},
): Promise<{ allPaid: boolean; unpaid: { id: string; amountPence: number }[] } | undefined> {
  if (!(await hasAcceptedPlan(tx, bookingId))) return undefined;
  const all = await milestonesOfBooking(tx, bookingId, { forUpdate: lock });
  const unpaid = all.filter((m) => m.status === 'pending' || m.status === 'failed');
  return {
    allPaid: all.every((m) => m.status === 'paid' || m.status === 'refunded'),
    unpaid: unpaid.map((m) => ({ id: m.id, amountPence: m.amount })),
  };
}

/**
 * An accepted increase joins the plan in force as its last milestone, paid like the others; the
 * booking's amount grows by the same in the caller's transaction (the plan must still add up).
 */
export async function addChangeMilestone(
  tx: Executor,
  change: { id: string; bookingId: string; description: string; amountPence: number },
  now: Date,
): Promise<void> {
  const all = await milestonesOfBooking(tx, change.bookingId);
  const plan = (await plansOfBooking(tx, change.bookingId)).find((p) => p.status === 'accepted')!;
  const last = all.at(-1);
  // A milestone's title is short (the plan's own limit); the change's description is kept whole.
  const title = `Agreed change: ${change.description}`;
  await insertMilestones(tx, [
    {
      bookingId: change.bookingId,
      planId: plan.id,
      changeId: change.id,
      milestoneIndex: (last?.milestoneIndex ?? -1) + 1,
      title: title.length > 100 ? `${title.slice(0, 99)}…` : title,
      description: change.description,
      amount: change.amountPence,
      platformFeeAmount: milestoneFeePence(change.amountPence),
      dueDate: last?.dueDate ?? null,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    },
  ]);
}

/** An accepted decrease taken off an unpaid milestone (locked by milestonesForChange), which stays above £0. */
export async function reduceMilestoneForChange(
  tx: Executor,
  milestoneId: string,
  change: { id: string; amountPence: number },
  now: Date,
): Promise<void> {
  const milestone = (await findMilestone(tx, milestoneId))!;
  const amount = milestone.amount - change.amountPence;
  await updateMilestone(tx, milestoneId, {
    amount,
    platformFeeAmount: milestoneFeePence(amount),
    changeId: change.id,
    updatedAt: now,
  });
}
