import { ScreenNotice } from '@/components/screen-notice';
import { useSession } from '@/features/accounts/session';
import { TradespersonDashboard } from '@/features/marketplace/dashboard/tradesperson-dashboard';

/** The tradesperson dashboard; the route already requires sign-in. */
function TradespersonDashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  if (user.userType !== 'tradesperson') {
    return (
      <ScreenNotice title="Tradesperson Dashboard" link={{ to: '/home', label: 'Back to home' }} roomy>
        This dashboard is for tradespeople. Your jobs, quotes and bookings are on your home screen.
      </ScreenNotice>
    );
  }
  return <TradespersonDashboard userId={user.id} name={user.fullName} />;
}

export { TradespersonDashboardPage as Component };
