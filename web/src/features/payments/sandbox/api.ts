// The sandbox provider's hosted-page API (docs/api/payments.md, "The sandbox provider"). No TradeNest
// session is needed: the unguessable id in the address is what lets a browser use a page.
import type {
  SandboxIntentChallengeResponse,
  SandboxIntentView,
  SandboxSetupConfirmResponse,
} from '@domain/milestones/api';
import type {
  SandboxOnboardingView as OnboardingViewSchema,
  SandboxCheckoutView,
  SandboxPayResponse,
  UrlResponse,
} from '@domain/payments/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiFetch } from '@/lib/api';

export type SandboxOnboardingView = z.infer<typeof OnboardingViewSchema>;
export type SandboxPayOutcome = z.infer<typeof SandboxPayResponse>;
export type SandboxSetupOutcome = z.infer<typeof SandboxSetupConfirmResponse>;
export type SandboxIntentChallengeOutcome = z.infer<typeof SandboxIntentChallengeResponse>;
export type CardForm = { cardNumber: string; expiry: string; cvc: string; name: string };
export type OnboardingForm = {
  legalName: string;
  dateOfBirth: string;
  sortCode: string;
  accountNumber: string;
};

// Paths are written out at each call (server/contract.int.test.ts checks them against the API).
const enc = encodeURIComponent;
const checkoutKey = (id: string) => ['sandbox', 'checkout', id] as const;

// A missing page is an answer; only a server error is worth one more try.
const retryServerErrors = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 1;

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export function useSandboxCheckout(id: string) {
  return useQuery({
    queryKey: checkoutKey(id),
    queryFn: () => apiFetch<SandboxCheckoutView>(`/sandbox/checkout/${enc(id)}`),
    retry: retryServerErrors,
    // The page is the only one changing the session: no refetch on focus that would reset the form.
    refetchOnWindowFocus: false,
  });
}

export function usePayCheckout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, ...card }: CardForm) =>
      apiFetch<SandboxPayOutcome>(`/sandbox/checkout/${enc(id)}/pay`, {
        method: 'POST',
        json: { ...card, ...(name.trim() ? { name: name.trim() } : {}) },
      }),
    // The challenge page reads the session from the cache: it now waits for authentication.
    onSuccess: (result) => {
      if (result.outcome === 'requires_action')
        queryClient.setQueryData<SandboxCheckoutView>(checkoutKey(id), (old) =>
          old ? { ...old, awaitingAuthentication: true } : old,
        );
    },
    // A closed session (409) is shown from the session's own state.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'payment_state')
        void queryClient.invalidateQueries({ queryKey: checkoutKey(id) });
    },
  });
}

export function useAnswerChallenge(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (result: 'complete' | 'fail') =>
      apiFetch<SandboxPayOutcome>(`/sandbox/checkout/${enc(id)}/challenge`, {
        method: 'POST',
        json: { result },
      }),
    onError: () => void queryClient.invalidateQueries({ queryKey: checkoutKey(id) }),
  });
}

export function useSandboxOnboarding(id: string) {
  return useQuery({
    queryKey: ['sandbox', 'onboarding', id],
    queryFn: () => apiFetch<SandboxOnboardingView>(`/sandbox/onboarding/${enc(id)}`),
    retry: retryServerErrors,
    refetchOnWindowFocus: false,
  });
}

export function useSubmitOnboarding(id: string) {
  return useMutation({
    mutationFn: (body: OnboardingForm) =>
      apiFetch<UrlResponse>(`/sandbox/onboarding/${enc(id)}`, { method: 'POST', json: body }),
  });
}

/**
 * Saves a card on a setup intent: the sandbox's stand-in for the real provider's card element, shown
 * inside Payment Methods. The client secret proves the browser was handed this intent.
 */
export function useConfirmSetupIntent(intent: { setupIntentId: string; clientSecret: string }) {
  return useMutation({
    mutationFn: ({ name, ...card }: CardForm) =>
      apiFetch<SandboxSetupOutcome>(`/sandbox/setup-intents/${enc(intent.setupIntentId)}/confirm`, {
        method: 'POST',
        json: { clientSecret: intent.clientSecret, ...card, ...(name.trim() ? { name: name.trim() } : {}) },
      }),
  });
}

const intentKey = (id: string) => ['sandbox', 'intent', id] as const;

/** A payment or setup intent, for its bank authentication page. */
export function useSandboxIntent(id: string) {
  return useQuery({
    queryKey: intentKey(id),
    queryFn: () => apiFetch<SandboxIntentView>(`/sandbox/intents/${enc(id)}`),
    retry: retryServerErrors,
    refetchOnWindowFocus: false,
  });
}

export function useAnswerIntentChallenge(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (result: 'complete' | 'fail') =>
      apiFetch<SandboxIntentChallengeOutcome>(`/sandbox/intents/${enc(id)}/challenge`, {
        method: 'POST',
        json: { result },
      }),
    // Refused (answered already, say): the page shows the intent as it now is.
    onError: () => void queryClient.invalidateQueries({ queryKey: intentKey(id) }),
  });
}
