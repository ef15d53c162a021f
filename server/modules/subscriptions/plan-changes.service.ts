import { inArray } from 'drizzle-orm';
import { londonToday } from '../../../domain/marketplace/schemas';
import type { SubscriptionView } from '../../../domain/subscriptions/api';
import { SUBSCRIPTION_MESSAGES as M } from '../../../domain/subscriptions/messages';
import {
  addDays,
  type Frequency,
  nominalVisitDate,
  outsideNotice,
  visitIndexOn,
} from '../../../domain/subscriptions/rules';
import type { Executor } from '../../db/client';
import { subscriptionVisits } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth-context';
import { cardForCharge } from '../payment-methods';
import type { PaymentDeps } from '../payments';
import {
  cancelVisitBooking,
  invalid,
  lockPlan,
  onlyCustomer,
  planRef,
  planState,
  planView,
  recordPlanEvent,
} from './plan-access';
import type { Role } from './presenters';
import {
  insertVisits,
  latestPaymentsOf,
  type PlanRow,
  updatePlan,
  updateVisit,
  type VisitRow,
  visitsFrom,
} from './subscriptions.repository';
import { bookVisitsOfPlans } from './visits';

// Pausing, resuming, skipping a visit and cancelling a plan (docs/api/subscriptions.md). The notice
// rule is one for all: a visit more than noticeDays away can be called off, with nothing charged;
// a closer one goes ahead (it is charged, or already was). Each runs under the plan's row lock, which
// the scheduled job takes too: a visit is either booked before the change (and called off by it) or
// never booked.

/**
 * The plan's booked visits more than noticeDays away whose charge has not started, locked: what a
 * pause or a cancellation calls off.
 */
async function cancellableVisits(tx: Executor, plan: PlanRow, today: string): Promise<VisitRow[]> {
  const visits = (await visitsFrom(tx, plan.id, 0)).filter(
    (v) => v.status === 'booked' && outsideNotice(v.visitDate, today),
  );
  const payments = await latestPaymentsOf(
    tx,
    visits.map((v) => v.bookingId!),
  );
  return visits.filter((v) => {
    const p = payments.get(v.bookingId!);
    return !p || p.status === 'failed' || p.status === 'cancelled';
  });
}

async function callOff(tx: Executor, visit: VisitRow, status: 'cancelled' | 'skipped', now: Date) {
  await cancelVisitBooking(tx, visit.bookingId!, now);
  await updateVisit(tx, visit.id, { status, nextChargeAt: null, updatedAt: now });
}

/**
 * Either side pauses an active plan. Booked visits outside the notice are called off and their rows
 * removed, so the plan books them again if it is resumed in time; closer ones go ahead.
 */
export async function pausePlan(
  deps: PaymentDeps,
  auth: AuthContext,
  planId: string,
): Promise<SubscriptionView> {
  await deps.db.transaction(async (tx) => {
    const { plan, role } = await lockPlan(tx, auth, planId);
    if (plan.status !== 'active') throw planState(M.notActive);
    const now = deps.clock.now();
    const called = await cancellableVisits(tx, plan, londonToday(now));
    for (const v of called) await callOff(tx, v, 'cancelled', now);
    await removeVisits(tx, called);
    const rewind = Math.min(plan.nextVisitIndex, ...called.map((v) => v.visitIndex));
    await updatePlan(tx, plan.id, {
      status: 'paused',
      pauseReason: role,
      pausedAt: now,
      nextVisitIndex: rewind,
      updatedAt: now,
    });
    await recordPlanEvent(deps, tx, auth.user.id, 'subscription.paused', { ...planRef(plan), reason: role });
  });
  deps.events.committed();
  return planView(deps, auth, planId);
}

/** A called-off visit's row goes (its cancelled booking stays, with its job, as any cancelled booking). */
async function removeVisits(tx: Executor, visits: VisitRow[]) {
  if (visits.length === 0) return;
  await tx.delete(subscriptionVisits).where(
    inArray(
      subscriptionVisits.id,
      visits.map((v) => v.id),
    ),
  );
}

/** Who may resume: the side that paused; after the last failed charge, the customer with a card that works. */
function mayResume(plan: PlanRow, role: Role) {
  if (plan.pauseReason === 'payment_failed') {
    if (role !== 'customer') throw onlyCustomer();
    return;
  }
  if (plan.pauseReason !== role) throw planState(M.onlyWhoPaused);
}

/**
 * Resumes a paused plan. The visits whose day passed while it was paused are recorded as cancelled
 * (never booked, never charged); the next ones are booked as the scheduled job would.
 */
