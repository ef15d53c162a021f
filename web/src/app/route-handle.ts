import { useMatches } from 'react-router';

/**
 * How the root layout frames a screen; a route or a group of routes (a pathless guard route) declares it.
 * Screens without it are public pages: header and the marketing footer.
 */
export type LayoutHandle = {
  /**
   * 'app': a signed-in screen, framed by the app's navigation without the marketing footer.
   * 'app-when-signed-in': the same for a signed-in user, a public page for a visitor (/browse, a tab of
   * the bottom navigation that visitors may open too).
   */
  layout?: 'app' | 'app-when-signed-in';
  /** The screen is exactly as tall as the window (its own parts scroll), as a conversation is. */
  fillsScreen?: boolean;
};

/** What each route declares in its `handle`: the screen's name, used for the document title and headings. */
export type RouteHandle = LayoutHandle & {
  title: string;
  documentTitle?: string;
  /** The screen's name for tradespeople where it differs (Find Jobs, My Bookings). */
  tradespersonTitle?: string;
};

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

/** The layout the matched routes ask for, the deepest declaration winning. */
export function useLayoutHandle(): LayoutHandle {
  const matches = useMatches();
  const found: LayoutHandle = {};
  for (const match of matches) {
    const handle = match.handle as LayoutHandle | undefined;
    if (handle?.layout) found.layout = handle.layout;
    if (handle?.fillsScreen) found.fillsScreen = true;
  }
  return found;
}

export function documentTitleFor(handle: RouteHandle | undefined, userType?: string | null): string {
  if (handle?.documentTitle) return handle.documentTitle;
  if (!handle) return 'TradeNest';
  const title =
    userType === 'tradesperson' && handle.tradespersonTitle ? handle.tradespersonTitle : handle.title;
  return `${title} — TradeNest`;
}
