import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/accounts/session';
import { TradespersonDashboard } from '@/features/marketplace/dashboard/tradesperson-dashboard';

/** The tradesperson dashboard; the route already requires sign-in. */
function TradespersonDashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  if (user.userType !== 'tradesperson') {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Tradesperson Dashboard</h1>
        <p className="mt-4 text-muted-foreground">
          This dashboard is for tradespeople. Your jobs, quotes and bookings are on your home screen.
        </p>
        <Button asChild className="mt-8">
          <Link to="/home">Back to home</Link>
        </Button>
      </section>
    );
  }
  return <TradespersonDashboard userId={user.id} name={user.fullName} />;
}

export { TradespersonDashboardPage as Component };
