import { LIMITS } from '../../../domain/catalog/catalog';
import { CHANGE_MESSAGES, type ChangeView } from '../../../domain/changes/api';
import { CHANGE_REFUSALS as R } from '../../../domain/changes/messages';
import type { ChangeDirection, ChangeSettlement } from '../../../domain/changes/rules';
import { decideSettlement } from '../../../domain/changes/settlement';
import { type LineItem, priceLines, pricingRefusal } from '../../../domain/marketplace/pricing';
import { parsePoundsToPence, platformFeePence } from '../../../domain/payments/money';
import type { AttachedPhoto } from '../../../domain/photos/api';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { violates } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/auth-context';
import { type BookingForPayment, bookingForPayment, setBookingAmount } from '../marketplace';
import { addChangeMilestone, reduceMilestoneForChange } from '../milestones';
import {
  afterRefund,
  cancelOpenBookingPayments,
  frozenByDispute,
  lockPaymentsOfBooking,
  openChangePayment,
  type PaymentDeps,
  type PaymentRow,
  postRefund,
} from '../payments';
import { attachPhotos } from '../photos';
import {
  bookingMoney,
  bookingNotFound,
  CHANGEABLE,
  changeRef,
  changeState,
  lockChange,
  type Party,
  partyOf,
  proposeRefusal,
} from './changes.policy';
import {
  type ChangeRow,
  insertChange,
  isVatRegistered,
  proposedChangeOf,
  updateChange,
} from './changes.repository';
import { changeViewOf } from './changes.view';

// Changes to a booking's agreed work and price (DOMAIN-RULES 13, docs/api/changes.md): either party
// proposes one, the other accepts or declines it, the proposer may withdraw it. Every step runs under
// the booking's lock (job, then booking, then its payments and milestones: the order release and
// refunds take), so a change and a release, a refund or a dispute never interleave.

/** A proposal's price: one figure, or itemised lines priced on the server (VAT only for the registered). */
interface ChangePrice {
  amountPence: number;
  lineItems: LineItem[] | null;
  subtotalPence: number | null;
  vatPence: number;
}

function priceOf(
  body: { amount?: string | number | null | undefined; lineItems?: LineItem[] | null | undefined },
  proposer: { party: Party; vatRegistered: boolean },
): ChangePrice {
  const hasAmount = body.amount !== undefined && body.amount !== null && String(body.amount).trim() !== '';
  const hasItems = body.lineItems !== undefined && body.lineItems !== null;
  if (hasAmount === hasItems)
    throw AppError.validation(CHANGE_MESSAGES.amountOrItems, [
      { field: 'amount', message: CHANGE_MESSAGES.amountOrItems },
    ]);
  const refuse = (field: string, message: string) => AppError.validation(message, [{ field, message }]);
  if (hasAmount) {
    const parsed = parsePoundsToPence(body.amount!);
    if (!parsed.ok || parsed.pence <= 0) throw refuse('amount', R.amountInvalid);
    if (parsed.pence > LIMITS.quoteMaxPence) throw refuse('amount', R.amountTooLarge);
    return { amountPence: parsed.pence, lineItems: null, subtotalPence: null, vatPence: 0 };
  }
  const items = body.lineItems!;
  if (proposer.party === 'customer' && items.some((i) => i.vatRate !== null))
    throw refuse('lineItems', R.customerVat);
  const totals = priceLines(items);
  const refusal = pricingRefusal(totals, {
    vatRegistered: proposer.party === 'tradesperson' && proposer.vatRegistered,
  });
  if (refusal) throw refuse('lineItems', refusal);
  return {
    amountPence: totals.totalPence,
    lineItems: items,
    subtotalPence: totals.subtotalPence,
    vatPence: totals.vatPence,
  };
}

export interface ProposeChange {
  description: string;
  direction: ChangeDirection;
  amount?: string | number | null | undefined;
  lineItems?: LineItem[] | null | undefined;
  photos?: AttachedPhoto[] | undefined;
}

