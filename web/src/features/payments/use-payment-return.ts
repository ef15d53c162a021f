import { PAYMENT_TEXTS } from '@domain/payments/messages';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showError, showSuccess } from '@/lib/toast';
import { showInfo } from '@/lib/toast-info';
import { useInvalidatePayments, verifyPayment } from './api';

/** How often, and how many times, a payment the provider has not confirmed yet is asked about again. */
export const VERIFY_POLL = { intervalMs: 2_000, attempts: 10 };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Sessions being verified by this page load. React's StrictMode runs effects twice and a remount
// starts the hook over; neither may ask (or toast) twice.
const verifying = new Set<string>();

/**
 * The payment provider sends the customer back (to /my-jobs, or to a booking's changes page) with ?payment=success&session_id=… or
 * ?payment=cancelled (spec sections 4 and 8). A success is verified with the server (the webhook may
 * not have arrived yet: a pending answer is asked again every 2 s for up to 20 s) and said; a
 * cancellation is said. Either way the address goes back to /my-jobs at once. `onPaid` runs once a
 * payment is confirmed. Returns whether a verification is running, for the page to say so.
 */
export function usePaymentReturn(
  onPaid?: () => void,
  pendingText = 'Your payment is still being confirmed. The job moves to Done once it is.',
): { verifying: boolean } {
  const [searchParams, setSearchParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidatePayments();
  const handled = useRef(false);
  const latest = useRef({ onPaid, invalidate, pendingText });
  latest.current = { onPaid, invalidate, pendingText };
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const payment = searchParams.get('payment');
  const sessionId = searchParams.get('session_id');
  useEffect(() => {
    if (!payment || handled.current) return;
    handled.current = true;
    setSearchParams({}, { replace: true });
    if (payment === 'cancelled') {
      void showError(PAYMENT_TEXTS.cancelledTitle, PAYMENT_TEXTS.cancelledBody);
      return;
    }
    if (payment !== 'success') return;
    if (!sessionId) {
      void showError(PAYMENT_TEXTS.verifyFailedTitle, PAYMENT_TEXTS.verifyFailedBody);
      return;
    }
    if (verifying.has(sessionId)) return;
    verifying.add(sessionId);
    setBusy(true);
    void confirm(sessionId)
      .then((outcome) => {
        if (outcome === 'paid') {
          void showSuccess(PAYMENT_TEXTS.successTitle, PAYMENT_TEXTS.successBody);
          if (mounted.current) latest.current.onPaid?.();
        } else if (outcome === 'pending') {
          void showInfo('Payment processing', latest.current.pendingText);
        } else {
          void showError(PAYMENT_TEXTS.verifyFailedTitle, PAYMENT_TEXTS.verifyFailedBody);
        }
        void latest.current.invalidate();
      })
      .finally(() => {
        verifying.delete(sessionId);
        if (mounted.current) setBusy(false);
      });
  }, [payment, sessionId, setSearchParams]);

  return { verifying: busy };
}

/** Asks until the answer is final or the attempts run out; any error is a failed verification. */
async function confirm(sessionId: string): Promise<'paid' | 'pending' | 'failed'> {
  for (let attempt = 1; ; attempt++) {
    let status: string;
    try {
      status = (await verifyPayment(sessionId)).status;
    } catch {
      return 'failed';
    }
    if (status === 'paid') return 'paid';
    if (status !== 'pending') return 'failed';
    if (attempt >= VERIFY_POLL.attempts) return 'pending';
    await wait(VERIFY_POLL.intervalMs);
  }
}
