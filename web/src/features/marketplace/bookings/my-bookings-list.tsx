import { CalendarCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardSkeletons, EmptyState, ErrorState, LoadMore } from '@/components/ui/list-states';
import { useMyBookings } from './api';
import { BookingCard } from './booking-card';

/** The tradesperson's My Bookings list (spec: "For tradespeople the screen is labelled My Bookings"). */
export function MyBookingsList() {
  const bookings = useMyBookings();
  if (bookings.isPending) return <CardSkeletons height="h-40" />;
  if (bookings.isError) {
    return <ErrorState text="We couldn't load your bookings." onRetry={() => void bookings.refetch()} />;
  }
  const list = bookings.data.pages.flatMap((page) => page.bookings);
  if (list.length === 0) {
    return (
      <EmptyState
        icon={<CalendarCheck aria-hidden="true" />}
        title="No bookings yet"
        text="When a customer accepts one of your quotes, the booking appears here."
        action={
          <Button asChild>
            <Link to="/browse">Find Jobs</Link>
          </Button>
        }
      />
    );
  }
  return (
    <>
      <ul className="space-y-3" aria-label="Bookings">
        {list.map((booking) => (
          <li key={booking.id}>
            <BookingCard booking={booking} />
          </li>
        ))}
      </ul>
      <LoadMore query={bookings} what="bookings" />
    </>
  );
}