export async function resumePlan(
  deps: PaymentDeps,
  auth: AuthContext,
  planId: string,
): Promise<SubscriptionView> {
  await deps.db.transaction(async (tx) => {
    const { plan, role } = await lockPlan(tx, auth, planId);
    if (plan.status !== 'paused') throw planState(M.notPaused);
    mayResume(plan, role);
    const now = deps.clock.now();
    const card =
      plan.pauseReason === 'payment_failed'
        ? (await cardForCharge(deps, tx, plan.customerId, undefined)).card
        : null;
    const today = londonToday(now);
    const present = new Set((await visitsFrom(tx, plan.id, plan.nextVisitIndex)).map((v) => v.nominalDate));
    const missed: Parameters<typeof insertVisits>[1] = [];
    let next = plan.nextVisitIndex;
    for (; ; next++) {
      const date = nominalVisitDate(plan.startDate!, plan.frequency as Frequency, next);
      if (date > today) break;
      if (present.has(date)) continue;
      missed.push({
        subscriptionId: plan.id,
        visitIndex: next,
        nominalDate: date,
        visitDate: date,
        status: 'cancelled',
        pricePence: plan.pricePerVisitPence!,
        createdAt: now,
        updatedAt: now,
      });
    }
    await insertVisits(tx, missed);
    const active = await updatePlan(tx, plan.id, {
      status: 'active',
      pauseReason: null,
      pausedAt: null,
      nextVisitIndex: next,
      ...(card ? { paymentMethodId: card.id } : {}),
      updatedAt: now,
    });
    await recordPlanEvent(deps, tx, auth.user.id, 'subscription.resumed', planRef(plan));
    await bookVisitsOfPlans(tx, deps.events, [active], now);
  });
  deps.events.committed();
  return planView(deps, auth, planId);
}

/**
 * Either side skips one visit, named by its nominal date, outside the notice: a booked one has its
 * booking called off; a later one is recorded as skipped, so the scheduled job passes over it.
 */
export async function skipVisit(
  deps: PaymentDeps,
  auth: AuthContext,
  planId: string,
  date: string,
): Promise<SubscriptionView> {
  await deps.db.transaction(async (tx) => {
    const { plan } = await lockPlan(tx, auth, planId);
    if (plan.status !== 'active') throw planState(M.notActive);
    const index = visitIndexOn(plan.startDate!, plan.frequency as Frequency, date);
    if (index === null) throw invalid('date', M.noVisit);
    const now = deps.clock.now();
    const today = londonToday(now);
    const [visit] = (await visitsFrom(tx, plan.id, index)).filter((v) => v.nominalDate === date);
    if (visit && visit.status !== 'booked') throw planState(M.alreadySkipped);
    if (!outsideNotice(visit?.visitDate ?? date, today)) throw planState(M.insideNotice);
    if (visit) {
      const [callable] = await cancellableVisits(tx, plan, today).then((all) =>
        all.filter((v) => v.id === visit.id),
      );
      if (!callable) throw planState(M.insideNotice);
      await callOff(tx, visit, 'skipped', now);
    } else {
      await insertVisits(tx, [
        {
          subscriptionId: plan.id,
          visitIndex: index,
          nominalDate: date,
          visitDate: date,
          status: 'skipped',
          pricePence: plan.pricePerVisitPence!,
          createdAt: now,
          updatedAt: now,
        },
      ]);
    }
    await updatePlan(tx, plan.id, { updatedAt: now });
    await recordPlanEvent(deps, tx, auth.user.id, 'subscription.visit_skipped', {
      ...planRef(plan),
      visitDate: date,
    });
  });
  deps.events.committed();
  return planView(deps, auth, planId);
}

/**
 * The last visit that goes ahead after a cancellation today: booked visits inside the notice and, for
 * an active plan, visits not booked yet whose day is inside it (the scheduled job books those up to
 * `ends_on`). Null when none does.
 */
function lastVisitKept(plan: PlanRow, kept: VisitRow[], today: string): string | null {
  let last: string | null = null;
  for (const v of kept) if (!last || v.nominalDate > last) last = v.nominalDate;
  if (plan.status === 'active') {
    for (let n = plan.nextVisitIndex; ; n++) {
      const date = nominalVisitDate(plan.startDate!, plan.frequency as Frequency, n);
      if (outsideNotice(date, today)) break;
      if (date >= today && (!last || date > last)) last = date;
    }
  }
  return last;
}

/**
 * Either side cancels an active or paused plan: visits inside the notice go ahead, later ones are
 * called off with nothing charged, and `ends_on` says which was the last.
 */
export async function cancelPlan(
  deps: PaymentDeps,
  auth: AuthContext,
  planId: string,
): Promise<SubscriptionView> {
  await deps.db.transaction(async (tx) => {
    const { plan } = await lockPlan(tx, auth, planId);
    if (plan.status === 'cancelled' || plan.status === 'declined') throw planState(M.ended);
    if (plan.status !== 'active' && plan.status !== 'paused') throw planState(M.notActive);
    const now = deps.clock.now();
    const today = londonToday(now);
    const called = await cancellableVisits(tx, plan, today);
    for (const v of called) await callOff(tx, v, 'cancelled', now);
    const calledIds = new Set(called.map((v) => v.id));
    const kept = (await visitsFrom(tx, plan.id, 0)).filter(
      (v) => v.status === 'booked' && !calledIds.has(v.id) && v.visitDate >= addDays(today, -1),
    );
    const endsOn = lastVisitKept(plan, kept, today);
    await updatePlan(tx, plan.id, {
      status: 'cancelled',
      pauseReason: null,
      endsOn,
      cancelledAt: now,
      updatedAt: now,
    });
    await recordPlanEvent(deps, tx, auth.user.id, 'subscription.cancelled', { ...planRef(plan), endsOn });
  });
  deps.events.committed();
  return planView(deps, auth, planId);
}
