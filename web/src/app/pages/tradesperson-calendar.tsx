import { useSession } from '@/features/accounts/session';
import { CalendarPage } from '@/features/scheduling';
import { NotFoundPage } from './not-found';

/** A tradesperson's calendar; the route already requires sign-in. Customers have none. */
function TradespersonCalendarPage() {
  const { user } = useSession();
  if (!user) return null;
  if (user.userType !== 'tradesperson') return <NotFoundPage />;
  return <CalendarPage />;
}

export { TradespersonCalendarPage as Component };
