// What milestones offers other features: the link to a booking's milestones, and the saved cards and
// the bank's authentication that changes to a booking pay with too.
export { usePaymentMethods } from './api';
export { MilestonesLink } from './milestones-link';
export { cardLabel, usableCards } from './payment-method-card';
export { handleStripeNextAction } from './stripe-next-action';
