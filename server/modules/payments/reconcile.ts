import { and, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { balanceOf } from './ledger.repository';
import { resumeMilestoneCharge } from './milestones.service';
import {
  OPEN_PAYMENT_STATUSES,
  payoutReadyUsers,
  pendingPayouts,
  pendingRefunds,
} from './payments.repository';
import { confirmCheckoutSession, type PaymentDeps, sendRefund } from './payments.service';
import { payOut, sendPayout } from './payouts.service';

const LOOK_BACK_MS = 48 * 60 * 60 * 1000;
/** A milestone charge still 'processing' this long after it was written was interrupted. */
const STUCK_CHARGE_MS = 5 * 60 * 1000;

/**
 * Catches up with the provider after anything that interrupted the normal path: a crash between the
 * provider's confirmation and our posting whose webhook never came, a payout or refund the provider
 * did not answer, a milestone charge interrupted before the provider answered, payable money of an
 * account that became ready while no job ran. Each step is the same
 * idempotent use case the normal path runs, so running this at any time changes nothing that is right.
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
  const stuck = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'processing'),
        isNotNull(payments.milestoneId),
        gte(payments.createdAt, since),
        lt(payments.updatedAt, new Date(deps.clock.now().getTime() - STUCK_CHARGE_MS)),
      ),
    );
  for (const { id } of stuck) {
    if ((await resumeMilestoneCharge(deps, id)).status === 'succeeded') confirmed++;
  }
  for (const refund of await pendingRefunds(deps.db)) await sendRefund(deps, refund.id);
  let paidOut = 0;
  for (const pending of await pendingPayouts(deps.db)) {
    if ((await sendPayout(deps, pending.id)).status === 'paid') paidOut++;
  }
  for (const { userId } of await payoutReadyUsers(deps.db)) {
    if (
      (await balanceOf(deps.db, { kind: 'tradesperson_payable', userId })) > 0 &&
      (await payOut(deps, userId))
    )
      paidOut++;
  }
  return { confirmed, payouts: paidOut };
}
