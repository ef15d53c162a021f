// The payments module's public entry: pay into escrow, hold, release, refund, checkout, the provider's
// webhooks, the catch-up job, the ledger and the money views (docs/api/payments.md, DOMAIN-RULES 6).
// It builds on marketplace (bookings); milestones, payouts and payment-methods build on it and plug
// into its webhooks and catch-up through PaymentExtensions (payments.service.ts).

export { bookingLedger } from './ledger.repository';
export { bookingMoneyCase, paymentView } from './money-views';
// A payment's JSON form, for one-statement reads of other modules (payouts' earnings): see payment-json.ts.
export { type PaymentFigures, type PaymentJson, paymentFromJson, paymentJson } from './payment-json';
export { type PaymentRow, paymentsOfBooking } from './payments.repository';
export { paymentRoutes } from './payments.routes';
export {
  afterRefund,
  afterRelease,
  confirmCheckoutSession,
  frozenByDispute,
  openCheckout,
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
// What milestones, payouts and disputes do to payment rows and the ledger, as named operations.
export {
  bookMilestoneCharge,
  cancelChangePayment,
  cancelOpenBookingPayments,
  holdPaymentUntil,
  lockPayment,
  lockPaymentsOfBooking,
  openChangePayment,
  openMilestoneCharge,
  paidInOne,
  payableBalance,
  paymentById,
  postPayout,
  postPayoutReversal,
} from './settlement.service';
export { receiveWebhook } from './webhooks.service';
