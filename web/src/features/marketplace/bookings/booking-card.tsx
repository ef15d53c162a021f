import type { BookingView } from '@domain/marketplace/api';
import { formatPence } from '@domain/payments/money';
import { CalendarDays, User } from 'lucide-react';
import { CardFact, RecordCard } from '@/components/record-card';
import { BookingStatusBadge } from '@/components/status-badge';
import { ChangesLink } from '@/features/changes';
import { BookingDisputeAction } from '@/features/disputes';
import { MilestonesLink } from '@/features/milestones';
import { bookingMoneyText } from '@/features/payouts';
import { BookingReviewStatus } from '@/features/reviews';
import { BookingReschedule } from '@/features/scheduling';
import { displayName, formatDateOnly } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Once the work is complete (or money has moved), where the booking's money is. */
function showsMoney(booking: BookingView): boolean {
  return booking.status === 'completed' || booking.money.state !== 'unpaid' || booking.money.frozen;
}

const MONEY_TONES = {
  waiting:
    'border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-200',
  held: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200',
  frozen: 'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  done: 'border-green-200 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
  other: 'border-border bg-muted text-muted-foreground',
} as const;

function moneyTone(money: BookingView['money']): keyof typeof MONEY_TONES {
  if (money.frozen) return 'frozen';
  if (money.state === 'unpaid') return 'waiting';
  if (money.state === 'held') return 'held';
  return money.state === 'released' ? 'done' : 'other';
}

/** One booking on the tradesperson's My Bookings; the card opens its job. */
export function BookingCard({ booking }: { booking: BookingView }) {
  return (
    <RecordCard
      to={`/job/${booking.jobId}`}
      title={booking.job.title}
      subtitle={booking.job.category}
      badge={<BookingStatusBadge status={booking.status} />}
    >
      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <CardFact icon={User} term="Customer">
          {displayName(booking.customer)}
        </CardFact>
        <CardFact icon={CalendarDays} term="Scheduled">
          {booking.scheduledDate ? formatDateOnly(booking.scheduledDate) : 'Date to be arranged'}
        </CardFact>
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3">
        <p className="text-base font-semibold">
          <span className="sr-only">Amount: </span>
          {formatPence(booking.amount, 2)}
        </p>
        {showsMoney(booking) && (
          <p
            className={cn(
              'rounded-full border px-2.5 py-0.5 text-xs font-semibold',
              MONEY_TONES[moneyTone(booking.money)],
            )}
          >
            <span className="sr-only">Payment: </span>
            {bookingMoneyText(booking.money)}
          </p>
        )}
      </div>
      <MilestonesLink booking={booking} className="mt-3" />
      <ChangesLink booking={booking} className="mt-3 sm:ml-2" />
      <BookingReschedule booking={booking} me="tradesperson" className="mt-3 border-t border-border pt-3" />
      <BookingDisputeAction
        booking={booking}
        me="tradesperson"
        className="mt-3 border-t border-border pt-3"
      />
      {/* The tradesperson reviews the customer once the job is paid for. */}
      <BookingReviewStatus booking={booking} me="tradesperson" className="mt-3 border-t border-border pt-3" />
    </RecordCard>
  );
}
