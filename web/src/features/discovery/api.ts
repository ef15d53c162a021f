// Server calls for finding tradespeople (docs/api/discovery.md) as TanStack Query hooks. The keys and
// the featured list live in ./queries and the visitor's town in ./visitor-location, which the landing
// page loads without the rest.
import type {
  PublicProfile,
  PublicProfileResponse,
  ReviewsPage,
  TradespeopleSearchPage,
  TradespersonCard,
  TradespersonList,
} from '@domain/discovery/api';
import { TRADESPEOPLE_LAST_PAGE } from '@domain/discovery/search';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api';
import { showError } from '@/lib/toast';
import { discoveryKeys, useViewer } from './queries';
import type { TradespeopleSearch } from './search-filters';

export { discoveryKeys, useFeaturedTradespeople } from './queries';
export {
  isTradespeopleFilter,
  TRADESPEOPLE_FILTERS,
  type TradespeopleFilter,
  type TradespeopleSearch,
} from './search-filters';

export const SEARCH_PAGE_SIZE = 20;
export const REVIEWS_PAGE_SIZE = 10;

/** A missing profile or a refused search (400) is an answer, not a hiccup worth retrying. */
const retryServerErrors = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && count < 1;

export function useTradespeopleSearch(search: TradespeopleSearch, enabled = true) {
  const viewer = useViewer();
  return useInfiniteQuery<
    TradespeopleSearchPage,
    Error,
    InfiniteData<TradespeopleSearchPage, number>,
    ReturnType<typeof discoveryKeys.search>,
    number
  >({
    queryKey: discoveryKeys.search(viewer ?? 'visitor', search),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({
        filter: search.filter,
        page: String(pageParam),
        limit: String(SEARCH_PAGE_SIZE),
      });
      if (search.service) params.set('service', search.service);
      if (search.location) params.set('location', search.location);
      if (search.category) params.set('category', search.category);
      return apiFetch<TradespeopleSearchPage>(`/tradespeople?${params}`, { signal });
    },
    initialPageParam: 1,
    // Past a capped count ('1,000+'), a full page means there may be more.
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ||
      (last.totalCapped && last.tradespeople.length === last.pageSize && last.page < TRADESPEOPLE_LAST_PAGE)
        ? last.page + 1
        : undefined,
    enabled: enabled && viewer !== null,
    retry: retryServerErrors,
  });
}

export function useTradespersonProfile(id: string) {
  const viewer = useViewer();
  return useQuery({
    queryKey: discoveryKeys.profile(viewer ?? 'visitor', id),
    queryFn: ({ signal }) =>
      apiFetch<PublicProfileResponse>(`/tradespeople/${encodeURIComponent(id)}`, { signal }).then(
        (r) => r.profile,
      ),
    enabled: viewer !== null,
    retry: retryServerErrors,
  });
}

/** Reviews, newest first, REVIEWS_PAGE_SIZE at a time (keyset cursor). */
export function useTradespersonReviews(id: string, enabled = true) {
  const viewer = useViewer();
  return useInfiniteQuery<
    ReviewsPage,
    Error,
    InfiniteData<ReviewsPage, string | null>,
    ReturnType<typeof discoveryKeys.reviews>,
    string | null
  >({
    queryKey: discoveryKeys.reviews(viewer ?? 'visitor', id),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(REVIEWS_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<ReviewsPage>(`/tradespeople/${encodeURIComponent(id)}/reviews?${params}`, { signal });
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: enabled && viewer !== null,
    retry: retryServerErrors,
  });
}

/** A customer's Saved Professionals, most recently saved first. */
export function useSavedPros(enabled = true) {
  const viewer = useViewer();
  return useQuery({
    queryKey: discoveryKeys.savedBy(viewer ?? 'visitor'),
    queryFn: ({ signal }) =>
      apiFetch<TradespersonList>('/saved-pros', { signal }).then((r) => r.tradespeople),
    enabled: enabled && viewer !== null && viewer !== 'visitor',
  });
}

type SearchData = InfiniteData<TradespeopleSearchPage, number>;

/**
 * Marks one tradesperson saved (or not) in every cached list and profile, so every heart on screen
 * agrees at once. Saved Professionals loses them on unsave; on save it gains them when the card is known.
 */
function setSavedEverywhere(
  queryClient: QueryClient,
  person: { id: string; card?: TradespersonCard },
  saved: boolean,
) {
  const mark = (card: TradespersonCard) => (card.id === person.id ? { ...card, saved } : card);
  queryClient.setQueriesData<SearchData>({ queryKey: ['tradespeople', 'search'] }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, tradespeople: page.tradespeople.map(mark) })) }
      : data,
  );
  queryClient.setQueriesData<TradespersonCard[]>({ queryKey: ['tradespeople', 'featured'] }, (list) =>
    list?.map(mark),
  );
  queryClient.setQueriesData<PublicProfile>({ queryKey: ['tradespeople', 'profile'] }, (profile) =>
    profile?.id === person.id ? { ...profile, saved } : profile,
  );
  queryClient.setQueriesData<TradespersonCard[]>({ queryKey: discoveryKeys.saved }, (list) => {
    if (!list) return list;
    const without = list.filter((card) => card.id !== person.id);
    return saved && person.card ? [{ ...person.card, saved: true }, ...without] : without;
  });
}

export type ToggleSavedVariables = { id: string; save: boolean; card?: TradespersonCard };

/**
 * Save or unsave a tradesperson (customers only). The hearts change at once; if the server refuses,
 * they go back and a toast says so.
 */
export function useToggleSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, save }: ToggleSavedVariables) =>
      apiFetch<void>(`/saved-pros/${encodeURIComponent(id)}`, { method: save ? 'PUT' : 'DELETE' }),
    onMutate: async (variables) => {
      // A Saved Professionals answer already on its way would undo the change on arrival.
      await queryClient.cancelQueries({ queryKey: discoveryKeys.saved });
      const savedLists = queryClient.getQueriesData<TradespersonCard[]>({ queryKey: discoveryKeys.saved });
      setSavedEverywhere(queryClient, variables, variables.save);
      return { savedLists };
    },
    onError: (_error, variables, context) => {
      setSavedEverywhere(queryClient, variables, !variables.save);
      // The saved list keeps its order: put back what it held rather than re-adding at the top.
      for (const [key, list] of context?.savedLists ?? []) queryClient.setQueryData(key, list);
      void showError(
        'Error',
        variables.save ? 'Failed to save this professional' : 'Failed to remove this saved professional',
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: discoveryKeys.saved }),
  });
}
