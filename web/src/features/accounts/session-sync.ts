import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { writeStoredUserType } from '@/lib/session';
import { dropAccountTheme, setThemeChoice } from '@/lib/theme';
import { SESSION_QUERY_KEY, useSession } from './session';

// Tabs of the same browser share the session cookie but not their query caches: a tab that signs in,
// signs out, changes settings or deletes the account says so here, and the others ask the server again
// (their route guards then redirect as needed).
const CHANNEL_NAME = 'tradenest-session';

// One channel object per tab, used to send and to listen: a channel never hears its own messages, so
// the tab that made the change does not ask again for what it already knows.
let channel: BroadcastChannel | null | undefined;
function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  }
  return channel;
}

export function announceSessionChange(): void {
  sessionChannel()?.postMessage({ type: 'session-changed' });
}

/**
 * Keeps the rest of the browser in step with the session. Mount once, in the root layout.
 *
 * Theme: a signed-in user's explicit choice is `settings.darkMode` on the server, so it follows them to
 * every device; the locally stored theme is a copy of it, kept so that public/theme-init.js paints the
 * right colours before the app starts. Until they choose (`darkMode` null) the browser follows the
 * device, or a choice made in this browser before signing in, so signing in never turns a dark screen
 * light. Signed-out visitors keep their own local choice (including 'system').
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  const session = useSession();

  useEffect(() => {
    const channel = sessionChannel();
    if (!channel) return;
    const onMessage = () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    channel.addEventListener('message', onMessage);
    return () => channel.removeEventListener('message', onMessage);
  }, [queryClient]);

  // Spec section 4: the stored user type is refreshed while signed in and cleared when signed out.
  const userType = session.user?.userType ?? null;
  useEffect(() => {
    if (session.status !== 'loading') writeStoredUserType(userType);
  }, [session.status, userType]);

  // Applied when the account's choice arrives or changes, never because the local copy differs: the
  // header's toggle changes the local theme a moment before its saved choice reaches the session.
  const darkMode = session.user?.settings.darkMode;
  useEffect(() => {
    if (darkMode === undefined) return;
    if (darkMode === null) dropAccountTheme();
    else setThemeChoice(darkMode ? 'dark' : 'light', true);
  }, [darkMode]);
}
