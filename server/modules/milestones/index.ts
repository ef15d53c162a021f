// The milestones module's public entry: milestone plans and milestone payments, charged off-session
// from a saved card, with the bank's authentication when it asks (docs/api/milestones.md,
// DOMAIN-RULES 6). It builds on payments and payment-methods; payments reaches it only through
// PaymentExtensions (server/payment-extensions.ts).
export { milestoneRoutes } from './milestones.routes';
export {
  addChangeMilestone,
  milestoneRefunded,
  milestonesForChange,
  paidByMilestones,
  reconcileMilestoneCharges,
  reduceMilestoneForChange,
  settleMilestonePayment,
  syncPaymentIntent,
} from './milestones.service';
