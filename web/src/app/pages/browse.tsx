import { SessionPending } from '@/features/auth/guards';
import { useSession } from '@/features/auth/session';
import { FindJobs } from '@/features/find-jobs/find-jobs';
import { Component as ComingSoonPage } from './coming-soon-page';

/**
 * The Find screen (spec section 2): 'Find Jobs' for a tradesperson. Everyone else gets 'Find
 * Tradespeople', which a later issue builds; until then they see the honest coming-soon panel (the
 * route's title), never sample tradespeople. ?category= and ?location= stay in the URL for that view.
 */
function BrowsePage() {
  const session = useSession();
  if (session.status === 'loading') return <SessionPending />;
  if (session.user?.userType === 'tradesperson') return <FindJobs />;
  return <ComingSoonPage />;
}

export { BrowsePage as Component };