/** Either party proposes a change; one waits per booking, and none while a dispute freezes it. */
export async function proposeChange(
  deps: PaymentDeps,
  auth: AuthContext,
  bookingId: string,
  body: ProposeChange,
): Promise<ChangeView> {
  const peek = await bookingForPayment(deps.db, bookingId);
  const party = partyOf(peek, auth.user.id);
  if (!party) throw bookingNotFound();
  const vatRegistered = party === 'tradesperson' && (await isVatRegistered(deps.db, auth.user.id));
  const price = priceOf(body, { party, vatRegistered });
  let changeId: string;
  try {
    changeId = await deps.db.transaction(async (tx) => {
      const found = (await bookingForPayment(tx, bookingId, { forUpdate: true }))!;
      const payments = await lockPaymentsOfBooking(tx, bookingId);
      const { money } = await bookingMoney(tx, bookingId, payments, { lock: true });
      const waiting = (await proposedChangeOf(tx, bookingId)) !== undefined;
      const refusal = proposeRefusal(found, waiting, money);
      if (refusal) throw changeState(refusal);
      const decision = decideSettlement(
        { direction: body.direction, amountPence: price.amountPence },
        found.booking.amount,
        money,
      );
      if (!decision.ok) throw changeState(decision.reason);
      const now = deps.clock.now();
      const change = await insertChange(tx, {
        bookingId,
        proposedBy: auth.user.id,
        description: body.description,
        direction: body.direction,
        ...price,
        createdAt: now,
        updatedAt: now,
      });
      await attachPhotos(tx, auth.user.id, { changeId: change.id }, body.photos ?? []);
      await deps.events.record(tx, {
        type: 'change.proposed',
        actorId: auth.user.id,
        payload: changeRef(found, change),
      });
      return change.id;
    });
  } catch (error) {
    // Two proposals at the same moment: the booking's lock orders them, and the index is the backstop.
    if (violates(error, 'booking_changes_one_proposed')) throw changeState(R.waiting);
    throw error;
  }
  deps.events.committed();
  return changeViewOf(deps, auth, changeId);
}

/** What accepting a change did beyond the change itself, for the steps after commit. */
interface Settled {
  refundedPaymentId: string | null;
  expiredSessions: string[];
}

/**
 * Moves the money an accepted change agrees, by its settlement, in the caller's transaction: the
 * booking's amount always becomes `amountAfter` (with a milestone plan, its milestones still add up).
 */
async function settle(
  deps: PaymentDeps,
  tx: Executor,
  ctx: { found: BookingForPayment; change: ChangeRow; actorId: string; main: PaymentRow | undefined },
  decision: { settlement: ChangeSettlement; amountAfter: number; milestoneId?: string },
): Promise<Settled> {
  const { found, change } = ctx;
  const booking = found.booking;
  const now = deps.clock.now();
  const settled: Settled = { refundedPaymentId: null, expiredSessions: [] };
  switch (decision.settlement) {
    case 'booking_amount':
      settled.expiredSessions = await cancelOpenBookingPayments(tx, booking.id, now);
      break;
    case 'payment':
      await openChangePayment(
        tx,
        {
          bookingId: booking.id,
          changeId: change.id,
          payerId: booking.customerId,
          provider: deps.gateway.provider,
          amountPence: change.amountPence,
          feePence: platformFeePence(change.amountPence),
        },
        now,
      );
      break;
    case 'refund':
      await postRefund(deps, tx, found, ctx.main!, {
        amountPence: change.amountPence,
        reason: 'Agreed change to the price',
        actorId: ctx.actorId,
        frozen: frozenByDispute(found),
        changeId: change.id,
      });
      settled.refundedPaymentId = ctx.main!.id;
      break;
    case 'milestone_added':
      await addChangeMilestone(tx, change, now);
      break;
    case 'milestone_adjusted':
      await reduceMilestoneForChange(tx, decision.milestoneId!, change, now);
      break;
  }
  await setBookingAmount(tx, booking.id, decision.amountAfter, now);
  await updateChange(tx, change.id, {
    status: 'accepted',
    settlement: decision.settlement,
    amountBefore: booking.amount,
    amountAfter: decision.amountAfter,
    decidedBy: ctx.actorId,
    decidedAt: now,
    updatedAt: now,
  });
  await deps.events.record(tx, {
    type: 'change.accepted',
    actorId: ctx.actorId,
    payload: {
      ...changeRef(found, change),
      amountAfter: decision.amountAfter,
      settlement: decision.settlement,
    },
  });
  return settled;
}

