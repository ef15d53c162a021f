import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { handleStripeNextAction, usePaymentMethods } from '@/features/milestones';
import { errorMessage } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import { showInfo } from '@/lib/toast-info';
import { confirmVisit, payVisit, showPlan, type VisitChargeAnswer } from './api';

export const PAYMENT_WORDS = {
  paid: 'Payment successful',
  paidBody: 'The visit is paid into escrow and held until the work is done.',
  failed: 'Payment failed',
  failedFallback: 'The payment did not go through. Try again or use another card on Payment Methods.',
  action: 'Authentication needed',
  actionBody: 'Your bank asks you to confirm this payment.',
  processing: 'Payment processing',
  processingBody: 'Your bank is still confirming this payment. Check back in a moment.',
} as const;

/** What the server found, said; the plan in the answer replaces the one on the page. */
function sayOutcome(queryClient: QueryClient, answer: VisitChargeAnswer) {
  showPlan(queryClient, answer.subscription);
  switch (answer.status) {
    case 'paid':
      void showSuccess(PAYMENT_WORDS.paid, PAYMENT_WORDS.paidBody);
      break;
    case 'processing':
      void showInfo(PAYMENT_WORDS.processing, PAYMENT_WORDS.processingBody);
      break;
    case 'requires_action':
      void showError(PAYMENT_WORDS.action, PAYMENT_WORDS.actionBody);
      break;
    case 'failed':
      void showError(PAYMENT_WORDS.failed, answer.message ?? PAYMENT_WORDS.failedFallback);
      break;
  }
}

/**
 * Pay now (a failed visit) and Authenticate (one the bank holds): the charge is asked for again; a
 * bank that wants the customer is visited on its own page (`actionUrl`, which returns to
 * /subscriptions?plan=&visit=) or through Stripe.js here (`clientSecret`), then confirmed. One charge at
 * a time, however fast the clicks come; `payingId` is the visit being paid, for its button to say so.
 */
export function useVisitPayment(planId: string, customer: boolean) {
  const queryClient = useQueryClient();
  const cards = usePaymentMethods(customer);
  const [payingId, setPayingId] = useState<string | null>(null);
  const busy = useRef(false);

  async function pay(visitId: string) {
    if (busy.current) return;
    busy.current = true;
    setPayingId(visitId);
    let leaving = false;
    try {
      const answer = await payVisit(planId, visitId);
      if (answer.status === 'requires_action' && answer.actionUrl) {
        showPlan(queryClient, answer.subscription);
        leaving = true;
        window.location.assign(answer.actionUrl);
        return;
      }
      if (answer.status === 'requires_action' && answer.clientSecret) {
        showPlan(queryClient, answer.subscription);
        await handleStripeNextAction(answer.clientSecret, cards.data?.publishableKey ?? null);
        sayOutcome(queryClient, await confirmVisit(planId, visitId));
        return;
      }
      sayOutcome(queryClient, answer);
    } catch (error) {
      void showError(PAYMENT_WORDS.failed, errorMessage(error, PAYMENT_WORDS.failedFallback));
      void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
    } finally {
      if (!leaving) {
        busy.current = false;
        setPayingId(null);
      }
    }
  }

  return { pay, payingId };
}

// Visits being confirmed by this page load: StrictMode's double effects and a remount ask once.
const confirming = new Set<string>();

/**
 * The bank's page sends the customer back to /subscriptions?plan=<id>&visit=<visitId>: the server is
 * asked how the charge ended, the answer is said, and the address loses its query at once. Returns
 * whether that is under way, for the page to say so.
 */
export function useVisitReturn(): { confirming: boolean } {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const handled = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const planId = searchParams.get('plan');
  const visitId = searchParams.get('visit');
  useEffect(() => {
    if (!planId || !visitId || handled.current) return;
    handled.current = true;
    setSearchParams({}, { replace: true });
    const key = `${planId}/${visitId}`;
    if (confirming.has(key)) return;
    confirming.add(key);
    setBusy(true);
    void confirmVisit(planId, visitId)
      .then((answer) => sayOutcome(queryClient, answer))
      .catch(
        (error: unknown) =>
          void showError(PAYMENT_WORDS.failed, errorMessage(error, PAYMENT_WORDS.failedFallback)),
      )
      .finally(() => {
        confirming.delete(key);
        if (mounted.current) setBusy(false);
      });
  }, [planId, visitId, setSearchParams, queryClient]);

  return { confirming: busy };
}
