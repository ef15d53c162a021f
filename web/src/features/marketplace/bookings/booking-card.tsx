import type { BookingView } from '@domain/marketplace/api';
import { formatPence } from '@domain/money/money';
import { CalendarDays, User } from 'lucide-react';
import { Link } from 'react-router';
import { BookingStatusBadge } from '@/components/status-badge';
import { Card } from '@/components/ui/card';
import { displayName, formatDateOnly } from '@/lib/format';

/** One booking on the tradesperson's My Bookings; the card opens its job. */
export function BookingCard({ booking }: { booking: BookingView }) {
  return (
    <Card className="relative p-4 transition-colors hover:bg-muted/50 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="line-clamp-2 text-lg font-semibold break-words">
            <Link
              to={`/job/${booking.jobId}`}
              className="outline-none after:absolute after:inset-0 after:content-['']"
            >
              {booking.job.title}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">{booking.job.category}</p>
        </div>
        <BookingStatusBadge status={booking.status} />
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <div className="flex items-center gap-1">
          <dt>
            <User className="size-4" aria-hidden="true" />
            <span className="sr-only">Customer</span>
          </dt>
          <dd>{displayName(booking.customer)}</dd>
        </div>
        <div className="flex items-center gap-1">
          <dt>
            <CalendarDays className="size-4" aria-hidden="true" />
            <span className="sr-only">Scheduled</span>
          </dt>
          <dd>{booking.scheduledDate ? formatDateOnly(booking.scheduledDate) : 'Date to be arranged'}</dd>
        </div>
      </dl>
      <p className="mt-3 border-t border-border pt-3 text-base font-semibold">
        <span className="sr-only">Amount: </span>
        {formatPence(booking.amount, 2)}
      </p>
    </Card>
  );
}
