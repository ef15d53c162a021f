import { useParams } from 'react-router';
import { SandboxCheckoutPage } from '@/features/payments/sandbox/checkout-page';

/** The sandbox provider's hosted checkout (docs/api/payments.md). */
function SandboxCheckout() {
  const { id = '' } = useParams();
  return <SandboxCheckoutPage key={id} id={id} />;
}

export { SandboxCheckout as Component };
