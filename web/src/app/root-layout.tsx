import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { useSession } from '@/features/accounts/session';
import { useSessionSync } from '@/features/accounts/session-sync';
import { VerifyEmailBanner, VerifyEmailLink } from '@/features/accounts/verify-email';
import { AssistantLauncher } from '@/features/assistant/launcher';
import { useStoredUserType } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useAppChrome } from './app-chrome-loader';
import { NavigationProgress } from './navigation/navigation-progress';
import { useLayoutHandle } from './route-handle';

// The event stream, loaded once someone is signed in: visitors' pages carry none of its code. If its code
// cannot be downloaded (offline, or a deploy renamed it) the app goes on without live updates until the
// next page load, rather than the failure taking the layout down with it.
const RealtimeBridge = lazy(() =>
  import('@/features/messaging/realtime').then(
    (m) => ({ default: m.RealtimeBridge }),
    () => ({ default: () => null }),
  ),
);

// The landing and auth pages are for signed-out visitors: no app navigation there.
const WITHOUT_BOTTOM_NAV = new Set(['/', '/auth']);

/**
 * Who the screens are framed for. While the session loads, the user type stored at the last sign-in
 * stands in for it, so the signed-in header and bottom navigation are there from the first paint
 * instead of popping in (their module is fetched beside the first screen's code: app-chrome-loader.ts).
 */
export function useFramedUserType() {
  const session = useSession();
  const storedUserType = useStoredUserType();
  return session.user?.userType ?? (session.status === 'loading' ? storedUserType : null);
}

export function RootLayout() {
  useSessionSync();
  const session = useSession();
  const { layout, fillsScreen } = useLayoutHandle();
  const { pathname } = useLocation();
  const signedInId = session.user?.id ?? null;
  const userType = useFramedUserType();
  // The tab bar's place for the assistant's button (the bar is in the chrome's chunk, the button not).
  const [assistantSlot, setAssistantSlot] = useState<HTMLLIElement | null>(null);
  // Fetched ahead on the sign-in page (the next screen is signed in) and on signed-in screens, which
  // need it whatever the session says.
  const chrome = useAppChrome(userType !== null || pathname === '/auth' || layout === 'app');
  const showBottomNav = userType !== null && !WITHOUT_BOTTOM_NAV.has(pathname);
  // Signed-in screens are framed by the app's navigation alone; public pages end with the footer.
  const inApp = layout === 'app' || (layout === 'app-when-signed-in' && userType !== null);

  return (
    <div
      className={cn(
        'flex flex-col',
        // A screen that fills the window is exactly as tall as it, in dynamic viewport units, so the
        // browser's bars and the on-screen keyboard (interactive-widget=resizes-content in index.html)
        // shorten it rather than cover its bottom.
        fillsScreen ? 'h-dvh' : 'min-h-dvh',
        // Room for the fixed tab bar (below md only: 4rem and its top border), home indicator included,
        // so it covers nothing.
        showBottomNav && 'pb-[calc(4rem+1px+env(safe-area-inset-bottom))] md:pb-0',
      )}
    >
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to main content
      </a>
      <NavigationProgress />
      <Header
        signedIn={userType !== null}
        appItems={
          userType &&
          chrome && (
            <chrome.AppHeaderItems
              userType={userType}
              signedIn={signedInId !== null}
              isAdmin={session.user?.isAdmin === true}
            />
          )
        }
      />
      <VerifyEmailLink />
      <VerifyEmailBanner />
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          'flex-1 focus:outline-none',
          fillsScreen && 'flex min-h-0 flex-col',
          // Room below the last of a signed-in screen for the assistant's button (public pages have the
          // footer's), so at the end of the page it covers nothing.
          inApp && !fillsScreen && 'pb-20',
        )}
      >
        <Outlet />
      </main>
      {!inApp && <Footer />}
      {showBottomNav && userType && chrome && (
        <chrome.AppTabBar
          userType={userType}
          signedIn={signedInId !== null}
          assistantSlot={setAssistantSlot}
        />
      )}
      {/* Above the routes, so its conversation lasts from screen to screen. */}
      <AssistantLauncher
        userId={session.status === 'loading' ? undefined : signedInId}
        aboveTabBar={showBottomNav}
        aboveComposer={fillsScreen === true}
        tabBarSlot={showBottomNav ? assistantSlot : null}
      />
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
