import { Navigate, Outlet, useLocation } from 'react-router';
import { useStoredUserType } from '@/lib/session';
import { signedInHome, useSession } from './session';

// Route guards for the spec's route table (sections 2 and 4). Each wraps a group of routes as a
// pathless layout route and follows the session as it changes (another tab signing out, for example).

/** Neutral, same-height placeholder while the session loads, so the page does not jump. */
export function SessionPending() {
  return (
    // As tall as the window: on a public page the footer stays below the fold until the screen arrives,
    // rather than showing and then jumping down (a 0.21 layout shift on /browse on a phone).
    <div role="status" aria-busy="true" className="min-h-dvh">
      <span className="sr-only">Loading…</span>
    </div>
  );
}

// A guard's redirect and the navigation that follows a sign-in or sign-out must agree on where to go:
// the session changes a moment before the router's own navigation renders (the router renders inside a
// transition), so the guard redirects first, and a different target would cancel the navigation.

/** Screens for signed-in users only; everyone else goes to `to` ('/' or '/auth' per the route table). */
export function RequireSignedIn({ to }: { to: '/' | '/auth' }) {
  const session = useSession();
  if (session.status === 'signed-in') return <Outlet />;
  if (session.status === 'loading') return <SessionPending />;
  // After signing out on this screen the spec returns to /, not to the sign-in page.
  return <Navigate to={session.endedHere ? '/' : to} replace />;
}

/** The landing and auth pages: a signed-in user goes to /home (an admin to /admin). */
export function RedirectSignedIn() {
  const session = useSession();
  const storedUserType = useStoredUserType();
  const { search } = useLocation();
  // An email verification link lands on /?verify=…: it is handled first (verify-email-link.tsx). A
  // sign-in link lands on /auth?signin=…, which signs in whoever is signed in now (sign-in-link.tsx).
  const params = new URLSearchParams(search);
  const verifying = params.has('verify') || params.has('signin');
  // Sign-in success heads for the same place, so this redirect and that navigation agree.
  if (session.status === 'signed-in' && !verifying)
    return <Navigate to={signedInHome(session.user)} replace />;
  // Someone who was signed in last time waits for the session rather than seeing the landing page
  // flash; a first-time visitor (nothing stored) sees it at once.
  if (session.status === 'loading' && storedUserType) return <SessionPending />;
  return <Outlet />;
}

/** Customer home: tradespeople have their dashboard instead. */
export function RedirectTradesperson() {
  const session = useSession();
  if (session.user?.userType === 'tradesperson') return <Navigate to="/tradesperson-dashboard" replace />;
  return <Outlet />;
}

/** Admin screens: anyone who is not an admin, signed out included, goes to /. */
export function RequireAdmin() {
  const session = useSession();
  if (session.user?.isAdmin) return <Outlet />;
  if (session.status === 'loading') return <SessionPending />;
  return <Navigate to="/" replace />;
}
