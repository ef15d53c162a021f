import { useMatches } from 'react-router';

/** What each route declares in its `handle`: the screen's name, used for the document title and headings. */
export type RouteHandle = {
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

export function documentTitleFor(handle: RouteHandle | undefined, userType?: string | null): string {
  if (handle?.documentTitle) return handle.documentTitle;
  if (!handle) return 'TradeNest';
  const title =
    userType === 'tradesperson' && handle.tradespersonTitle ? handle.tradespersonTitle : handle.title;
  return `${title} — TradeNest`;
}
