import { useParams } from 'react-router';
import { BookingChanges } from '@/features/changes/changes-page';
import { usePaymentReturn } from '@/features/payments/use-payment-return';

/** A booking's changes and money timeline, for either of its parties; the route requires sign-in. */
function BookingChangesPage() {
  const { bookingId = '' } = useParams();
  // Checkout for an agreed increase returns here: the payment is confirmed with the server as on My Jobs.
  usePaymentReturn(undefined, 'Your payment is still being confirmed. It shows here once it is.');
  // A new booking is a new screen: a half-typed proposal does not carry over.
  return <BookingChanges key={bookingId} bookingId={bookingId} />;
}

export { BookingChangesPage as Component };
