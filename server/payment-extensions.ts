import { changePaid, syncChargeIntent } from './modules/changes';
import { milestoneRefunded, paidByMilestones, reconcileMilestoneCharges } from './modules/milestones';
import { syncSetupIntent } from './modules/payment-methods';
import type { PaymentExtensions } from './modules/payments';
import { reconcilePayouts, syncAccount } from './modules/payouts';

/**
 * What milestones, changes, payouts and payment-methods answer for payments, which they build on and which
 * cannot import them (decision 0012): wired here, beside app.ts, for every PaymentDeps.
 */
export const paymentExtensions: PaymentExtensions = {
  paidByMilestones,
  milestoneRefunded,
  // A saved-card charge is a milestone's or a change's: changes tells them apart and books either.
  providerObjects: { account: syncAccount, payment_intent: syncChargeIntent, setup_intent: syncSetupIntent },
  // The order the catch-up always ran them in: interrupted milestone charges, then payouts.
  reconcile: [reconcileMilestoneCharges, reconcilePayouts],
  changePaid,
};
