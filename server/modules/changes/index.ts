// The changes module's public entry: changes to a booking's agreed work and price (docs/api/changes.md).
// It builds on payments (escrow, refunds, checkout), payment-methods and milestones; payments reaches it
// only through PaymentExtensions (server/payment-extensions.ts).
export { changePaid, syncChargeIntent } from './change-payments.service';
export { changeRoutes } from './changes.routes';
