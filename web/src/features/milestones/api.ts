// Server calls for milestone payments (domain/milestones/api.ts) as TanStack Query hooks. Types only
// from the shared schemas; each call writes its method and path out in full, so the contract test
// (server/contract.int.test.ts) can read them.
import type {
  BookingMilestonesView,
  ChargeMilestoneResponse,
  ConfirmMilestoneResponse,
  PaymentMethodsResponse,
  ProposePlanBody,
} from '@domain/milestones/api';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

type MilestonesResponse = { milestones: BookingMilestonesView };

export const milestoneKeys = {
  booking: (bookingId: string) => ['milestones', bookingId] as const,
  paymentMethods: ['payment-methods'] as const,
};

export function useBookingMilestones(bookingId: string) {
  return useQuery({
    queryKey: milestoneKeys.booking(bookingId),
    queryFn: ({ signal }) =>
      apiFetch<MilestonesResponse>(`/bookings/${encodeURIComponent(bookingId)}/milestones`, { signal }).then(
        (r) => r.milestones,
      ),
  });
}

/** The customer's saved cards: which one pays, and whether there is one at all. */
export function usePaymentMethods(enabled: boolean) {
  return useQuery({
    queryKey: milestoneKeys.paymentMethods,
    queryFn: ({ signal }) => apiFetch<PaymentMethodsResponse>('/payment-methods', { signal }),
    enabled,
  });
}

/**
 * The answer of every milestone call replaces the page's view; the lists that show the booking's
 * money (My Jobs, My Bookings, job detail) are refreshed behind it.
 */
export function showMilestones(queryClient: QueryClient, view: BookingMilestonesView) {
  const key = milestoneKeys.booking(view.bookingId);
  // A load of the page still on its way (the first one, on a return from the bank) was read before
  // this answer and would overwrite it when it lands: it is cancelled first.
  void queryClient.cancelQueries({ queryKey: key }).then(() => queryClient.setQueryData(key, view));
  void queryClient.invalidateQueries({ queryKey: ['jobs'] });
  void queryClient.invalidateQueries({ queryKey: ['bookings'] });
}

/**
 * One of the plan's or a milestone's actions. A refusal refetches the page: the plan or milestone
 * may have changed meanwhile (the other party acted, a dispute froze it).
 */
function useMilestonesMutation<V>(bookingId: string, send: (vars: V) => Promise<MilestonesResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => send(vars).then((r) => r.milestones),
    onSuccess: (view) => showMilestones(queryClient, view),
    onError: () => void queryClient.invalidateQueries({ queryKey: milestoneKeys.booking(bookingId) }),
  });
}

export const useProposePlan = (bookingId: string) =>
  useMilestonesMutation(bookingId, (body: ProposePlanBody) =>
    apiFetch<MilestonesResponse>(`/bookings/${encodeURIComponent(bookingId)}/milestone-plan`, {
      method: 'POST',
      json: body,
    }),
  );

export const useWithdrawPlan = (bookingId: string) =>
  useMilestonesMutation(bookingId, () =>
    apiFetch<MilestonesResponse>(`/bookings/${encodeURIComponent(bookingId)}/milestone-plan/withdraw`, {
      method: 'POST',
    }),
  );

export const useAcceptPlan = (bookingId: string) =>
  useMilestonesMutation(bookingId, (planId: string) =>
    apiFetch<MilestonesResponse>(`/bookings/${encodeURIComponent(bookingId)}/milestone-plan/accept`, {
      method: 'POST',
      json: { planId },
    }),
  );

export const useDeclinePlan = (bookingId: string) =>
  useMilestonesMutation(bookingId, (body: { planId: string; reason?: string }) =>
    apiFetch<MilestonesResponse>(`/bookings/${encodeURIComponent(bookingId)}/milestone-plan/decline`, {
      method: 'POST',
      json: body,
    }),
  );

export const useMarkDone = (bookingId: string) =>
  useMilestonesMutation(bookingId, (milestoneId: string) =>
    apiFetch<MilestonesResponse>(`/milestones/${encodeURIComponent(milestoneId)}/done`, { method: 'POST' }),
  );

export const useApproveMilestone = (bookingId: string) =>
  useMilestonesMutation(bookingId, (milestoneId: string) =>
    apiFetch<MilestonesResponse>(`/milestones/${encodeURIComponent(milestoneId)}/approve`, {
      method: 'POST',
    }),
  );

/** charge-milestone (spec section 7); without a card, the customer's default one pays. */
export const chargeMilestone = (body: { milestoneId: string; paymentMethodId?: string }) =>
  apiFetch<ChargeMilestoneResponse>('/milestones/charge', { method: 'POST', json: body });

/** After the bank's authentication: how the charge ended, booked by the server. */
export const confirmMilestone = (milestoneId: string) =>
  apiFetch<ConfirmMilestoneResponse>(`/milestones/${encodeURIComponent(milestoneId)}/confirm`, {
    method: 'POST',
  });
