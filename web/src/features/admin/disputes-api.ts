// Server calls of the admin's disputes pages (issue 16, domain/disputes/api.ts) as TanStack Query hooks.
// Types only from the shared schemas. Every path is written out as a literal so the contract test
// (server/contract.int.test.ts) can check it.
import type {
  AdminDisputeDetail,
  AdminDisputeListResponse,
  AdminDisputeResponse,
  AdminDisputeSummary,
  DisputeResponse,
  ResolveDisputeBody,
} from '@domain/disputes/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { adminKeys } from './api';

export type { AdminDisputeDetail, AdminDisputeSummary, ResolveDisputeBody };

export type DisputesTab = 'active' | 'resolved';

export const disputeKeys = {
  all: ['admin', 'disputes'] as const,
  list: (tab: DisputesTab) => ['admin', 'disputes', 'list', tab] as const,
  one: (id: string) => ['admin', 'disputes', 'one', id] as const,
};

/** The queue: active disputes oldest first, or the latest resolved (newest resolved first). */
export function useAdminDisputes(tab: DisputesTab) {
  return useQuery({
    queryKey: disputeKeys.list(tab),
    queryFn: ({ signal }) =>
      apiFetch<AdminDisputeListResponse>(`/admin/disputes?status=${tab}`, { signal }).then((r) => r.disputes),
  });
}

/** One dispute's case file: the booking, both parties, their conversation, the money, the thread. */
export function useAdminDispute(id: string) {
  return useQuery({
    queryKey: disputeKeys.one(id),
    queryFn: ({ signal }) =>
      apiFetch<AdminDisputeResponse>(`/admin/disputes/${encodeURIComponent(id)}`, { signal }).then(
        (r) => r.dispute,
      ),
  });
}

/**
 * A message from TradeNest support in the dispute's thread. The answer is the parties' view of the
 * dispute, so the admin's case file is asked for again rather than patched from it.
 */
export function usePostDisputeMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiFetch<DisputeResponse>(`/disputes/${encodeURIComponent(id)}/messages`, {
        method: 'POST',
        json: { body },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: disputeKeys.one(id) }),
  });
}

/**
 * Resolves a dispute: where the held money goes, with the admin's note. The answer is the case file as
 * it is now and replaces the cached one; the queue, the dashboard's count and the parties' bookings and
 * money are refreshed behind it. After a refusal (409: resolved meanwhile) the case file is reloaded.
 */
export function useResolveDispute(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolveDisputeBody) =>
      apiFetch<AdminDisputeResponse>(`/admin/disputes/${encodeURIComponent(id)}/resolve`, {
        method: 'POST',
        json: body,
      }),
    onSuccess: ({ dispute }) => {
      queryClient.setQueryData<AdminDisputeDetail>(disputeKeys.one(id), dispute);
    },
    onSettled: (_data, error) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'disputes', 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
      void queryClient.invalidateQueries({ queryKey: adminKeys.payments });
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
      if (error) void queryClient.invalidateQueries({ queryKey: disputeKeys.one(id) });
    },
  });
}
