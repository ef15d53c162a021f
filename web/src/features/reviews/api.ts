// Server calls for reviews (docs/api/reviews.md) as TanStack Query hooks.
import type {
  MyReviewResponse,
  MyReviewsPage,
  ReplyBody,
  ReportBody,
  ReportResponse,
  ReviewBody,
  ReviewTasksResponse,
} from '@domain/reviews/api';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

export type ReviewSide = 'received' | 'written';

export const REVIEWS_PAGE_SIZE = 20;

export const reviewKeys = {
  all: ['reviews'] as const,
  mine: (side: ReviewSide) => ['reviews', 'mine', side] as const,
  toWrite: ['reviews', 'to-write'] as const,
};

/**
 * After any review change: my review lists, the bookings that show where their reviews stand (My Jobs,
 * My Bookings, job details) and the public profiles (a publication moves ratings and lists).
 */
function useInvalidateReviews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [reviewKeys.all, ['jobs'], ['bookings'], ['tradespeople']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** My received or written reviews, newest first, REVIEWS_PAGE_SIZE at a time (keyset cursor). */
export function useMyReviews(side: ReviewSide) {
  return useInfiniteQuery<
    MyReviewsPage,
    Error,
    InfiniteData<MyReviewsPage, string | null>,
    ReturnType<typeof reviewKeys.mine>,
    string | null
  >({
    queryKey: reviewKeys.mine(side),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ side, limit: String(REVIEWS_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<MyReviewsPage>(`/reviews/mine?${params}`, { signal });
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Bookings waiting for my review, their windows open, closing soonest first. */
export function useReviewTasks(enabled = true) {
  return useQuery({
    enabled,
    queryKey: reviewKeys.toWrite,
    queryFn: ({ signal }) =>
      apiFetch<ReviewTasksResponse>('/reviews/to-write', { signal }).then((r) => r.bookings),
  });
}

export function useSubmitReview(bookingId: string) {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: (body: ReviewBody) =>
      apiFetch<MyReviewResponse>(`/bookings/${encodeURIComponent(bookingId)}/reviews`, {
        method: 'POST',
        json: body,
      }).then((r) => r.review),
    // Also after a refusal: 'already reviewed' or 'window closed' means the page is out of date.
    onSettled: () => void invalidate(),
  });
}

export function useReplyToReview(reviewId: string) {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: (body: ReplyBody) =>
      apiFetch<MyReviewResponse>(`/reviews/${encodeURIComponent(reviewId)}/reply`, {
        method: 'PUT',
        json: body,
      }).then((r) => r.review),
    onSettled: () => void invalidate(),
  });
}

export function useReportReview(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportBody) =>
      apiFetch<ReportResponse>(`/reviews/${encodeURIComponent(reviewId)}/reports`, {
        method: 'POST',
        json: body,
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      // The public list says whether the viewer has reported each review.
      void queryClient.invalidateQueries({ queryKey: ['tradespeople'] });
    },
  });
}
