// The subscriptions module's public entry: repeat service plans and their visits
// (docs/api/subscriptions.md). FOUNDATION (issue 39): the subscriptions part builds what is behind these.

export { bookDueVisits, chargeDueVisits } from './scheduler';
export { subscriptionRoutes } from './subscriptions.routes';
