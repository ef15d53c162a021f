// The visitor's town for the landing hero. Only the landing page uses it, and it is imported from
// nowhere else (not even re-exported by ./api) so that it stays inside the landing page's own chunk.
import type { VisitorLocationView } from '@domain/geo/api';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

export const VISITOR_LOCATION_KEY = ['geo', 'visitor'] as const;

/** How long the hero waits for the visitor's town before it settles for 'your area'. */
export const VISITOR_LOOKUP_WAIT_MS = 1500;

const NO_VISITOR_LOCATION: VisitorLocationView = { city: null, district: null };

/**
 * The visitor's town and postcode district from the server's IP lookup. Silent on failure (spec
 * section 8): any error, or no answer within VISITOR_LOOKUP_WAIT_MS, is "unknown".
 */
export function useVisitorLocation(): VisitorLocationView & { settled: boolean } {
  const query = useQuery({
    queryKey: VISITOR_LOCATION_KEY,
    queryFn: ({ signal }) =>
      Promise.race([
        apiFetch<VisitorLocationView>('/geo/visitor', { signal }).catch(() => NO_VISITOR_LOCATION),
        new Promise<VisitorLocationView>((resolve) =>
          setTimeout(() => resolve(NO_VISITOR_LOCATION), VISITOR_LOOKUP_WAIT_MS),
        ),
      ]),
    // Where someone is does not change while they read the page.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return {
    city: query.data?.city?.trim() || null,
    district: query.data?.district?.trim() || null,
    settled: !query.isPending,
  };
}
