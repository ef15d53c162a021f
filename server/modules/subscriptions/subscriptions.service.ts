import { eq, sql } from 'drizzle-orm';
import { JOB_CATEGORIES } from '../../../domain/catalog/catalog';
import { isOneOf } from '../../../domain/catalog/statuses';
import { parsePostcode } from '../../../domain/geo/postcode';
import { londonToday } from '../../../domain/marketplace/schemas';
import { MILESTONE_MESSAGES } from '../../../domain/milestones/messages';
import { parsePoundsToPence } from '../../../domain/payments/money';
import type { ProposeSubscriptionInput, SubscriptionView } from '../../../domain/subscriptions/api';
import { SUBSCRIPTION_MESSAGES as M } from '../../../domain/subscriptions/messages';
import { addDays, SUBSCRIPTION_RULES as R } from '../../../domain/subscriptions/rules';
import type { Executor } from '../../db/client';
import { bookings, jobPostings, quotes, subscriptionVisits } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import { cardForCharge } from '../payment-methods';
import type { PaymentDeps } from '../payments';
import { dayOffers } from '../scheduling';
import {
  invalid,
  lockPlan,
  onlyCustomer,
  onlyTradesperson,
  planRef,
  planState,
  planView,
  recordPlanEvent,
} from './plan-access';
import {
  askableTradesperson,
  insertPlan,
  latestPaymentsOf,
  updatePlan,
  waitingPlanOf,
} from './subscriptions.repository';
import { bookVisitsOfPlans } from './visits';

// Repeat service plans, asked for and agreed (docs/api/subscriptions.md): the customer asks, the
// tradesperson proposes the terms, the customer accepts with a saved card (or either says no), and
// later price changes. Each use case is one transaction under the plan's row lock; pausing, skipping
// and cancelling are plan-changes.ts, the visits' charges charges.ts.

export interface RequestInput {
  bookingId?: string | undefined;
  tradespersonId?: string | undefined;
  postcode?: string | undefined;
  category?: string | undefined;
  message: string;
}

/** Who the customer asks and for what: a completed booking's, or a profile's with a postcode and category. */
async function requestTerms(deps: PaymentDeps, auth: AuthContext, input: RequestInput) {
  if (input.bookingId) {
    const [found] = await deps.db
      .select({ booking: bookings, category: jobPostings.category, postcode: jobPostings.postcode })
      .from(bookings)
      .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
      .where(eq(bookings.id, input.bookingId));
    if (!found || found.booking.customerId !== auth.user.id) throw AppError.notFound(M.bookingNotFound);
    if (found.booking.status !== 'completed') throw planState(M.bookingNotCompleted);
    return {
      tradespersonId: found.booking.tradespersonId,
      category: found.category,
      postcode: found.postcode,
      sourceBookingId: found.booking.id,
    };
  }
  if (!input.tradespersonId) throw invalid('tradespersonId', M.requestSource);
  if (input.tradespersonId === auth.user.id || !(await askableTradesperson(deps.db, input.tradespersonId)))
    throw AppError.notFound(M.tradespersonNotFound);
  const postcode = parsePostcode(input.postcode ?? '');
  if (!postcode.ok) throw invalid('postcode', M.postcodeInvalid);
  if (!input.category || !isOneOf(JOB_CATEGORIES, input.category)) throw invalid('category', M.category);
  return {
    tradespersonId: input.tradespersonId,
    category: input.category,
    postcode: postcode.postcode,
    sourceBookingId: null,
  };
}

/** A customer asks a tradesperson for a repeat service; one waiting request per pair. */
export async function requestPlan(
  deps: PaymentDeps,
  auth: AuthContext,
  input: RequestInput,
): Promise<SubscriptionView> {
  if (auth.user.userType !== 'customer') throw onlyCustomer();
  const terms = await requestTerms(deps, auth, input);
  const plan = await deps.db.transaction(async (tx) => {
    // Two requests racing for the same pair are decided one after the other.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`subscription-request:${auth.user.id}:${terms.tradespersonId}`}))`,
    );
    if (await waitingPlanOf(tx, auth.user.id, terms.tradespersonId)) throw planState(M.alreadyAsked);
    const now = deps.clock.now();
    const plan = await insertPlan(tx, {
      customerId: auth.user.id,
      ...terms,
      requestMessage: input.message,
      status: 'requested',
      createdAt: now,
      updatedAt: now,
    });
    await recordPlanEvent(deps, tx, auth.user.id, 'subscription.requested', planRef(plan));
    return plan;
  });
  deps.events.committed();
  return planView(deps, auth, plan.id);
}

