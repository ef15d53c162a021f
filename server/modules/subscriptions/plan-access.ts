import { eq, sql } from 'drizzle-orm';
import type { DomainEventPayloads, DomainEventType } from '../../../domain/events/catalog';
import type { SubscriptionView } from '../../../domain/subscriptions/api';
import { SUBSCRIPTION_MESSAGES as M } from '../../../domain/subscriptions/messages';
import type { Executor } from '../../db/client';
import { bookings, jobPostings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import type { PaymentDeps } from '../payments';
import { type PlanFacts, type Role, subscriptionView } from './presenters';
import {
  findPlan,
  type PlanRow,
  type PlanWithParties,
  plansWithParties,
  visitsWithMoney,
} from './subscriptions.repository';

// Who may see and act on a plan, the errors the routes answer, and reading plans into their views.

export const planNotFound = () => AppError.notFound(M.notFound);
export const planState = (message: string) => AppError.conflict('subscription_state', message);
export const onlyCustomer = () => new AppError(403, 'not_allowed', M.onlyCustomer);
export const onlyTradesperson = () => new AppError(403, 'not_allowed', M.onlyTradesperson);
export const invalid = (field: string, message: string) => AppError.validation(message, [{ field, message }]);

/** The caller's side of a plan; anyone else is told it does not exist. */
export function roleOf(
  plan: Pick<PlanRow, 'customerId' | 'tradespersonId'> | undefined,
  auth: AuthContext,
): Role {
  if (plan?.customerId === auth.user.id) return 'customer';
  if (plan?.tradespersonId === auth.user.id) return 'tradesperson';
  throw planNotFound();
}

/** Locks the plan row: every change to a plan and its visits runs under it. */
export async function lockPlan(tx: Executor, auth: AuthContext, planId: string) {
  const plan = await findPlan(tx, planId, { forUpdate: true });
  return { plan: plan!, role: roleOf(plan, auth) };
}

export const planRef = (plan: Pick<PlanRow, 'id' | 'customerId' | 'tradespersonId'>) => ({
  subscriptionId: plan.id,
  customerId: plan.customerId,
  tradespersonId: plan.tradespersonId,
});

type PlanEventType = Extract<DomainEventType, `subscription.${string}`>;

/** Records a plan's event in the caller's transaction. */
export function recordPlanEvent<T extends PlanEventType>(
  deps: Pick<PaymentDeps, 'events'>,
  tx: Executor,
  actorId: string | null,
  type: T,
  payload: DomainEventPayloads[T],
) {
  return deps.events.record(tx, { type, actorId, payload } as Parameters<PaymentDeps['events']['record']>[1]);
}

/**
 * Where the customer authenticates each visit's charge that waits for the bank: asked of the
 * provider, since only it knows (a provider that cannot answer now leaves the link out).
 */
async function actionUrlsOf(
  deps: PaymentDeps,
  facts: Pick<PlanFacts, 'payments'>,
  visits: { id: string; bookingId: string | null }[],
) {
  const urls = new Map<string, string>();
  for (const v of visits) {
    const p = v.bookingId ? facts.payments.get(v.bookingId) : undefined;
    if (p?.status !== 'requires_action' || !p.providerPaymentId) continue;
    const intent = await deps.gateway.retrievePaymentIntent(p.providerPaymentId).catch(() => undefined);
    if (intent?.actionUrl) urls.set(v.id, intent.actionUrl);
  }
  return urls;
}

/** The views of `plans` for the caller: their visits and the visits' money in one more statement. */
async function viewsOf(
  deps: PaymentDeps,
  auth: AuthContext,
  plans: PlanWithParties[],
): Promise<SubscriptionView[]> {
  const {
    visits,
    bookings: bookingsById,
    payments,
  } = await visitsWithMoney(
    deps.db,
    plans.map((p) => p.id),
  );
  const mine = visits.filter((v) =>
    plans.some((p) => p.id === v.subscriptionId && p.customerId === auth.user.id),
  );
  const facts: PlanFacts = {
    bookings: bookingsById,
    payments,
    actionUrls: await actionUrlsOf(deps, { payments }, mine),
    now: deps.clock.now(),
  };
  return plans.map((p) => subscriptionView(p, roleOf(p, auth), visits, facts));
}

export async function planView(
  deps: PaymentDeps,
  auth: AuthContext,
  planId: string,
): Promise<SubscriptionView> {
  const plans = await plansWithParties(deps.db, { planId });
  roleOf(plans[0], auth);
  return (await viewsOf(deps, auth, plans))[0]!;
}

export async function listPlans(deps: PaymentDeps, auth: AuthContext): Promise<SubscriptionView[]> {
  return viewsOf(deps, auth, await plansWithParties(deps.db, { userId: auth.user.id, limit: 200 }));
}

/**
 * Calls off a visit's booking that was not charged (its plan paused or cancelled, or the visit
 * skipped or its last charge failed): the booking and its job are cancelled. Call under the plan's
 * and the visit's locks; the job and booking are locked here, in the marketplace's order.
 */
export async function cancelVisitBooking(tx: Executor, bookingId: string, now: Date): Promise<void> {
  const [b] = await tx.select({ jobId: bookings.jobId }).from(bookings).where(eq(bookings.id, bookingId));
  await tx.execute(sql`select id from ${jobPostings} where id = ${b!.jobId} for update`);
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(eq(bookings.id, bookingId));
  await tx
    .update(jobPostings)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(eq(jobPostings.id, b!.jobId));
}
