import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { SESSION_QUERY_KEY, type SessionData } from '@/features/accounts';
import { showError } from '@/lib/toast';

/**
 * Spec section 8, "Logged out while posting": 'Please log in' / 'You need to be logged in to post a
 * job', then /auth. The route guard unmounts the page in the same render that sees the signed-out
 * session, so this listens to the session query itself, which fires before that render. Returns the
 * same action for a 401 from the server (a session that expired while typing).
 */
export function useLoginRequired(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const done = useRef(false);

  const requireLogin = useCallback(() => {
    if (done.current) return;
    done.current = true;
    void showError('Please log in', 'You need to be logged in to post a job');
    void navigate('/auth', { replace: true });
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }, [navigate, queryClient]);

  useEffect(() => {
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryKey[0] !== SESSION_QUERY_KEY[0]) return;
      const data = event.query.state.data as SessionData | undefined;
      // Signing out on purpose (endedHere) is not "logged out while posting".
      if (event.query.state.status === 'success' && data && !data.user && !data.endedHere) requireLogin();
    });
  }, [queryClient, requireLogin]);

  return requireLogin;
}