/** Pounds as typed to pence per visit, with the quote's rule and the plan's range. */
function pricePence(input: string | number): number {
  const parsed = parsePoundsToPence(input);
  if (!parsed.ok) throw invalid('pricePerVisit', M.priceInvalid);
  if (parsed.pence < R.pricePerVisitMinPence || parsed.pence > R.pricePerVisitMaxPence)
    throw invalid('pricePerVisit', M.priceRange);
  return parsed.pence;
}

/** The start date must be from tomorrow within startWithinDays (UK), on a day the tradesperson takes work. */
async function checkStartDate(deps: PaymentDeps, tx: Executor, tradespersonId: string, startDate: string) {
  const today = londonToday(deps.clock.now());
  if (startDate <= today || startDate > addDays(today, R.startWithinDays))
    throw invalid('startDate', M.startDate);
  const [offer] = await dayOffers(tx, deps.clock, tradespersonId, startDate, startDate);
  if (offer?.refusal)
    throw new AppError(409, 'day_unavailable', M.notBookable, [
      { field: 'startDate', message: M.notBookable },
    ]);
}

/** The tradesperson proposes the plan's terms (again while the customer has not answered). */
export async function proposePlan(
  deps: PaymentDeps,
  auth: AuthContext,
  planId: string,
  input: ProposeSubscriptionInput,
): Promise<SubscriptionView> {
  const price = pricePence(input.pricePerVisit);
  await deps.db.transaction(async (tx) => {
    const { plan, role } = await lockPlan(tx, auth, planId);
    if (role !== 'tradesperson') throw onlyTradesperson();
    if (plan.status !== 'requested' && plan.status !== 'proposed') throw planState(M.notRequested);
    await checkStartDate(deps, tx, plan.tradespersonId, input.startDate);
    await updatePlan(tx, plan.id, {
      status: 'proposed',
      title: input.title.trim(),
      description: input.description.trim(),
      pricePerVisitPence: price,
      frequency: input.frequency,
      startDate: input.startDate,
      updatedAt: deps.clock.now(),
    });
    await recordPlanEvent(deps, tx, auth.user.id, 'subscription.proposed', planRef(plan));
  });
  deps.events.committed();
  return planView(deps, auth, planId);
}

/** The customer's card for the plan: `cardForCharge`'s choice, with the plan's own words when there is none. */
async function planCard(deps: PaymentDeps, tx: Executor, customerId: string, paymentMethodId?: string) {
  try {
    return (await cardForCharge(deps, tx, customerId, paymentMethodId)).card;
  } catch (error) {
    if (error instanceof AppError && error.message === MILESTONE_MESSAGES.noCard)
      throw invalid('paymentMethodId', M.cardNeeded);
    throw error;
  }
}

/**
 * The customer accepts the proposal with a saved card: the plan is active, and the visits already
 * within bookAheadDays are booked at once, as the scheduled job would.
 */
export async function acceptPlan(
  deps: PaymentDeps,
  auth: AuthContext,
  planId: string,
  input: { paymentMethodId?: string | undefined },
): Promise<SubscriptionView> {
  await deps.db.transaction(async (tx) => {
    const { plan, role } = await lockPlan(tx, auth, planId);
    if (role !== 'customer') throw onlyCustomer();
    if (plan.status !== 'proposed') throw planState(M.notProposed);
    const now = deps.clock.now();
    if (plan.startDate! <= londonToday(now)) throw planState(M.startPassed);
    const card = await planCard(deps, tx, auth.user.id, input.paymentMethodId);
    const active = await updatePlan(tx, plan.id, {
      status: 'active',
      paymentMethodId: card.id,
      acceptedAt: now,
      updatedAt: now,
    });
    await recordPlanEvent(deps, tx, auth.user.id, 'subscription.accepted', planRef(plan));
    await bookVisitsOfPlans(tx, deps.events, [active], now);
  });
  deps.events.committed();
  return planView(deps, auth, planId);
}

