import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { BottomNav } from '@/components/layout/bottom-nav';
import { Footer } from '@/components/layout/footer';
import { Header, type HeaderAccount } from '@/components/layout/header';
import { useSignOut } from '@/features/accounts/auth-mutations';
import { useSession } from '@/features/accounts/session';
import { useSessionSync } from '@/features/accounts/session-sync';
import { useUpdateSettings } from '@/features/accounts/use-update-settings';
import { VerifyEmailBanner, VerifyEmailLink } from '@/features/accounts/verify-email';
import { useUnreadCount } from '@/features/messaging/unread';
import { useNotificationCount } from '@/features/notifications/unread';
import { useStoredUserType } from '@/lib/session';
import { cn } from '@/lib/utils';
import { documentTitleFor, useRouteHandle } from './route-handle';

// The event stream, loaded once someone is signed in: visitors' pages carry none of its code.
const RealtimeBridge = lazy(() =>
  import('@/features/messaging/realtime').then((m) => ({ default: m.RealtimeBridge })),
);

// The landing and auth pages are for signed-out visitors: no app navigation there.
const WITHOUT_BOTTOM_NAV = new Set(['/', '/auth']);

export function RootLayout() {
  useSessionSync();
  const session = useSession();
  const storedUserType = useStoredUserType();
  const signOut = useSignOut();
  const updateSettings = useUpdateSettings();
  const handle = useRouteHandle();
  const { pathname } = useLocation();
  const signedInId = session.user?.id ?? null;
  // Asked only once the server says who is signed in (the stored user type may be out of date).
  const unread = useUnreadCount(signedInId !== null);
  const unreadNotifications = useNotificationCount(signedInId !== null);

  // While the session loads, the user type stored at the last sign-in stands in for it, so the signed-in
  // header and bottom navigation are there from the first paint instead of popping in.
  const userType = session.user?.userType ?? (session.status === 'loading' ? storedUserType : null);

  useEffect(() => {
    document.title = documentTitleFor(handle, userType);
  }, [handle, userType]);
  const showBottomNav = userType !== null && !WITHOUT_BOTTOM_NAV.has(pathname);
  const account: HeaderAccount | undefined = userType
    ? {
        signingOut: signOut.isPending,
        onSignOut: () => signOut.mutate(),
        // The account keeps an explicit light or dark; following the device is no choice (null). A
        // refused change puts the account's value back, and useSessionSync the theme with it.
        onThemeChoose: (choice) =>
          updateSettings.mutate({ darkMode: choice === 'system' ? null : choice === 'dark' }),
        unreadNotifications: unreadNotifications.data ?? 0,
      }
    : undefined;

  return (
    // The fixed bottom navigation would cover the footer without room reserved for it.
    <div className={cn('flex min-h-dvh flex-col', showBottomNav && 'pb-16')}>
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to main content
      </a>
      <Header account={account} />
      <VerifyEmailLink />
      <VerifyEmailBanner />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      {showBottomNav && userType && <BottomNav userType={userType} unread={unread.data ?? 0} />}
      {/* Keyed by user: signing out (or in as someone else) closes the stream and opens theirs. */}
      {signedInId && (
        <Suspense fallback={null}>
          <RealtimeBridge key={signedInId} userId={signedInId} />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
