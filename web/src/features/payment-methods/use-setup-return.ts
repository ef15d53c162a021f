import type { PaymentMethodsResponse } from '@domain/milestones/api';
import { PAYMENT_METHOD_TEXTS } from '@domain/milestones/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import { showInfo } from '@/lib/toast-info';
import { confirmSetup, paymentMethodsKey } from './api';

/** The title of every toast saying a card was not saved; the provider's reason is its text. */
export const NOT_SAVED = 'Card not saved';

// Setup intents being confirmed by this page load. React's StrictMode runs effects twice and a
// remount starts the hook over; neither may ask (or toast) twice.
const confirming = new Set<string>();

/**
 * The provider sends the browser back to /payment-methods?setup_intent=… once a card's setup ends,
 * either way (Stripe adds setup_intent_client_secret and redirect_status). The server is asked how it
 * ended, saves the card if it was set up, and the answer is said; the address goes back to
 * /payment-methods at once, so a reload or Back does not ask again. Runs once `enabled` (a customer's
 * session is known). Returns whether the answer is awaited, for the page to say so.
 */
export function useSetupReturn(enabled: boolean): { confirming: boolean } {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const handled = useRef<string | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const setupIntentId = searchParams.get('setup_intent');
  useEffect(() => {
    if (!enabled || !setupIntentId || handled.current === setupIntentId) return;
    handled.current = setupIntentId;
    setSearchParams({}, { replace: true });
    if (confirming.has(setupIntentId)) return;
    confirming.add(setupIntentId);
    setBusy(true);
    void confirmSetup(setupIntentId)
      .then(
        (result) => {
          queryClient.setQueryData<PaymentMethodsResponse>(paymentMethodsKey, (old) =>
            old ? { ...old, paymentMethods: result.paymentMethods } : old,
          );
          if (result.status === 'saved') void showSuccess(PAYMENT_METHOD_TEXTS.saved);
          else if (result.status === 'processing')
            void showInfo(
              'Card being confirmed',
              'Your bank is still confirming this card. It appears here once saved.',
            );
          else if (result.status === 'requires_action')
            void showError(
              NOT_SAVED,
              "Your bank's check was not completed. Add the card again to try once more.",
            );
          else
            void showError(
              NOT_SAVED,
              result.message ?? 'The card could not be set up. Please try another card.',
            );
        },
        (error: unknown) =>
          void showError(
            NOT_SAVED,
            error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
          ),
      )
      .finally(() => {
        confirming.delete(setupIntentId);
        // The list may have been read before the card was saved, and that load may still be on its
        // way: a refetch of a list not loaded yet would join it, so it is cancelled and asked anew.
        void queryClient
          .cancelQueries({ queryKey: paymentMethodsKey })
          .then(() => queryClient.invalidateQueries({ queryKey: paymentMethodsKey }));
        if (mounted.current) setBusy(false);
      });
  }, [enabled, setupIntentId, setSearchParams, queryClient]);

  return { confirming: busy };
}
