import type { BookingReviews } from '../../../domain/reviews/api';
import { reviewWindowClosesAt } from '../../../domain/reviews/reveal';

const NONE: BookingReviews = {
  closesAt: null,
  customerReviewed: false,
  tradespersonReviewed: false,
  published: false,
};

/**
 * Where a booking's reviews stand (fair reveal): who has reviewed and until when. Only a completed,
 * paid booking has any (`facts` is null for the others, see bookingCardJson). Read with the booking
 * rather than through the reviews module, which builds on marketplace; it never says what a review says.
 */
export function reviewSummaryOf(
  facts: {
    paidAt: string | null;
    customerReviewed: boolean;
    tradespersonReviewed: boolean;
    published: boolean;
  } | null,
  completedAt: string | null,
): BookingReviews {
  if (!facts) return NONE;
  // Demo bookings paid before payments were recorded count from completion.
  const paidAt = facts.paidAt ?? completedAt;
  return {
    closesAt: paidAt ? reviewWindowClosesAt(new Date(paidAt)).toISOString() : null,
    customerReviewed: facts.customerReviewed,
    tradespersonReviewed: facts.tradespersonReviewed,
    published: facts.published,
  };
}
