import { jobAge } from '@domain/marketplace/ages';
import type { MyJobsTab, MyJobView } from '@domain/marketplace/api';
import { PAYMENT_TEXTS } from '@domain/payments/messages';
import { budgetText } from '@domain/payments/money';
import { CalendarDays, MapPin, PoundSterling } from 'lucide-react';
import { Link } from 'react-router';
import { CardFact, RecordCard } from '@/components/record-card';
import { JobStatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { ChangesLink } from '@/features/changes';
import { BookingDisputeAction } from '@/features/disputes';
import { MilestonesLink } from '@/features/milestones';
import { canReleaseEarly, MoneyStatus, PayButton, ReleasePaymentButton } from '@/features/payments';
import { BookingReviewStatus } from '@/features/reviews';
import { BookingReschedule } from '@/features/scheduling';
import { RepeatServiceFromBooking } from '@/features/subscriptions';
import { displayName } from '@/lib/format';
import { CancelJobButton } from './cancel-job-button';

export function quotesReceivedText(count: number): string {
  return count === 1 ? '1 quote received' : `${count} quotes received`;
}

/** One job on My Jobs. The whole card opens the job; its buttons sit above that link. */
export function MyJobCard({ job, tab }: { job: MyJobView; tab: MyJobsTab }) {
  const booking = job.booking;
  // Spec section 4: the tradesperson marked it complete and the customer has not paid yet.
  const readyForPayment =
    tab === 'active' &&
    booking?.status === 'completed' &&
    !booking.depositPaid &&
    booking.money.state === 'unpaid';

  return (
    <RecordCard
      to={`/job/${job.id}`}
      title={job.title}
      subtitle={job.category}
      badge={<JobStatusBadge status={job.status} />}
    >
      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <CardFact icon={PoundSterling} term="Budget">
          {budgetText(job.budgetMin, job.budgetMax, 'Budget TBD')}
        </CardFact>
        <CardFact icon={MapPin} term="Postcode">
          {job.postcode}
        </CardFact>
        <CardFact icon={CalendarDays} term="Posted">
          {jobAge(new Date(job.createdAt))}
        </CardFact>
      </dl>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3">
        <p className="text-sm font-medium">{quotesReceivedText(job.quoteCount)}</p>
        <div className="relative z-10 flex flex-wrap items-center gap-2">
          {readyForPayment && booking ? (
            <>
              <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-200">
                {PAYMENT_TEXTS.readyForPayment}
              </span>
              <PayButton bookingId={booking.id} amount={booking.amount} />
            </>
          ) : tab === 'active' ? (
            <Button asChild size="sm" variant="outline">
              <Link to={`/job/${job.id}`} tabIndex={-1}>
                View Details
              </Link>
            </Button>
          ) : null}
          {booking && booking.money.state !== 'unpaid' && (
            <>
              <MoneyStatus money={booking.money} />
              {canReleaseEarly(booking.money) && (
                <ReleasePaymentButton
                  bookingId={booking.id}
                  amount={booking.amount}
                  tradespersonName={displayName(booking.tradesperson)}
                  heldUntil={booking.money.heldUntil}
                />
              )}
            </>
          )}
          {booking && <MilestonesLink booking={booking} />}
          {booking && <ChangesLink booking={booking} />}
          {tab === 'done' && booking && (
            <RepeatServiceFromBooking
              booking={booking}
              tradespersonName={displayName(booking.tradesperson)}
            />
          )}
          {job.status === 'open' && <CancelJobButton jobId={job.id} />}
        </div>
      </div>
      {/* Moving the booking to another date, while it can move: on the Active tab. */}
      {tab === 'active' && booking && (
        <BookingReschedule booking={booking} me="customer" className="mt-3 border-t border-border pt-3" />
      )}
      {/* A dispute about the booking: on the Active and Done tabs, where the bookings are. */}
      {(tab === 'active' || tab === 'done') && booking && (
        <BookingDisputeAction booking={booking} me="customer" className="mt-3 border-t border-border pt-3" />
      )}
      {/* Spec section 2: the Done tab is where the customer leaves a review. */}
      {tab === 'done' && booking && (
        <BookingReviewStatus booking={booking} me="customer" className="mt-3 border-t border-border pt-3" />
      )}
    </RecordCard>
  );
}
