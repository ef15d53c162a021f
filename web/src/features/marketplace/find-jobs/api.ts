import type { OpenJobFilter, OpenJobsPage } from '@domain/marketplace/api';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

export type { OpenJobFilter };

/** The Find screen's chips, in the spec's order, with the API's filter value for each. */
export const OPEN_JOB_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'verified', label: 'Verified' },
  { value: 'top-rated', label: 'Top Rated' },
  { value: 'nearby', label: 'Nearby' },
] as const satisfies readonly { value: OpenJobFilter; label: string }[];

export function isOpenJobFilter(value: string | null): value is OpenJobFilter {
  return OPEN_JOB_FILTERS.some((f) => f.value === value);
}

/** Keyset pages of the open-jobs list; each page asks for the next one with the cursor it was given. */
export const OPEN_JOBS_PAGE_SIZE = 20;

export const openJobsQueryKey = (filter: OpenJobFilter, category: string | null = null) =>
  ['jobs', 'open', filter, category] as const;

/** `category` is a job category or a Browse Services category id (?category= on /browse). */
export function useOpenJobs(filter: OpenJobFilter, category: string | null = null) {
  return useInfiniteQuery<
    OpenJobsPage,
    Error,
    InfiniteData<OpenJobsPage, string | null>,
    ReturnType<typeof openJobsQueryKey>,
    string | null
  >({
    queryKey: openJobsQueryKey(filter, category),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ filter, limit: String(OPEN_JOBS_PAGE_SIZE) });
      if (category) params.set('category', category);
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<OpenJobsPage>(`/jobs/open?${params}`, { signal });
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
