import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

// Shapes of docs/api/marketplace.md ("MyQuote"): a quote with the job it answers. Money is pence.
export type QuoteStatus = 'pending' | 'accepted' | 'rejected' | 'withdrawn';

export type MyQuote = {
  id: string;
  jobId: string;
  amount: number;
  message: string;
  status: QuoteStatus;
  createdAt: string;
  updatedAt: string;
  job: {
    id: string;
    title: string;
    category: string;
    status: string;
    outcode: string;
    budgetMin: number | null;
    budgetMax: number | null;
  };
};

/** The spec's tabs, in order; withdrawn quotes appear only under All (the API leaves them out elsewhere). */
export const QUOTE_TABS = [
  { value: 'all', label: 'All', empty: 'You have not sent any quotes yet' },
  { value: 'pending', label: 'Pending', empty: 'No pending quotes' },
  { value: 'accepted', label: 'Accepted', empty: 'No accepted quotes yet' },
  { value: 'rejected', label: 'Rejected', empty: 'No rejected quotes' },
] as const;
export type QuoteTab = (typeof QUOTE_TABS)[number]['value'];

export function isQuoteTab(value: string | null): value is QuoteTab {
  return QUOTE_TABS.some((tab) => tab.value === value);
}

export const myQuotesQueryKey = (tab: QuoteTab) => ['quotes', 'mine', tab] as const;

export function useMyQuotes(tab: QuoteTab) {
  return useQuery({
    queryKey: myQuotesQueryKey(tab),
    queryFn: ({ signal }) => apiFetch<{ quotes: MyQuote[] }>(`/quotes/mine?tab=${tab}`, { signal }),
  });
}
