// The payments module's public entry: pay, escrow, release, refund, payouts and the payout account
// (docs/api/payments.md, DOMAIN-RULES 6). It builds on marketplace (bookings) and owns the ledger.
export { connectStatus } from './connect.service';
export { milestoneRoutes } from './milestones.routes';
export { bookingMoneyCase } from './money-views';
export { findPayment, type PaymentFigures, type PaymentRow, paymentsOfBooking } from './payments.repository';
export { paymentRoutes } from './payments.routes';
export {
  afterRefund,
  afterRelease,
  confirmCheckoutSession,
  type PaymentDeps,
  postRefund,
  postRelease,
  refundPayment,
  releaseDue,
  releasePayment,
} from './payments.service';
export { payOut, sendPayout } from './payouts.service';
export { reconcilePayments } from './reconcile';
export { receiveWebhook } from './webhooks.service';
