import { SessionPending } from '@/features/accounts/guards';
import { useSession } from '@/features/accounts/session';
import { FindTradespeople } from '@/features/discovery/find-tradespeople';
import { FindJobs } from '@/features/marketplace/find-jobs/find-jobs';

/**
 * The Find screen (spec section 2): 'Find Jobs' for a tradesperson, 'Find Tradespeople' for everyone
 * else, visitors included. Both keep ?category= and ?location= from the URL.
 */
function BrowsePage() {
  const session = useSession();
  if (session.status === 'loading') return <SessionPending />;
  if (session.user?.userType === 'tradesperson') return <FindJobs />;
  return <FindTradespeople />;
}

export { BrowsePage as Component };
