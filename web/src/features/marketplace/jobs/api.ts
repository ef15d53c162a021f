// Server calls for jobs and quotes (docs/api/marketplace.md) as TanStack Query hooks.
import type {
  BookingResponse,
  JobResponse,
  MyJobsResponse,
  MyJobsTab,
  QuoteComparisonResponse,
  QuoteResponse,
  QuoteRevisionsResponse,
} from '@domain/marketplace/api';
import type { LineItemInput } from '@domain/marketplace/pricing';
import type { EditJobInput, PostJob, QuoteInput } from '@domain/marketplace/schemas';
import {
  type InfiniteData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api';

export const jobKeys = {
  all: ['jobs'] as const,
  mine: (tab: MyJobsTab) => ['jobs', 'mine', tab] as const,
  detail: (id: string) => ['jobs', 'detail', id] as const,
};

/** After any marketplace change: every list and detail that might show it is refetched. */
function useInvalidateMarketplace() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: jobKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['bookings'] }),
      queryClient.invalidateQueries({ queryKey: ['quotes'] }),
    ]);
}

/** One tab of My Jobs, a page at a time (newest first); the next page follows the last one's cursor. */
export function useMyJobs(tab: MyJobsTab) {
  return useInfiniteQuery<
    MyJobsResponse,
    Error,
    InfiniteData<MyJobsResponse, string | null>,
    ReturnType<typeof jobKeys.mine>,
    string | null
  >({
    queryKey: jobKeys.mine(tab),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ tab });
      if (pageParam) query.set('cursor', pageParam);
      return apiFetch<MyJobsResponse>(`/jobs/mine?${query}`, { signal });
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** A job's detail: the page's query, also fetched ahead by the server's render (server-render.tsx). */
export const jobQuery = (id: string) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: () => apiFetch<JobResponse>(`/jobs/${encodeURIComponent(id)}`).then((r) => r.job),
    // A missing or forbidden job is an answer, not a hiccup worth retrying.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });

export function useJob(id: string) {
  return useQuery(jobQuery(id));
}

/** Budgets go as whole pounds, as typed; the server turns them into pence (contract: POST /jobs). */
export type PostJobRequest = Omit<PostJob, 'budgetMin' | 'budgetMax'> & {
  budgetMin: number | null;
  budgetMax: number | null;
};

export function usePostJob() {
  const invalidate = useInvalidateMarketplace();
  return useMutation({
    mutationFn: (body: PostJobRequest) =>
      apiFetch<JobResponse>('/jobs', { method: 'POST', json: body }).then((r) => r.job),
    onSuccess: () => void invalidate(),
  });
}

/** Edits an open job (PATCH /jobs/:id): its photos, and its details while it has no quotes. */
export function useEditJob(jobId: string) {
  const invalidate = useInvalidateMarketplace();
  return useMutation({
    mutationFn: (body: EditJobInput) =>
      apiFetch<JobResponse>(`/jobs/${encodeURIComponent(jobId)}`, { method: 'PATCH', json: body }).then(
        (r) => r.job,
      ),
    onSuccess: () => void invalidate(),
  });
}

export function useCancelJob() {
  const invalidate = useInvalidateMarketplace();
  return useMutation({
    mutationFn: (jobId: string) =>
      apiFetch<JobResponse>(`/jobs/${encodeURIComponent(jobId)}/cancel`, { method: 'POST' }),
    onSuccess: () => void invalidate(),
  });
}

/**
 * A quote as the contract takes it (docs/api/quotes.md): `amount` in pounds as typed ('249.99'), or
 * line items whose total the server works out; the optional terms as typed, blank for none.
 */
export type QuoteRequest = Omit<QuoteInput, 'lineItems'> & { lineItems?: LineItemInput[] | null };

export function useSubmitQuote(jobId: string) {
  const invalidate = useInvalidateMarketplace();
  return useMutation({
    mutationFn: (body: QuoteRequest) =>
      apiFetch<QuoteResponse>(`/jobs/${encodeURIComponent(jobId)}/quotes`, {
        method: 'POST',
        json: body,
      }),
    onSuccess: () => void invalidate(),
  });
}

export function useUpdateQuote() {
  const invalidate = useInvalidateMarketplace();
  return useMutation({
    mutationFn: ({ quoteId, ...body }: QuoteRequest & { quoteId: string }) =>
      apiFetch<QuoteResponse>(`/quotes/${encodeURIComponent(quoteId)}`, {
        method: 'PATCH',
        json: body,
      }),
    onSuccess: () => void invalidate(),
  });
}

/** A quote's earlier versions, newest first; fetched when someone asks what changed. */
export function useQuoteRevisions(quoteId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['quotes', 'revisions', quoteId],
    queryFn: () =>
      apiFetch<QuoteRevisionsResponse>(`/quotes/${encodeURIComponent(quoteId)}/revisions`).then(
        (r) => r.revisions,
      ),
    enabled,
  });
}

/** The job's live quotes side by side (docs/api/quotes.md), for its customer. */
export function useQuoteComparison(jobId: string) {
  return useQuery({
    queryKey: [...jobKeys.detail(jobId), 'compare'],
    queryFn: () => apiFetch<QuoteComparisonResponse>(`/jobs/${encodeURIComponent(jobId)}/quotes/compare`),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}

export function useWithdrawQuote() {
  const invalidate = useInvalidateMarketplace();
  return useMutation({
    mutationFn: (quoteId: string) =>
      apiFetch<QuoteResponse>(`/quotes/${encodeURIComponent(quoteId)}/withdraw`, { method: 'POST' }),
    onSuccess: () => void invalidate(),
  });
}

export function useAcceptQuote() {
  const invalidate = useInvalidateMarketplace();
  return useMutation({
    mutationFn: (quoteId: string) =>
      apiFetch<BookingResponse>(`/quotes/${encodeURIComponent(quoteId)}/accept`, { method: 'POST' }),
    // Also after a refusal: 'Already Accepted' means the page is out of date.
    onSettled: () => void invalidate(),
  });
}
