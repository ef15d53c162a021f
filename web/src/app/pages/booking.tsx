import { useSearchParams } from 'react-router';
import { BookingForm } from '@/features/marketplace/bookings/booking-form';

/** Book Your Service (spec section 2). The URL's amount is display-only; the quote's own is shown. */
function BookingPage() {
  const [searchParams] = useSearchParams();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8">
      <BookingForm quoteId={searchParams.get('quoteId')} />
    </div>
  );
}

export { BookingPage as Component };
