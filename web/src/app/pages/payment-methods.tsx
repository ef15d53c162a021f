import { PaymentMethods } from '@/features/payment-methods/payment-methods';

/** Payment Methods (spec section 2): the customer's saved cards; the route requires sign-in. */
function PaymentMethodsPage() {
  return <PaymentMethods />;
}

export { PaymentMethodsPage as Component };
