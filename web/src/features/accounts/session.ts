// The signed-in user, as the server sees it. Only types come from the shared schemas: importing their
// values would pull zod into the first JavaScript every visitor downloads.
import type { SessionUser } from '@domain/accounts/api';
import type { Settings } from '@domain/accounts/schemas';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { forgetAssistantConversation } from '@/lib/assistant-storage';

export type { SessionUser, Settings };
/**
 * The server's answer. `endedHere` is the client's own note that this tab just signed out (or deleted
 * the account): guards then send the person to /, as the spec wants after sign-out, rather than to the
 * sign-in page. The next answer from the server drops it.
 */
export type SessionData = { user: SessionUser | null; endedHere?: boolean };

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

export function fetchSession(): Promise<SessionData> {
  return apiFetch<SessionData>('/auth/session');
}

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'signed-out'; user: null; endedHere: boolean };

/** The spec's auth states: loading, then signed in or signed out; follows session changes. */
export function useSession(): SessionState {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    // A session changes rarely and other tabs announce their changes (session-sync.ts); coming back to
    // the window after a minute re-asks, which catches a sign-out made on another device.
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
  if (query.isPending) return { status: 'loading', user: null };
  // If the server cannot say who we are, the screens behave as signed out rather than hang.
  const user = query.data?.user ?? null;
  if (user) return { status: 'signed-in', user };
  return { status: 'signed-out', user: null, endedHere: query.data?.endedHere === true };
}

/**
 * Where a signed-in user's app starts: the spec's /home (tradespeople then go on to their dashboard),
 * or for an admin the console at /admin. Sign-in success and the guard of / and /auth both use it, so
 * the redirect and the navigation agree.
 */
export function signedInHome(user: Pick<SessionUser, 'isAdmin'>): '/home' | '/admin' {
  return user.isAdmin ? '/admin' : '/home';
}

/** Replaces the cached session (after sign-in, sign-up, verification). */
export function setSessionUser(queryClient: QueryClient, user: SessionUser): void {
  queryClient.setQueryData<SessionData>(SESSION_QUERY_KEY, { user });
}

/** Forgets everything the signed-in user could see, leaving a signed-out session. */
export function clearSession(queryClient: QueryClient): void {
  // The assistant's conversation may name their jobs and quotes.
  forgetAssistantConversation();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  queryClient.setQueryData<SessionData>(SESSION_QUERY_KEY, { user: null, endedHere: true });
}
