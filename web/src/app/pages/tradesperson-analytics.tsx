import { useSession } from '@/features/accounts/session';
import { AnalyticsPage } from '@/features/analytics';
import { NotFoundPage } from './not-found';

/** A tradesperson's analytics; the route already requires sign-in. Customers have none. */
function TradespersonAnalyticsPage() {
  const { user } = useSession();
  if (!user) return null;
  if (user.userType !== 'tradesperson') return <NotFoundPage />;
  return <AnalyticsPage />;
}

export { TradespersonAnalyticsPage as Component };
