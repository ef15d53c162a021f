// The payment-methods module's public entry: a customer's saved cards (docs/api/payment-methods.md).
// It builds on payments; milestones charge the cards, and payments reaches it only through
// PaymentExtensions (server/payment-extensions.ts).

export { paymentMethodRoutes } from './payment-methods.routes';
export { cardForCharge, paymentCustomerOf, syncSetupIntent } from './payment-methods.service';
