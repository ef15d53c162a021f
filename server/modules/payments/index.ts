// The payments module's public entry: pay into escrow, hold, release, refund, checkout, the provider's
// webhooks, the catch-up job, the ledger and the money views (docs/api/payments.md, DOMAIN-RULES 6).
// It builds on marketplace (bookings); milestones, payouts and payment-methods build on it and plug
// into its webhooks and catch-up through PaymentExtensions (payments.service.ts).
// The ledger is the one book of money: the modules built on payments post to it and read balances.
export { balanceOf, postTransaction } from './ledger.repository';
export { bookingMoneyCase, paymentView } from './money-views';
// A payment row, which milestone charges write too, and its JSON form in one-statement reads.
export {
  findPayment,
  insertPayment,
  type PaymentFigures,
  type PaymentJson,
  type PaymentRow,
  paymentFromJson,
  paymentJson,
  paymentsOfBooking,
  updatePayment,
} from './payments.repository';
export { paymentRoutes } from './payments.routes';
export {
  afterRefund,
  afterRelease,
  confirmCheckoutSession,
  frozenByDispute,
  type PaymentDeps,
  type PaymentExtensions,
  postRefund,
  postRelease,
  providerFailure,
  refundPayment,
  releaseDue,
  releasePayment,
} from './payments.service';
export { LOOK_BACK_MS, reconcilePayments } from './reconcile';
export { receiveWebhook } from './webhooks.service';