/** Either side says no before the plan starts. */
export async function declinePlan(
  deps: PaymentDeps,
  auth: AuthContext,
  planId: string,
): Promise<SubscriptionView> {
  await deps.db.transaction(async (tx) => {
    const { plan } = await lockPlan(tx, auth, planId);
    if (plan.status !== 'requested' && plan.status !== 'proposed') throw planState(M.notProposed);
    await updatePlan(tx, plan.id, { status: 'declined', updatedAt: deps.clock.now() });
    await recordPlanEvent(deps, tx, auth.user.id, 'subscription.declined', planRef(plan));
  });
  deps.events.committed();
  return planView(deps, auth, planId);
}

/** The tradesperson proposes a new price per visit; it waits for the customer. */
export async function proposePrice(
  deps: PaymentDeps,
  auth: AuthContext,
  planId: string,
  input: { pricePerVisit: string | number },
): Promise<SubscriptionView> {
  const price = pricePence(input.pricePerVisit);
  await deps.db.transaction(async (tx) => {
    const { plan, role } = await lockPlan(tx, auth, planId);
    if (role !== 'tradesperson') throw onlyTradesperson();
    if (plan.status !== 'active' && plan.status !== 'paused') throw planState(M.notActive);
    if (plan.pendingPricePence !== null) throw planState(M.priceChangeWaiting);
    if (price === plan.pricePerVisitPence) throw invalid('pricePerVisit', M.samePrice);
    await updatePlan(tx, plan.id, { pendingPricePence: price, updatedAt: deps.clock.now() });
    await recordPlanEvent(deps, tx, auth.user.id, 'subscription.price_proposed', {
      ...planRef(plan),
      pricePence: price,
    });
  });
  deps.events.committed();
  return planView(deps, auth, planId);
}

/**
 * The customer's answer to a price change. Accepted, the new price applies to every visit not charged
 * yet: booked ones too (their booking and quote), unless a charge of theirs is under way or done.
 */
export async function decidePrice(
  deps: PaymentDeps,
  auth: AuthContext,
  planId: string,
  accept: boolean,
): Promise<SubscriptionView> {
  await deps.db.transaction(async (tx) => {
    const { plan, role } = await lockPlan(tx, auth, planId);
    if (role !== 'customer') throw onlyCustomer();
    const price = plan.pendingPricePence;
    if (price === null) throw planState(M.noPriceChange);
    const now = deps.clock.now();
    if (!accept) {
      await updatePlan(tx, plan.id, { pendingPricePence: null, updatedAt: now });
      await recordPlanEvent(deps, tx, auth.user.id, 'subscription.price_declined', {
        ...planRef(plan),
        pricePence: price,
      });
      return;
    }
    await updatePlan(tx, plan.id, { pricePerVisitPence: price, pendingPricePence: null, updatedAt: now });
    await repriceUnchargedVisits(tx, plan.id, price, now);
    await recordPlanEvent(deps, tx, auth.user.id, 'subscription.price_accepted', {
      ...planRef(plan),
      pricePence: price,
    });
  });
  deps.events.committed();
  return planView(deps, auth, planId);
}

async function repriceUnchargedVisits(tx: Executor, planId: string, price: number, now: Date) {
  const booked = await tx
    .select({ id: subscriptionVisits.id, bookingId: subscriptionVisits.bookingId })
    .from(subscriptionVisits)
    .where(sql`${subscriptionVisits.subscriptionId} = ${planId} and ${subscriptionVisits.status} = 'booked'`)
    .for('update');
  const payments = await latestPaymentsOf(
    tx,
    booked.map((v) => v.bookingId!),
  );
  for (const v of booked) {
    const p = payments.get(v.bookingId!);
    if (p && p.status !== 'failed' && p.status !== 'cancelled') continue;
    await tx
      .update(subscriptionVisits)
      .set({ pricePence: price, updatedAt: now })
      .where(eq(subscriptionVisits.id, v.id));
    const [b] = await tx
      .update(bookings)
      .set({ amount: price, updatedAt: now })
      .where(eq(bookings.id, v.bookingId!))
      .returning({ quoteId: bookings.quoteId });
    await tx.update(quotes).set({ amount: price, updatedAt: now }).where(eq(quotes.id, b!.quoteId));
  }
}
