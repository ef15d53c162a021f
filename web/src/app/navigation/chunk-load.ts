import type { RouteObject } from 'react-router';

/**
 * A screen's code could not be downloaded: the network is down, or a deploy has replaced the built
 * files this tab's index.html names (their names carry a content hash, so the old ones are gone).
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('The page’s code could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

type Lazy = Extract<RouteObject['lazy'], (...args: never[]) => unknown>;

/** The route's `lazy`, tried a second time before giving up with a ChunkLoadError (a dropped packet). */
function retriedOnce(lazy: Lazy): Lazy {
  return async () => {
    try {
      return await lazy();
    } catch {
      try {
        return await lazy();
      } catch (error) {
        throw new ChunkLoadError(error);
      }
    }
  };
}

/**
 * The route table with every `lazy` retried once. The router keeps a failed `lazy` for good (it never
 * calls it again in this page's life), so after these two tries only a fresh page load fetches the
 * screen's code: see `reloadForNewVersion` and the route error.
 */
export function withRetriedLazies(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const next = { ...route } as RouteObject;
    if (typeof route.lazy === 'function') next.lazy = retriedOnce(route.lazy as Lazy);
    if (route.children) next.children = withRetriedLazies(route.children);
    return next;
  });
}

/**
 * Whether the server answers: the browser's own flag first (false means certainly offline), then a
 * request for the app's page that no cache may answer.
 */
export async function serverReachable(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    const response = await fetch('/', { cache: 'no-store', headers: { accept: 'text/html' } });
    return response.ok;
  } catch {
    return false;
  }
}

export const RELOADED_AT_KEY = 'tradenest:reloaded-for-new-version';
// A second failure this soon after reloading means the new version is broken too: no reload loop.
const RELOAD_GUARD_MS = 60_000;

/**
 * Loads the page afresh, which fetches the new version's index.html and code, unless this tab did so
 * in the last minute. Returns whether it is reloading.
 */
export function reloadForNewVersion(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY));
    if (last && now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    // Without storage there is no guard against a loop: show the error instead.
    return false;
  }
  window.location.reload();
  return true;
}
