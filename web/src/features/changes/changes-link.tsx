import type { BookingView } from '@domain/marketplace/api';
import { FilePenLine } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Bookings whose agreed work may change, or whose changes and payments can be looked back on. */
const HAS_CHANGES: readonly BookingView['status'][] = ['confirmed', 'completed', 'disputed'];

/**
 * 'Changes and payments': the way from a booking to its changes and money timeline. Above a card's
 * whole-card link, so it gets the click.
 */
export function ChangesLink({
  booking,
  className,
}: {
  booking: Pick<BookingView, 'id' | 'status'>;
  className?: string;
}) {
  if (!HAS_CHANGES.includes(booking.status)) return null;
  return (
    <Button asChild size="sm" variant="outline" className={cn('relative z-10', className)}>
      <Link to={`/booking-changes/${booking.id}`}>
        <FilePenLine aria-hidden="true" />
        Changes and payments
      </Link>
    </Button>
  );
}
