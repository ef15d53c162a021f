// Server calls for the admin console (docs/api/admin.md, and the payments admin routes in
// docs/api/payments.md) as TanStack Query hooks. Types only from the shared schemas. Every path is
// written out as a literal so the contract test (server/contract.int.test.ts) can check it.
//
// The mutations refresh what they affect without waiting for it (onSettled returns nothing): their
// callers use mutateAsync, whose promise settles even when the caller has gone meanwhile (a decided
// document leaves the queue, a refunded payment loses its Refund button), so the toast and the dialog
// never wait for the lists to reload and are never lost with an unmounted component.
import type { AdminOverview, AdminUserDetail, AdminUserSummary, AdminUsersResponse } from '@domain/admin/api';
import type { AdminPaymentsResponse, AdminPaymentView, BookingMoneyResponse } from '@domain/payments/api';
import type {
  AdminReportedReview,
  ModerateReviewBody,
  ModerateReviewResponse,
  ReviewReportsResponse,
} from '@domain/reviews/api';
import type { SupportMetricsResponse } from '@domain/support/api';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type * as z from 'zod';
import { ApiError, apiFetch } from '@/lib/api';

export type {
  AdminOverview,
  AdminPaymentView,
  AdminReportedReview,
  AdminUserDetail,
  AdminUserSummary,
  ReviewReportsResponse,
};

export type SupportMetrics = z.output<typeof SupportMetricsResponse>;

export type ReportedReviewsTab = 'open' | 'decided';
export type AdminUserFilter = 'all' | 'customer' | 'tradesperson' | 'admin' | 'suspended';

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  users: (q: string, filter: AdminUserFilter) => ['admin', 'users', 'list', q, filter] as const,
  user: (id: string) => ['admin', 'users', 'one', id] as const,
  payments: ['admin', 'payments'] as const,
  reviews: (tab: ReportedReviewsTab) => ['admin', 'reviews', tab] as const,
  supportMetrics: ['admin', 'support-metrics'] as const,
};

/** The server's own words when it sent them, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== 'HTTP_ERROR' && error.message) return error.message;
  return fallback;
}

// ---- Dashboard ----

export function useAdminOverview() {
  return useQuery({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => apiFetch<AdminOverview>('/admin/overview', { signal }),
  });
}

/** Support's first-response and resolution times per week (docs/api/support.md), for the dashboard. */
export function useSupportMetrics() {
  return useQuery({
    queryKey: adminKeys.supportMetrics,
    queryFn: ({ signal }) => apiFetch<SupportMetrics>('/admin/support/metrics?weeks=12', { signal }),
  });
}

// ---- Users ----

export function useAdminUsers(q: string, filter: AdminUserFilter) {
  return useInfiniteQuery<
    AdminUsersResponse,
    Error,
    InfiniteData<AdminUsersResponse, string | null>,
    ReturnType<typeof adminKeys.users>,
    string | null
  >({
    queryKey: adminKeys.users(q, filter),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ filter });
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<AdminUsersResponse>(`/admin/users?${params}`, { signal });
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => apiFetch<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`, { signal }),
  });
}

export type AccountAction = 'suspend' | 'reinstate' | 'grant-admin' | 'revoke-admin';

/**
 * Suspend, reinstate, make admin, remove admin. Each answers the account's fresh page, which replaces
 * the cached one; the lists and the dashboard's counts are refreshed behind it. A refusal (409) means
 * the account changed meanwhile, so the page is reloaded as well.
 */
export function useAccountAction(userId: string) {
  const queryClient = useQueryClient();
  const id = encodeURIComponent(userId);
  return useMutation({
    mutationFn: ({ action, reason }: { action: AccountAction; reason?: string }) => {
      switch (action) {
        case 'suspend':
          return apiFetch<AdminUserDetail>(`/admin/users/${id}/suspend`, {
            method: 'POST',
            json: { reason },
          });
        case 'reinstate':
          return apiFetch<AdminUserDetail>(`/admin/users/${id}/reinstate`, { method: 'POST' });
        case 'grant-admin':
          return apiFetch<AdminUserDetail>(`/admin/users/${id}/admin`, { method: 'POST' });
        case 'revoke-admin':
          return apiFetch<AdminUserDetail>(`/admin/users/${id}/admin`, { method: 'DELETE' });
      }
    },
    // The answer is the account's page as it is now; after a refusal the page is asked for again.
    onSuccess: (detail) => {
      if (detail?.user) queryClient.setQueryData(adminKeys.user(userId), detail);
    },
    onSettled: (_detail, error) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users', 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
      if (error) void queryClient.invalidateQueries({ queryKey: adminKeys.user(userId) });
    },
  });
}

// ---- Payments ----

export function useAdminPayments() {
  return useQuery({
    queryKey: adminKeys.payments,
    queryFn: ({ signal }) =>
      apiFetch<AdminPaymentsResponse>('/admin/payments', { signal }).then((r) => r.payments),
  });
}

/** Refunds all (no amount) or part of what a payment still holds. */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      paymentId,
      amountPence,
      reason,
    }: {
      paymentId: string;
      amountPence?: number;
      reason: string;
    }) =>
      apiFetch<BookingMoneyResponse>(`/admin/payments/${encodeURIComponent(paymentId)}/refund`, {
        method: 'POST',
        json: amountPence === undefined ? { reason } : { amountPence, reason },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.payments });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
      // The parties' own screens show the booking's money too.
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}

// ---- Reported reviews ----

export function useReportedReviews(tab: ReportedReviewsTab) {
  return useQuery({
    queryKey: adminKeys.reviews(tab),
    queryFn: ({ signal }) => apiFetch<ReviewReportsResponse>(`/admin/reviews?status=${tab}`, { signal }),
  });
}

/**
 * Hides a reported review (out of every list and the rating) or keeps it (its reports are closed), with
 * the admin's reason. A decided review leaves the Open list at once; the lists and the dashboard's
 * count are refreshed behind it, after a refusal too (409: someone decided it meanwhile).
 */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId: string; body: ModerateReviewBody }) =>
      apiFetch<ModerateReviewResponse>(`/admin/reviews/${encodeURIComponent(reviewId)}/moderate`, {
        method: 'POST',
        json: body,
      }),
    onSuccess: ({ review }) => {
      queryClient.setQueryData<ReviewReportsResponse>(adminKeys.reviews('open'), (queue) =>
        queue?.reviews.some((r) => r.id === review.id)
          ? {
              reviews: queue.reviews.filter((r) => r.id !== review.id),
              openCount: Math.max(0, queue.openCount - 1),
            }
          : queue,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'reviews'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
      // A hidden review leaves the tradesperson's public list and rating.
      void queryClient.invalidateQueries({ queryKey: ['tradespeople'] });
    },
  });
}
