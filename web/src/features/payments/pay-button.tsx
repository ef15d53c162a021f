import { PAYMENT_TEXTS } from '@domain/payments/messages';
import { formatPence } from '@domain/payments/money';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { leaveTo } from '@/lib/leave-app';
import { showError } from '@/lib/toast';
import { createPayment } from './api';

/**
 * 'Pay £X' (spec sections 4 and 7): asks the server for the provider's hosted checkout and goes there
 * in this tab, as Stripe Checkout expects: its return comes back to the tab that started it, rather
 * than leaving a second copy of the app open. One request at a time, however fast the clicks come.
 */
export function PayButton({
  bookingId,
  amount,
  className,
}: {
  bookingId: string;
  amount: number;
  className?: string;
}) {
  const [pending, setPending] = useState(false);
  // State arrives with the next render; a second click in the same moment must see the first at once.
  const busy = useRef(false);

  async function pay() {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      const { url } = await createPayment(bookingId);
      leaveTo(url);
    } catch (error) {
      void showError(PAYMENT_TEXTS.startFailedTitle, errorMessage(error, PAYMENT_TEXTS.startFailedFallback));
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return (
    <Button size="sm" className={className} disabled={pending} aria-busy={pending} onClick={() => void pay()}>
      {pending && <Spinner />}
      Pay {formatPence(amount, 2)}
    </Button>
  );
}
