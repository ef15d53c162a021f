import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { writeStoredUserType } from '@/lib/session';
import { setThemeChoice, useTheme } from '@/lib/theme';
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
 * Theme: for a signed-in user the one source of truth is `settings.darkMode` on the server, so the
 * theme follows them to every device. The locally stored theme is only a copy of it, kept so that
 * public/theme-init.js paints the right colours before the app starts. Signed-out visitors keep their
 * own local choice (including 'system').
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  const session = useSession();
  const { choice } = useTheme();

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

  const darkMode = session.user?.settings.darkMode;
  useEffect(() => {
    if (darkMode === undefined) return;
    const wanted = darkMode ? 'dark' : 'light';
    if (choice !== wanted) setThemeChoice(wanted);
  }, [darkMode, choice]);
}
