import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

// How long a new page may take to show its heading (its data may still be loading).
const HEADING_WAIT_MS = 5_000;

function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#main h1');
}

/**
 * After an in-app move to another page, focus goes to the new page's main heading, so a keyboard user
 * starts from the top of it and a screen reader reads its name (a single-page app otherwise leaves focus
 * on the link that was followed, or on nothing). Not on the first page (the browser starts there
 * anyway), not when only the query or hash changed (tabs and filters keep focus), and not when the new
 * page has already put focus somewhere itself, or the person moves it before the heading shows.
 */
export function usePageFocus(): void {
  const { pathname } = useLocation();
  // The first page's path, until the first move (StrictMode runs the effect twice on that page).
  const firstPath = useRef<string | null>(pathname);
  // The path the app was on when focus last moved: a move made on this page is the page's own choice.
  const lastFocusPath = useRef<string | null>(null);

  useEffect(() => {
    const onFocusIn = () => {
      lastFocusPath.current = window.location.pathname;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = null;
    const active = document.activeElement;
    const pageChoseFocus =
      active !== null && active !== document.body && active.isConnected && lastFocusPath.current === pathname;
    if (pageChoseFocus) return;

    let done = false;
    const focusHeading = () => {
      const heading = pageHeading();
      if (!heading || done) return;
      done = true;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      // The router restores or resets the scroll position: focus must not move it.
      heading.focus({ preventScroll: true });
    };
    focusHeading();
    if (done) return;

    const main = document.getElementById('main');
    const observer = new MutationObserver(focusHeading);
    if (main) observer.observe(main, { childList: true, subtree: true });
    const giveUp = () => {
      done = true;
    };
    // Focus moved by the person (or the page) while the heading was on its way: theirs wins.
    document.addEventListener('focusin', giveUp, { once: true });
    const timer = window.setTimeout(giveUp, HEADING_WAIT_MS);
    return () => {
      done = true;
      observer.disconnect();
      document.removeEventListener('focusin', giveUp);
      window.clearTimeout(timer);
    };
  }, [pathname]);
}
