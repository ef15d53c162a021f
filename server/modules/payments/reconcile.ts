import { and, gte, inArray, isNotNull } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { OPEN_PAYMENT_STATUSES, pendingRefunds } from './payments.repository';
import { confirmCheckoutSession, type PaymentDeps, sendRefund } from './payments.service';

/** How far back the catch-up looks for payments still open at the provider. */
export const LOOK_BACK_MS = 48 * 60 * 60 * 1000;

/**
 * Catches up with the provider after anything that interrupted the normal path: a crash between the
 * provider's confirmation and our posting whose webhook never came, a refund the provider did not
 * answer, then the steps of the modules built on payments (an interrupted milestone charge, a payout,
 * payable money of an account that became ready while no job ran: `deps.extensions.reconcile`). Each
 * step is the same idempotent use case the normal path runs, so running this at any time changes
 * nothing that is right.
 */
export async function reconcilePayments(deps: PaymentDeps): Promise<{ confirmed: number; payouts: number }> {
  let confirmed = 0;
  const since = new Date(deps.clock.now().getTime() - LOOK_BACK_MS);
  const open = await deps.db
    .select({ sessionId: payments.checkoutSessionId })
    .from(payments)
    .where(
      and(
        inArray(payments.status, OPEN_PAYMENT_STATUSES),
        isNotNull(payments.checkoutSessionId),
        gte(payments.createdAt, since),
      ),
    );
  for (const { sessionId } of open) {
    const p = await confirmCheckoutSession(deps, sessionId!);
    if (p?.status === 'succeeded' || p?.status === 'refunded') confirmed++;
  }
  for (const refund of await pendingRefunds(deps.db)) await sendRefund(deps, refund.id);
  let paidOut = 0;
  for (const step of deps.extensions.reconcile) {
    const done = await step(deps);
    confirmed += done.confirmed;
    paidOut += done.payouts;
  }
  return { confirmed, payouts: paidOut };
}
