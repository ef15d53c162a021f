// Server calls for the tradesperson's payout account and earnings (docs/api/payments.md) as TanStack
// Query hooks. Types only from the shared schemas; each call writes its method and path out in full, so
// the contract test (server/contract.int.test.ts) can read them.
import type { ConnectStatus, EarningsView, UrlResponse } from '@domain/payments/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

export type { ConnectStatus, EarningsView };

/** Spec section 9: 'Connect status refresh 5 seconds after onboarding'. */
export const CONNECT_STATUS_REFRESH_MS = 5000;

export type OnboardingLinkType = 'account_onboarding' | 'account_update';

export const paymentKeys = {
  connect: ['payments', 'connect-status'] as const,
  earnings: ['payments', 'earnings'] as const,
};

/** The payout account's status, read fresh from the provider by the server. */
export function useConnectStatus() {
  return useQuery({
    queryKey: paymentKeys.connect,
    queryFn: ({ signal }) => apiFetch<ConnectStatus>('/payments/connect/status', { signal }),
    // The provider is the source of truth: always stale, so a tab coming back into view (from the
    // provider's onboarding in the other tab) asks again.
    staleTime: 0,
  });
}

export function useCreateConnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<ConnectStatus>('/payments/connect/account', { method: 'POST' }),
    onSuccess: (status) => {
      queryClient.setQueryData(paymentKeys.connect, status);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.earnings });
    },
  });
}

/** A one-time link to the provider's hosted onboarding (or update) page. */
export function useOnboardingLink() {
  return useMutation({
    mutationFn: (type: OnboardingLinkType) =>
      apiFetch<UrlResponse>('/payments/connect/onboarding-link', { method: 'POST', json: { type } }).then(
        (r) => r.url,
      ),
  });
}

export function useEarnings() {
  return useQuery({
    queryKey: paymentKeys.earnings,
    queryFn: ({ signal }) => apiFetch<EarningsView>('/payments/earnings', { signal }),
  });
}
