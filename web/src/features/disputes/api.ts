// Server calls for disputes (domain/disputes/api.ts, docs/api/disputes.md) as TanStack Query hooks.
import type {
  DisputeListResponse,
  DisputeMessageBody,
  DisputeResponse,
  EvidenceTextBody,
  RaiseDisputeBody,
  RespondBody,
} from '@domain/disputes/api';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentKeys } from '@/features/payouts';
import { apiFetch, postForm } from '@/lib/api';
import { DASHBOARD_QUERY_KEY } from '@/lib/query-keys';

export const disputeKeys = {
  all: ['disputes'] as const,
  mine: ['disputes', 'mine'] as const,
  detail: (id: string) => ['disputes', 'detail', id] as const,
};

/**
 * After raising a dispute: the bookings that show it (My Jobs, My Bookings, job details, the
 * dashboard's Active Jobs) and my disputes. The booking is disputed now and its money frozen.
 */
function invalidateAfterRaise(queryClient: QueryClient) {
  return Promise.all(
    [disputeKeys.all, ['jobs'], ['bookings'], DASHBOARD_QUERY_KEY, paymentKeys.earnings].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** My disputes, as raiser or respondent, newest first. */
export function useMyDisputes() {
  return useQuery({
    queryKey: disputeKeys.mine,
    queryFn: ({ signal }) => apiFetch<DisputeListResponse>('/disputes', { signal }).then((r) => r.disputes),
  });
}

export function useDispute(id: string) {
  return useQuery({
    queryKey: disputeKeys.detail(id),
    queryFn: ({ signal }) =>
      apiFetch<DisputeResponse>(`/disputes/${encodeURIComponent(id)}`, { signal }).then((r) => r.dispute),
  });
}

export function useRaiseDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RaiseDisputeBody) =>
      apiFetch<DisputeResponse>('/disputes', { method: 'POST', json: body }).then((r) => r.dispute),
    onSuccess: (dispute) => {
      queryClient.setQueryData(disputeKeys.detail(dispute.id), dispute);
    },
    // Also after a refusal: 'already open' or 'not disputable' means the booking on screen is out of date.
    onSettled: () => void invalidateAfterRaise(queryClient),
  });
}

export type EvidencePhotoUpload = { file: File; caption: string };

/**
 * The dispute page's four actions. Each answers with the whole dispute, which replaces the one on
 * screen; a refusal refetches it (it may have been resolved or gone to review meanwhile).
 */
function useDisputeMutation<V>(id: string, send: (vars: V) => Promise<DisputeResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => send(vars).then((r) => r.dispute),
    onSuccess: (dispute) => {
      queryClient.setQueryData(disputeKeys.detail(id), dispute);
      void queryClient.invalidateQueries({ queryKey: disputeKeys.mine });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: disputeKeys.all }),
  });
}

export const useRespond = (id: string) =>
  useDisputeMutation(id, (body: RespondBody) =>
    apiFetch<DisputeResponse>(`/disputes/${encodeURIComponent(id)}/response`, { method: 'POST', json: body }),
  );

export const usePostDisputeMessage = (id: string) =>
  useDisputeMutation(id, (body: DisputeMessageBody) =>
    apiFetch<DisputeResponse>(`/disputes/${encodeURIComponent(id)}/messages`, { method: 'POST', json: body }),
  );

export const useAddEvidenceText = (id: string) =>
  useDisputeMutation(id, (body: EvidenceTextBody) =>
    apiFetch<DisputeResponse>(`/disputes/${encodeURIComponent(id)}/evidence`, { method: 'POST', json: body }),
  );

export const useUploadEvidencePhoto = (id: string) =>
  useDisputeMutation(id, ({ file, caption }: EvidencePhotoUpload) => {
    const form = new FormData();
    // The caption first, so the server has it before the file arrives.
    if (caption.trim()) form.append('caption', caption.trim());
    form.append('file', file);
    return postForm<DisputeResponse>(`/disputes/${encodeURIComponent(id)}/evidence/photos`, form);
  });
