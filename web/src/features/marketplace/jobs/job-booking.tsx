import type { BookingView } from '@domain/marketplace/api';
import { PAYMENT_TEXTS } from '@domain/payments/messages';
import { formatPence } from '@domain/payments/money';
import { BookingStatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ChangesLink } from '@/features/changes';
import { BookingDisputeAction } from '@/features/disputes';
import { MilestonesLink } from '@/features/milestones';
import {
  canReleaseEarly,
  MoneyStatus,
  MoneyTimeline,
  PayButton,
  ReleasePaymentButton,
} from '@/features/payments';
import { BookingReviewStatus } from '@/features/reviews';
import { RepeatServiceFromBooking } from '@/features/subscriptions';
import { displayName, formatDateOnly } from '@/lib/format';

// A job's booking and what its parties can do with it (pay, release, dispute, review, repeat), loaded
// only for a job that has one: its code (the dispute, review and payment forms and their schemas) was
// most of what a job's page ran before it could be used, and an open job, the page a tradesperson
// quotes from, has no booking (bench/README.md, issue 40).

/** A job's booking, and whether the viewer is its customer (owner) or its tradesperson. */
type BookingProps = { booking: BookingView; owner: boolean; tradesperson: boolean };

/** The booking card, then the money's timeline once the work is done. */
export function JobBooking(props: BookingProps) {
  const { booking } = props;
  return (
    <>
      <JobBookingCard {...props} />
      {(booking.status === 'completed' || booking.status === 'disputed') && (
        <MoneyTimeline bookingId={booking.id} />
      )}
    </>
  );
}

/** The booking a job led to: its status, date and amount, and what its two parties can do next. */
function JobBookingCard({ booking, owner, tradesperson }: BookingProps) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Booking</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Status</dt>
            <dd className="mt-1">
              <BookingStatusBadge status={booking.status} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Date</dt>
            <dd className="mt-1 font-medium">
              {booking.scheduledDate ? formatDateOnly(booking.scheduledDate) : 'To be arranged'}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="mt-1 font-medium">{formatPence(booking.amount, 2)}</dd>
          </div>
        </dl>
        {owner && (
          <p className="mt-3 text-sm text-muted-foreground">
            With {displayName(booking.tradesperson)}
            {booking.tradesperson.trade ? `, ${booking.tradesperson.trade}` : ''}
          </p>
        )}
        {(owner || tradesperson) && (
          <div className="mt-4 flex flex-wrap gap-2">
            <MilestonesLink booking={booking} />
            <ChangesLink booking={booking} />
            {owner && (
              <RepeatServiceFromBooking
                booking={booking}
                tradespersonName={displayName(booking.tradesperson)}
              />
            )}
          </div>
        )}
        <BookingMoney booking={booking} owner={owner} />
        {(owner || tradesperson) && (
          <BookingDisputeAction
            booking={booking}
            me={owner ? 'customer' : 'tradesperson'}
            className="mt-4 border-t border-border pt-4"
          />
        )}
        {(owner || tradesperson) && (
          <BookingReviewStatus
            booking={booking}
            me={owner ? 'customer' : 'tradesperson'}
            className="mt-4 border-t border-border pt-4"
          />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The booking's money under its details: 'Ready for Payment' and 'Pay £X' for the customer of completed,
 * unpaid work; once paid, where the money is, and the customer's early release while it is held.
 */
function BookingMoney({ booking, owner }: { booking: BookingView; owner: boolean }) {
  const unpaid = booking.money.state === 'unpaid';
  if (unpaid && !(owner && booking.status === 'completed' && !booking.depositPaid)) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-border pt-4">
      <span className="text-sm text-muted-foreground">Payment</span>
      {unpaid ? (
        <>
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-200">
            {PAYMENT_TEXTS.readyForPayment}
          </span>
          <PayButton bookingId={booking.id} amount={booking.amount} />
        </>
      ) : (
        <>
          <MoneyStatus money={booking.money} />
          {owner && canReleaseEarly(booking.money) && (
            <ReleasePaymentButton
              bookingId={booking.id}
              amount={booking.amount}
              tradespersonName={displayName(booking.tradesperson)}
              heldUntil={booking.money.heldUntil}
            />
          )}
        </>
      )}
    </div>
  );
}
