import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

// Shapes of docs/api/marketplace.md ("OpenJob"). Money is integer pence; the postcode never leaves the
// server whole: only the district (outcode) and the place name do.
export type OpenJob = {
  id: string;
  title: string;
  category: string;
  description: string;
  budgetMin: number | null;
  budgetMax: number | null;
  outcode: string;
  place: string | null;
  distanceMiles: number | null;
  createdAt: string;
  quoteCount: number;
  /** The viewer has quoted on this job. */
  quotedByMe: boolean;
  customer: {
    id: string;
    fullName: string | null;
    rating: number;
    reviewCount: number;
    emailVerified: boolean;
  };
};

export type OpenJobsPage = { jobs: OpenJob[]; total: number; nextCursor: string | null };

/** The Find screen's chips, in the spec's order, with the API's filter value for each. */
export const OPEN_JOB_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'verified', label: 'Verified' },
  { value: 'top-rated', label: 'Top Rated' },
  { value: 'nearby', label: 'Nearby' },
] as const;
export type OpenJobFilter = (typeof OPEN_JOB_FILTERS)[number]['value'];

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
