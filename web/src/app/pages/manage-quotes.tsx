import { Link } from 'react-router';
import { ScreenNotice } from '@/components/screen-notice';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/accounts/session';
import { ManageQuotes } from '@/features/marketplace/quotes/manage-quotes';

/** Manage Quotes is a tradesperson's screen; the route already requires sign-in. */
function ManageQuotesPage() {
  const { user } = useSession();
  if (!user) return null;
  if (user.userType !== 'tradesperson') {
    return (
      <ScreenNotice
        title="Manage Quotes"
        roomy
        actions={
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to="/home">Back to home</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/my-jobs">My Jobs</Link>
            </Button>
          </div>
        }
      >
        Quotes are sent by tradespeople. The quotes you receive appear on each of your jobs in My Jobs.
      </ScreenNotice>
    );
  }
  return <ManageQuotes />;
}

export { ManageQuotesPage as Component };
