import type { MyQuotesResponse, MyQuotesTab } from '@domain/marketplace/api';
import { useQuery } from '@tanstack/react-query';
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

export function useMyQuotes(tab: QuoteTab) {
  return useQuery({
    queryKey: myQuotesQueryKey(tab),
    queryFn: ({ signal }) => apiFetch<MyQuotesResponse>(`/quotes/mine?tab=${tab}`, { signal }),
  });
}
