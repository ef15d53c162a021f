import { useSession } from '@/features/accounts/session';
import { Earnings } from '@/features/payouts/earnings';
import { NotFoundPage } from './not-found';

/** A tradesperson's payments and payouts; the route already requires sign-in. Customers have none. */
function TradespersonPaymentsPage() {
  const { user } = useSession();
  if (!user) return null;
  if (user.userType !== 'tradesperson') return <NotFoundPage />;
  return <Earnings />;
}

export { TradespersonPaymentsPage as Component };
