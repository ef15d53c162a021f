// Server calls for the customer's saved cards (Payment Methods; create-setup-intent, spec section 7),
// as TanStack Query hooks. Each call writes its method and path out in full, so the contract test
// (server/contract.int.test.ts) can read them.
import type {
  ConfirmSetupResponse,
  PaymentMethodsResponse,
  SetupIntentResponse,
} from '@domain/milestones/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** Shared with the milestones page, which offers these cards to pay with. */
export const paymentMethodsKey = ['payment-methods'] as const;

export function usePaymentMethods(enabled: boolean) {
  return useQuery({
    queryKey: paymentMethodsKey,
    queryFn: ({ signal }) => apiFetch<PaymentMethodsResponse>('/payment-methods', { signal }),
    enabled,
  });
}

/** create-setup-intent: the provider's intent to save a card, and how its card form is shown. */
export function useCreateSetupIntent() {
  return useMutation({
    mutationFn: () => apiFetch<SetupIntentResponse>('/payment-methods/setup-intent', { method: 'POST' }),
  });
}

/** On the return from the provider: asks how the setup ended; a card set up is saved by the server. */
export const confirmSetup = (setupIntentId: string) =>
  apiFetch<ConfirmSetupResponse>('/payment-methods/confirm-setup', {
    method: 'POST',
    json: { setupIntentId },
  });

/** Each change answers with the whole list, which replaces the page's. */
function useCardChange(send: (id: string) => Promise<PaymentMethodsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (list) => queryClient.setQueryData(paymentMethodsKey, list),
    // Refused (the card was removed in another tab, say): show the list as it now is.
    onError: () => void queryClient.invalidateQueries({ queryKey: paymentMethodsKey }),
  });
}

export const useSetDefaultCard = () =>
  useCardChange((id) =>
    apiFetch<PaymentMethodsResponse>(`/payment-methods/${encodeURIComponent(id)}/default`, {
      method: 'POST',
    }),
  );

export const useRemoveCard = () =>
  useCardChange((id) =>
    apiFetch<PaymentMethodsResponse>(`/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
