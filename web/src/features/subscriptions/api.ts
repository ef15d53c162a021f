// Server calls for repeat service plans (domain/subscriptions/api.ts) as TanStack Query hooks. Types
// only from the shared schemas; each call writes its method and path out in full, so the contract test
// (server/contract.int.test.ts) can read them.
import type {
  ProposeSubscriptionInput,
  SubscriptionsResponse,
  SubscriptionView,
  VisitChargeResponse,
} from '@domain/subscriptions/api';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api';

export type VisitChargeAnswer = z.infer<typeof VisitChargeResponse>;
type Plans = z.infer<typeof SubscriptionsResponse>;

export const subscriptionKeys = { all: ['subscriptions'] as const };

/** The caller's plans, as customer or as tradesperson. */
export function useSubscriptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.all,
    queryFn: ({ signal }) => apiFetch<Plans>('/subscriptions', { signal }),
    enabled,
  });
}

/**
 * An answer carrying a plan replaces it in the list at once; the list, and the bookings and calendar
 * its visits appear in, are read again behind it, since the other party may have acted meanwhile.
 */
export function showPlan(queryClient: QueryClient, plan: SubscriptionView) {
  queryClient.setQueryData<Plans>(subscriptionKeys.all, (old) =>
    old
      ? {
          subscriptions: old.subscriptions.some((p) => p.id === plan.id)
            ? old.subscriptions.map((p) => (p.id === plan.id ? plan : p))
            : [plan, ...old.subscriptions],
        }
      : old,
  );
  refreshAround(queryClient);
}

function refreshAround(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['jobs'] });
  void queryClient.invalidateQueries({ queryKey: ['bookings'] });
}

/** One of a plan's actions; a refusal reads the list again (the plan may have moved on). */
function usePlanMutation<V>(send: (vars: V) => Promise<SubscriptionView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (plan) => showPlan(queryClient, plan),
    onError: () => refreshAround(queryClient),
  });
}

export type RequestPlanInput =
  | { bookingId: string; message: string }
  | { tradespersonId: string; postcode: string; category: string; message: string };

export const useRequestSubscription = () =>
  usePlanMutation((body: RequestPlanInput) =>
    apiFetch<SubscriptionView>('/subscriptions', { method: 'POST', json: body }),
  );

export const useProposeSubscription = (id: string) =>
  usePlanMutation((body: ProposeSubscriptionInput) =>
    apiFetch<SubscriptionView>(`/subscriptions/${encodeURIComponent(id)}/propose`, {
      method: 'POST',
      json: body,
    }),
  );

export const useAcceptSubscription = (id: string) =>
  usePlanMutation((paymentMethodId: string | undefined) =>
    apiFetch<SubscriptionView>(`/subscriptions/${encodeURIComponent(id)}/accept`, {
      method: 'POST',
      json: paymentMethodId ? { paymentMethodId } : {},
    }),
  );

const reasonJson = (reason: string | undefined) => (reason ? { reason } : {});
const at = (id: string) => encodeURIComponent(id);

/** The actions whose body is an optional reason, or nothing; each path written out for the contract test. */
const STEPS = {
  decline: (id: string, reason?: string) =>
    apiFetch<SubscriptionView>(`/subscriptions/${at(id)}/decline`, {
      method: 'POST',
      json: reasonJson(reason),
    }),
  pause: (id: string, reason?: string) =>
    apiFetch<SubscriptionView>(`/subscriptions/${at(id)}/pause`, {
      method: 'POST',
      json: reasonJson(reason),
    }),
  resume: (id: string) => apiFetch<SubscriptionView>(`/subscriptions/${at(id)}/resume`, { method: 'POST' }),
  cancel: (id: string, reason?: string) =>
    apiFetch<SubscriptionView>(`/subscriptions/${at(id)}/cancel`, {
      method: 'POST',
      json: reasonJson(reason),
    }),
  acceptPrice: (id: string) =>
    apiFetch<SubscriptionView>(`/subscriptions/${at(id)}/price/accept`, { method: 'POST' }),
  declinePrice: (id: string) =>
    apiFetch<SubscriptionView>(`/subscriptions/${at(id)}/price/decline`, { method: 'POST' }),
};
export type PlanStep = keyof typeof STEPS;

export const usePlanStep = (id: string, step: PlanStep) =>
  usePlanMutation((reason: string | undefined) => STEPS[step](id, reason));

export const useSkipVisit = (id: string) =>
  usePlanMutation((date: string) =>
    apiFetch<SubscriptionView>(`/subscriptions/${encodeURIComponent(id)}/skip`, {
      method: 'POST',
      json: { date },
    }),
  );

export const useChangePrice = (id: string) =>
  usePlanMutation((pricePerVisit: string) =>
    apiFetch<SubscriptionView>(`/subscriptions/${encodeURIComponent(id)}/price`, {
      method: 'POST',
      json: { pricePerVisit },
    }),
  );

/** Pay a failed visit now, or carry on one waiting for the bank's authentication. */
export function payVisit(planId: string, visitId: string) {
  return apiFetch<VisitChargeAnswer>(`/subscriptions/${at(planId)}/visits/${at(visitId)}/pay`, {
    method: 'POST',
  });
}

/** On return from the bank's authentication: how the visit's charge ended. */
export function confirmVisit(planId: string, visitId: string) {
  return apiFetch<VisitChargeAnswer>(`/subscriptions/${at(planId)}/visits/${at(visitId)}/confirm`, {
    method: 'POST',
  });
}
