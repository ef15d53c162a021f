import type { MyQuotesResponse, MyQuotesTab } from '@domain/marketplace/api';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** The spec's tabs, in order; withdrawn quotes appear only under All (the API leaves them out elsewhere). */
export const QUOTE_TABS = [
  { value: 'all', label: 'All', empty: 'You have not sent any quotes yet' },
  { value: 'pending', label: 'Pending', empty: 'No pending quotes' },
  { value: 'accepted', label: 'Accepted', empty: 'No accepted quotes yet' },
  { value: 'rejected', label: 'Rejected', empty: 'No rejected quotes' },
] as const satisfies readonly { value: MyQuotesTab; label: string; empty: string }[];
export type QuoteTab = MyQuotesTab;

export function isQuoteTab(value: string | null): value is QuoteTab {
  return QUOTE_TABS.some((tab) => tab.value === value);
}

export const myQuotesQueryKey = (tab: QuoteTab) => ['quotes', 'mine', tab] as const;

/** One tab of Manage Quotes, a page at a time (newest first); the next page follows the last one's cursor. */
export function useMyQuotes(tab: QuoteTab) {
  return useInfiniteQuery<
    MyQuotesResponse,
    Error,
    InfiniteData<MyQuotesResponse, string | null>,
    ReturnType<typeof myQuotesQueryKey>,
    string | null
  >({
    queryKey: myQuotesQueryKey(tab),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ tab });
      if (pageParam) query.set('cursor', pageParam);
      return apiFetch<MyQuotesResponse>(`/quotes/mine?${query}`, { signal });
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
