import type { ConfirmMilestoneResponse } from '@domain/milestones/api';
import { MILESTONE_TEXTS as T } from '@domain/milestones/messages';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import { showInfo } from '@/lib/toast-info';
import { chargeMilestone, confirmMilestone, milestoneKeys, showMilestones } from './api';
import { handleStripeNextAction } from './stripe-next-action';

const sayProcessing = () =>
  void showInfo('Payment processing', 'Your bank is still confirming this payment. Check back in a moment.');

/** After the bank's authentication: what the server found, said in the spec's words. */
function sayConfirmed(queryClient: QueryClient, result: ConfirmMilestoneResponse) {
  showMilestones(queryClient, result.milestones);
  switch (result.status) {
    case 'paid':
      void showSuccess(T.successTitle);
      break;
    case 'failed':
      void showError(T.failedTitle, result.message ?? T.failedFallback);
      break;
    case 'requires_action':
      void showError(T.actionRequiredTitle, T.actionRequiredBody);
      break;
    case 'processing':
      sayProcessing();
      break;
  }
}

/**
 * Pay and Retry Payment (spec sections 4 and 7): charge-milestone with the chosen card. A charge the
 * bank wants authenticated goes to the sandbox's challenge page (`actionUrl`, which returns here with
 * ?milestone=…) or to Stripe.js on this page (`clientSecret`), then is confirmed. One charge at a time,
 * however fast the clicks come. `payingId` is the milestone being paid, for its button to say so.
 */
export function useMilestonePayment(bookingId: string, publishableKey: string | null) {
  const queryClient = useQueryClient();
  const [payingId, setPayingId] = useState<string | null>(null);
  // State arrives with the next render; a second click in the same moment must see the first at once.
  const busy = useRef(false);

  async function pay(milestoneId: string, paymentMethodId: string | undefined) {
    if (busy.current) return;
    busy.current = true;
    setPayingId(milestoneId);
    // On the way to the bank's page, the buttons stay disabled until this page is gone.
    let leaving = false;
    try {
      const result = await chargeMilestone({ milestoneId, paymentMethodId });
      showMilestones(queryClient, result.milestones);
      if (result.success) {
        void showSuccess(T.successTitle);
        return;
      }
      if (result.requiresAction && (result.actionUrl || result.clientSecret)) {
        void showError(T.actionRequiredTitle, T.actionRequiredBody);
        if (result.actionUrl) {
          leaving = true;
          window.location.assign(result.actionUrl);
          return;
        }
        await handleStripeNextAction(result.clientSecret!, publishableKey);
        sayConfirmed(queryClient, await confirmMilestone(milestoneId));
        return;
      }
      // Neither paid nor waiting for the customer: still with the bank, or refused with the provider's reason.
      const milestone = result.milestones.milestones.find((m) => m.id === milestoneId);
      if (milestone?.status === 'processing') sayProcessing();
      else void showError(T.failedTitle, milestone?.lastError ?? T.failedFallback);
    } catch (error) {
      void showError(T.failedTitle, errorMessage(error, T.failedFallback));
      // A refusal (already paid, frozen meanwhile) means the page is out of date.
      void queryClient.invalidateQueries({ queryKey: milestoneKeys.booking(bookingId) });
    } finally {
      if (!leaving) {
        busy.current = false;
        setPayingId(null);
      }
    }
  }

  return { pay, payingId };
}

// Milestones being confirmed by this page load. React's StrictMode runs effects twice and a remount
// starts the hook over; neither may ask (or toast) twice.
const confirming = new Set<string>();

/**
 * The sandbox's challenge page sends the customer back to
 * /booking-milestones/:bookingId?milestone=<id>&payment_intent=…&redirect_status=…: the server is asked
 * how the charge ended (it asks the provider), the answer is said, and the address loses its query at
 * once. Returns whether that is under way, for the page to say so.
 */
export function useMilestoneReturn(): { confirming: boolean } {
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

  const milestoneId = searchParams.get('milestone');
  useEffect(() => {
    if (!milestoneId || handled.current) return;
    handled.current = true;
    setSearchParams({}, { replace: true });
    if (confirming.has(milestoneId)) return;
    confirming.add(milestoneId);
    setBusy(true);
    void confirmMilestone(milestoneId)
      .then((result) => sayConfirmed(queryClient, result))
      .catch((error: unknown) => void showError(T.failedTitle, errorMessage(error, T.failedFallback)))
      .finally(() => {
        confirming.delete(milestoneId);
        if (mounted.current) setBusy(false);
      });
  }, [milestoneId, setSearchParams, queryClient]);

  return { confirming: busy };
}
