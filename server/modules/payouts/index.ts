// The payouts module's public entry: the tradesperson's connected (Connect) account and its
// onboarding, payouts (transfers) and earnings (docs/api/payouts.md). It builds on payments (the
// ledger); payments reaches it only through PaymentExtensions (server/payment-extensions.ts).
export { connectStatus, syncAccount } from './connect.service';
export { payoutRoutes } from './payouts.routes';
export { payOut, reconcilePayouts, sendPayout } from './payouts.service';
