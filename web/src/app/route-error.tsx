import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { isChunkLoadError, reloadForNewVersion, serverReachable } from './navigation/chunk-load';

// The spec's generic fallback for routing failures (section 8).
export const ERROR_HEADING = 'Unexpected Application Error!';
export const OFFLINE_HEADING = 'You’re offline';
export const OFFLINE_MESSAGE = 'TradeNest can’t reach the server. Check your connection, then try again.';
export const STILL_OFFLINE = 'Still offline. Try again once you’re connected.';

type Shown = 'checking' | 'offline' | 'error';

/**
 * A screen that failed, shown inside the app's layout (the header and navigation stay usable), with a
 * Retry. When the screen's code could not be downloaded it finds out why: the server unreachable shows
 * the offline notice; the server up means a deploy replaced the files this tab knew, so the page loads
 * afresh once (never in a loop) to get the new version.
 */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  const [shown, setShown] = useState<Shown>(chunkFailed ? 'checking' : 'error');
  const [stillOffline, setStillOffline] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!chunkFailed) return;
    let current = true;
    void serverReachable().then((reachable) => {
      if (!current) return;
      if (!reachable) setShown('offline');
      else if (!reloadForNewVersion()) setShown('error');
    });
    return () => {
      current = false;
    };
  }, [chunkFailed]);

  useEffect(() => {
    if (shown === 'checking') return;
    document.title = `${shown === 'offline' ? 'Offline' : 'Error'} — TradeNest`;
    // Said and focused where the page would have been, as a new page's heading is.
    heading.current?.focus({ preventScroll: true });
  }, [shown]);

  // The browser says the connection is back: try again without waiting for the button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: retry reads only state that `shown` follows.
  useEffect(() => {
    if (shown !== 'offline') return;
    const onOnline = () => void retry();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [shown]);

  async function retry() {
    if (!chunkFailed) {
      // Runs the route again: a new navigation to where we are clears the error.
      navigate(location, { replace: true });
      return;
    }
    setRetrying(true);
    const reachable = await serverReachable();
    setRetrying(false);
    // The router never asks again for code it failed to get: only a fresh load fetches it.
    if (reachable) window.location.reload();
    else {
      setShown('offline');
      setStillOffline(true);
    }
  }

  // A moment's check, usually followed by a reload: nothing to show yet.
  if (shown === 'checking') return <div aria-busy="true" className="min-h-48" />;

  const offline = shown === 'offline';
  return (
    <section
      aria-labelledby="route-error-heading"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center"
    >
      <h1
        id="route-error-heading"
        ref={heading}
        tabIndex={-1}
        className="text-3xl font-bold tracking-tight focus:outline-none"
      >
        {offline ? OFFLINE_HEADING : ERROR_HEADING}
      </h1>
      <p className="mt-4 text-muted-foreground">
        {offline ? OFFLINE_MESSAGE : 'Something went wrong while showing this page. Please try again.'}
      </p>
      <p role="status" className="mt-2 min-h-6 text-sm text-muted-foreground">
        {offline && stillOffline && !retrying ? STILL_OFFLINE : ''}
      </p>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
        <Button type="button" onClick={retry} disabled={retrying}>
          Retry
        </Button>
        {/* A full load: a clean start, whatever state the app was in. */}
        {!offline && (
          <Button asChild variant="outline">
            <a href="/">Go to the home page</a>
          </Button>
        )}
      </div>
    </section>
  );
}

/**
 * The error page outside the layout: for a failure of the layout itself, and for the sandbox payment
 * pages, which have no layout. Retry and the home link load the page afresh, from a clean state.
 */
export function AppError() {
  useEffect(() => {
    document.title = 'Error — TradeNest';
  }, []);

  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{ERROR_HEADING}</h1>
      <p className="mt-4 text-muted-foreground">
        Something went wrong while showing this page. Please try again from the home page.
      </p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <Button type="button" onClick={() => window.location.reload()}>
          Retry
        </Button>
        <Button asChild variant="outline">
          <a href="/">Go to the home page</a>
        </Button>
      </div>
    </main>
  );
}
