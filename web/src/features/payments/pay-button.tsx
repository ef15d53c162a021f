import { formatPence } from '@domain/money/money';
import { PAYMENT_TEXTS } from '@domain/payments/messages';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/features/marketplace/jobs/api';
import { showError } from '@/lib/toast';
import { createPayment } from './api';
import { prepareTab } from './open-tab';

/**
 * 'Pay £X' (spec sections 4 and 7): asks the server for the provider's hosted checkout and opens it in a
 * new tab. The tab is opened during the click, while the browser still counts it as the user's doing,
 * and sent to the checkout once its address arrives; a browser that blocks it gets the checkout in this
 * tab instead. One request at a time, however fast the clicks come.
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
    const tab = prepareTab();
    try {
      const { url } = await createPayment(bookingId);
      tab.go(url);
    } catch (error) {
      tab.cancel();
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
