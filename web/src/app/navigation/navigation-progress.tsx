import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

// A page that comes quicker than this shows no bar: a flash on every tap would be noise.
export const PROGRESS_DELAY_MS = 250;

/**
 * A thin bar across the top of the window while the router fetches the next page's code, so a tap on a
 * slow connection visibly does something while the old page stays up. The page's own data then shows
 * its loading state.
 */
export function NavigationProgress() {
  const loading = useNavigation().state !== 'idle';
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loading]);

  if (!loading || !shown) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-1/3 animate-progress bg-primary motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
