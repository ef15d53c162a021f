import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/accounts/session';
import { ManageQuotes } from '@/features/marketplace/quotes/manage-quotes';

/** Manage Quotes is a tradesperson's screen; the route already requires sign-in. */
function ManageQuotesPage() {
  const { user } = useSession();
  if (!user) return null;
  if (user.userType !== 'tradesperson') {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Manage Quotes</h1>
        <p className="mt-4 text-muted-foreground">
          Quotes are sent by tradespeople. The quotes you receive appear on each of your jobs in My Jobs.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/home">Back to home</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/my-jobs">My Jobs</Link>
          </Button>
        </div>
      </section>
    );
  }
  return <ManageQuotes />;
}

export { ManageQuotesPage as Component };
