// The subscriptions module's public entry: repeat service plans and their visits
// (docs/api/subscriptions.md). It builds on marketplace (each visit is a booking), payments and
// payment-methods (each visit is charged from the plan's saved card); payments reaches it only through
// PaymentExtensions (server/payment-extensions.ts).

export { reconcileVisitCharges, settleVisitPayment, syncVisitIntent } from './charges';
export { bookDueVisits, chargeDueVisits } from './scheduler';
export { subscriptionRoutes } from './subscriptions.routes';