/** The other party accepts a waiting change: its money moves in the same transaction. */
export async function acceptChange(
  deps: PaymentDeps,
  auth: AuthContext,
  changeId: string,
): Promise<ChangeView> {
  const settled = await deps.db.transaction(async (tx) => {
    const { found, change } = await lockChange(tx, auth, changeId);
    if (change.status !== 'proposed') throw changeState(R.answered);
    if (change.proposedBy === auth.user.id) throw new AppError(403, 'not_allowed', R.onlyOther);
    const refusal = frozenByDispute(found)
      ? R.frozen
      : CHANGEABLE.includes(found.booking.status)
        ? null
        : R.notConfirmed;
    if (refusal) throw changeState(refusal);
    const payments = await lockPaymentsOfBooking(tx, found.booking.id);
    const { money, main } = await bookingMoney(tx, found.booking.id, payments, { lock: true });
    const decision = decideSettlement(
      { direction: change.direction as ChangeDirection, amountPence: change.amountPence },
      found.booking.amount,
      money,
    );
    if (!decision.ok) throw changeState(decision.reason);
    return settle(deps, tx, { found, change, actorId: auth.user.id, main }, decision);
  });
  if (settled.refundedPaymentId) await afterRefund(deps, settled.refundedPaymentId);
  else deps.events.committed();
  // The checkout for the old amount can no longer be paid (the payment behind it is cancelled).
  for (const session of settled.expiredSessions)
    await deps.gateway.expireCheckoutSession(session).catch(() => undefined);
  return changeViewOf(deps, auth, changeId);
}

/** The other party declines a waiting change (with a reason, optionally); nothing else moves. */
export async function declineChange(
  deps: PaymentDeps,
  auth: AuthContext,
  changeId: string,
  reason: string | undefined,
): Promise<ChangeView> {
  await deps.db.transaction(async (tx) => {
    const { found, change } = await lockChange(tx, auth, changeId);
    if (change.status !== 'proposed') throw changeState(R.answered);
    if (change.proposedBy === auth.user.id) throw new AppError(403, 'not_allowed', R.onlyOther);
    const now = deps.clock.now();
    await updateChange(tx, change.id, {
      status: 'declined',
      declineReason: reason?.trim() || null,
      decidedBy: auth.user.id,
      decidedAt: now,
      updatedAt: now,
    });
    await deps.events.record(tx, {
      type: 'change.declined',
      actorId: auth.user.id,
      payload: changeRef(found, change),
    });
  });
  deps.events.committed();
  return changeViewOf(deps, auth, changeId);
}

/** The proposer takes back a change still waiting for an answer. */
export async function withdrawChange(
  deps: PaymentDeps,
  auth: AuthContext,
  changeId: string,
): Promise<ChangeView> {
  await deps.db.transaction(async (tx) => {
    const { found, change } = await lockChange(tx, auth, changeId);
    if (change.status !== 'proposed') throw changeState(R.answered);
    if (change.proposedBy !== auth.user.id) throw new AppError(403, 'not_allowed', R.onlyProposer);
    const now = deps.clock.now();
    await updateChange(tx, change.id, { status: 'withdrawn', decidedAt: now, updatedAt: now });
    await deps.events.record(tx, {
      type: 'change.withdrawn',
      actorId: auth.user.id,
      payload: changeRef(found, change),
    });
  });
  deps.events.committed();
  return changeViewOf(deps, auth, changeId);
}
