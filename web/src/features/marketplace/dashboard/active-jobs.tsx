import { LIMITS } from '@domain/catalog/catalog';
import type { BookingView } from '@domain/marketplace/api';
import { formatPence, PLATFORM_FEE_BASIS_POINTS, platformFeePence } from '@domain/payments/money';
import { CalendarDays, Check, CheckCircle2, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ChangesLink } from '@/features/changes';
import { BookingDisputeAction } from '@/features/disputes';
import { MilestonesLink } from '@/features/milestones';
import { BookingReschedule } from '@/features/scheduling';
import { formatNumericCalendarDate } from '@/lib/format';
import { BOOKING_ACTION_TOASTS, type BookingAction, useBookingAction } from './api';

/** Up to three pending or confirmed bookings with what the tradesperson can do next on each. */
export function ActiveJobs({ bookings }: { bookings: BookingView[] }) {
  if (bookings.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-border p-6 text-center">
        <p className="font-semibold">No active jobs</p>
        <p className="mt-1 text-sm text-muted-foreground">
          When a customer accepts your quote, the booking shows up here.
        </p>
      </div>
    );
  }
  return (
    <ul className="space-y-3">
      {bookings.map((booking) => (
        <li key={booking.id}>
          <ActiveJobCard booking={booking} />
        </li>
      ))}
    </ul>
  );
}

function ActiveJobCard({ booking }: { booking: BookingView }) {
  const action = useBookingAction();
  const [declineOpen, setDeclineOpen] = useState(false);
  const pendingAction = action.isPending ? action.variables?.action : undefined;
  const run = (next: BookingAction) =>
    action.mutate({ bookingId: booking.id, action: next }, { onSettled: () => setDeclineOpen(false) });

  const date = booking.scheduledDate ? formatNumericCalendarDate(booking.scheduledDate) : 'To be agreed';
  const customer = booking.customer.fullName ?? 'Deleted user';

  return (
    <article
      aria-busy={action.isPending}
      className="rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 truncate font-semibold">
          <Link to={`/job/${booking.jobId}`} className="hover:underline">
            {booking.job.title}
          </Link>
        </h3>
        <span className="shrink-0 font-semibold">{formatPence(booking.amount, 2)}</span>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span className="flex items-center gap-1">
          <UserRound className="size-4" aria-hidden="true" />
          {customer}
        </span>
        <span className="flex items-center gap-1">
          <CalendarDays className="size-4" aria-hidden="true" />
          {booking.status === 'pending' ? `Proposed date: ${date}` : `Scheduled: ${date}`}
        </span>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-foreground">
          {booking.status === 'pending' ? 'Awaiting your confirmation' : 'Confirmed'}
        </span>
      </p>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        {booking.status === 'pending' && (
          <>
            <Button
              size="sm"
              disabled={action.isPending}
              aria-busy={pendingAction === 'confirm'}
              onClick={() => run('confirm')}
            >
              {pendingAction === 'confirm' ? <Spinner /> : <Check aria-hidden="true" />}
              Confirm
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={action.isPending}
              onClick={() => setDeclineOpen(true)}
            >
              <X aria-hidden="true" />
              Decline
            </Button>
          </>
        )}
        {booking.status === 'confirmed' && (
          <ConfirmDialog
            trigger={
              <Button size="sm" disabled={action.isPending} aria-busy={pendingAction === 'complete'}>
                {pendingAction === 'complete' ? <Spinner /> : <CheckCircle2 aria-hidden="true" />}
                Mark Complete
              </Button>
            }
            title="Mark this job complete?"
            description={<CompleteConsequences booking={booking} customer={customer} />}
            confirmLabel="Mark as complete"
            cancelLabel="Cancel"
            confirmVariant="default"
            pending={pendingAction === 'complete'}
            onConfirm={(close, fail) =>
              action.mutate(
                { bookingId: booking.id, action: 'complete' },
                {
                  onSuccess: close,
                  onError: (error) => fail(`${BOOKING_ACTION_TOASTS.complete.failure}. ${error.message}`),
                },
              )
            }
          />
        )}
        <MilestonesLink booking={booking} />
        <ChangesLink booking={booking} />
        <BookingDisputeAction booking={booking} me="tradesperson" />
      </div>
      <BookingReschedule booking={booking} me="tradesperson" className="mt-3" />

      <Dialog open={declineOpen} onOpenChange={(open) => !action.isPending && setDeclineOpen(open)}>
        <DialogContent>
          <DialogTitle>Decline this booking?</DialogTitle>
          <DialogDescription>
            {`${booking.job.title} on ${date}. The customer will see that you declined, and this cannot be undone.`}
          </DialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={action.isPending} onClick={() => setDeclineOpen(false)}>
              Keep booking
            </Button>
            <Button
              variant="destructive"
              disabled={action.isPending}
              aria-busy={pendingAction === 'decline'}
              onClick={() => run('decline')}
            >
              {pendingAction === 'decline' && <Spinner />}
              Decline booking
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </article>
  );
}

/**
 * What marking complete does (DOMAIN-RULES 5 and 6): the booking becomes completed and the customer
 * is told and sees it ready for payment; what they pay is held in escrow, then released to the
 * tradesperson less the platform fee.
 */
function CompleteConsequences({ booking, customer }: { booking: BookingView; customer: string }) {
  const amount = formatPence(booking.amount, 2);
  const fee = platformFeePence(booking.amount);
  return (
    <>
      <p className="text-base text-foreground">
        <span className="font-semibold">{booking.job.title}</span> for {customer}:{' '}
        <span className="font-semibold">{amount}</span>
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          {customer} will be told the work is finished, and the booking will show as ready for payment of{' '}
          {amount}.
        </li>
        <li>
          When {customer} pays, we hold the money in escrow for {LIMITS.escrowProtectionDays} days (less if
          they release it sooner), then release it to you less the {PLATFORM_FEE_BASIS_POINTS / 100}% fee:{' '}
          {formatPence(booking.amount - fee, 2)}.
        </li>
        <li>This cannot be undone.</li>
      </ul>
    </>
  );
}

export function ActiveJobsSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-3">
      {['a', 'b'].map((key) => (
        <div key={key} className="h-32 rounded-xl border border-border bg-card p-4">
          <div className="h-5 w-2/3 animate-pulse rounded bg-muted motion-reduce:animate-none" />
          <div className="mt-3 h-4 w-1/2 animate-pulse rounded bg-muted motion-reduce:animate-none" />
          <div className="mt-4 h-9 w-40 animate-pulse rounded bg-muted motion-reduce:animate-none" />
        </div>
      ))}
    </div>
  );
}
