import { useEffect } from 'react';
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
  const isTradesperson = session.user?.userType === 'tradesperson';
  // The route's title names the customers' screen; a tradesperson's tab should say what it sees.
  useEffect(() => {
    if (isTradesperson) document.title = 'Find Jobs — TradeNest';
  }, [isTradesperson]);
  if (session.status === 'loading') return <SessionPending />;
  if (isTradesperson) return <FindJobs />;
  return <ComingSoonPage />;
}

export { BrowsePage as Component };
