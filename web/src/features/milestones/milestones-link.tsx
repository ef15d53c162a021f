import type { BookingView } from '@domain/marketplace/api';
import { ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Bookings whose milestones can be planned, paid or looked back on. */
const HAS_MILESTONES: readonly BookingView['status'][] = ['confirmed', 'completed', 'disputed'];

/**
 * 'Milestone payments': the way from a booking (My Jobs, My Bookings, job detail, the dashboard's Active
 * Jobs) to its milestones page. Above a card's whole-card link, so it gets the click.
 */
export function MilestonesLink({
  booking,
  className,
}: {
  booking: Pick<BookingView, 'id' | 'status'>;
  className?: string;
}) {
  if (!HAS_MILESTONES.includes(booking.status)) return null;
  return (
    <Button asChild size="sm" variant="outline" className={cn('relative z-10', className)}>
      <Link to={`/booking-milestones/${booking.id}`}>
        <ListChecks aria-hidden="true" />
        Milestone payments
      </Link>
    </Button>
  );
}
