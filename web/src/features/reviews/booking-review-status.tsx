import type { BookingView } from '@domain/marketplace/api';
import { CheckCircle2, Clock, MessageSquareQuote } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { formatLocalDate } from '@/lib/format';
import { useKeepFocus } from '@/lib/use-keep-focus';
import { cn } from '@/lib/utils';
import { bookingReviewState, firstName, reviewsCloseText } from './format';
import { LeaveReviewDialog } from './leave-review-dialog';

/**
 * Where a booking's reviews stand, on My Jobs' Done tab (the customer reviews the tradesperson) and on
 * My Bookings (the tradesperson reviews the customer): Leave Review while I may, then 'submitted' until
 * both are published. Nothing before the booking is paid, or once a window closed with no review.
 */
export function BookingReviewStatus({
  booking,
  me,
  className,
}: {
  booking: BookingView;
  me: 'customer' | 'tradesperson';
  /** The row's frame; it is not drawn at all when there is nothing to say. */
  className?: string;
}) {
  const state = bookingReviewState(booking.reviews, me);
  const row = useRef<HTMLDivElement>(null);
  // Once my review is sent, the Leave Review button is replaced by 'Review submitted': focus goes there.
  useKeepFocus(row, state?.kind);
  if (!state) return null;
  const other = me === 'customer' ? booking.tradesperson : booking.customer;
  // Above the card's whole-card link, so its button and link get the clicks.
  return (
    <div ref={row} tabIndex={-1} className={cn('relative z-10 outline-none', className)}>
      <ReviewState state={state} booking={booking} otherName={other.fullName} />
    </div>
  );
}

function ReviewState({
  state,
  booking,
  otherName,
}: {
  state: NonNullable<ReturnType<typeof bookingReviewState>>;
  booking: BookingView;
  otherName: string | null;
}) {
  if (state.kind === 'published') {
    return (
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <CheckCircle2 className="size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
        <span className="font-medium">Reviews published</span>
        <Link
          to="/my-reviews"
          className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          See My Reviews
        </Link>
      </p>
    );
  }
  if (state.kind === 'submitted') {
    return (
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Review submitted · published when {firstName(otherName)} reviews, or on{' '}
          {formatLocalDate(state.closesAt)}
        </span>
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <LeaveReviewDialog
        bookingId={booking.id}
        jobTitle={booking.job.title}
        revieweeName={otherName}
        closesAt={state.closesAt}
        otherReviewed={state.otherReviewed}
      />
      {state.otherReviewed ? (
        <p className="flex items-start gap-2 text-sm font-medium">
          <MessageSquareQuote className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>{firstName(otherName)} has reviewed you — leave yours to see it</span>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{reviewsCloseText(state.closesAt)}</p>
      )}
    </div>
  );
}
