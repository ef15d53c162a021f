import { changePaid, syncChargeIntent } from './modules/changes';
import { milestoneRefunded, paidByMilestones, reconcileMilestoneCharges } from './modules/milestones';
import { syncSetupIntent } from './modules/payment-methods';
import type { PaymentDeps, PaymentExtensions } from './modules/payments';
import { reconcilePayouts, syncAccount } from './modules/payouts';
import { reconcileVisitCharges, syncVisitIntent } from './modules/subscriptions';

/**
 * A saved-card charge is a plan visit's (its metadata names the visit), a milestone's or a change's:
 * a visit's is settled by subscriptions, the others by changes, which tells those two apart.
 */
async function syncSavedCardCharge(deps: PaymentDeps, intentId: string): Promise<void> {
  const intent = await deps.gateway.retrievePaymentIntent(intentId);
  if (await syncVisitIntent(deps, intent)) return;
  await syncChargeIntent(deps, intentId);
}

/**
 * What milestones, changes, payouts, payment-methods and subscriptions answer for payments, which they
 * build on and which cannot import them (decision 0012): wired here, beside app.ts, for every PaymentDeps.
 */
export const paymentExtensions: PaymentExtensions = {
  paidByMilestones,
  milestoneRefunded,
  providerObjects: {
    account: syncAccount,
    payment_intent: syncSavedCardCharge,
    setup_intent: syncSetupIntent,
  },
  // The order the catch-up always ran them in: interrupted milestone charges, then payouts; then
  // interrupted visit charges.
  reconcile: [reconcileMilestoneCharges, reconcilePayouts, reconcileVisitCharges],
  changePaid,
};
