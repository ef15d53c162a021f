// The discovery query keys and the featured list: kept apart from ./api, whose search, reviews and
// saving hooks (infinite queries, mutations) the landing page's Featured section does not need.
import type { TradespersonList } from '@domain/discovery/api';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/accounts';
import { apiFetch } from '@/lib/api';
import type { TradespeopleSearch } from './search-filters';

// `saved` and `isOwnProfile` depend on who is asking, so every key carries the viewer: a list cached
// while signed out is never shown to the customer who then signs in.
export const discoveryKeys = {
  all: ['tradespeople'] as const,
  search: (viewer: string, search: TradespeopleSearch) => ['tradespeople', 'search', viewer, search] as const,
  featured: (viewer: string, limit: number) => ['tradespeople', 'featured', viewer, limit] as const,
  profile: (viewer: string, id: string) => ['tradespeople', 'profile', viewer, id] as const,
  reviews: (viewer: string, id: string) => ['tradespeople', 'reviews', viewer, id] as const,
  saved: ['saved-pros'] as const,
  savedBy: (viewer: string) => ['saved-pros', viewer] as const,
};

/** The signed-in user's id, 'visitor', or null while the session is still loading. */
export function useViewer(): string | null {
  const session = useSession();
  if (session.status === 'loading') return null;
  return session.user?.id ?? 'visitor';
}

/**
 * Featured professionals (landing: 6, customer home: 3). Failures are silent (spec section 8): the
 * caller hides the section, so there is nothing to retry for.
 */
export function useFeaturedTradespeople(limit: number) {
  const viewer = useViewer();
  return useQuery({
    queryKey: discoveryKeys.featured(viewer ?? 'visitor', limit),
    queryFn: ({ signal }) =>
      apiFetch<TradespersonList>(`/tradespeople/featured?limit=${limit}`, {
        signal,
      }).then((r) => r.tradespeople),
    enabled: viewer !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
