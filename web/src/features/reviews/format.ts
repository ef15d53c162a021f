// Words of the review screens (issue 15). Their dates are lib/format's, in the reader's own time zone.
import type { BookingView } from '@domain/marketplace/api';
import { formatLocalDate } from '@/lib/format';

export const reviewsCloseText = (closesAt: string) => `Reviews close on ${formatLocalDate(closesAt)}`;

/** '1 star', '4 stars'. */
export const starsLabel = (stars: number) => (stars === 1 ? '1 star' : `${stars} stars`);

/** A party's full name, or the contract's 'Deleted user' for an erased account. */
export const partyName = (name: string | null) => name?.trim() || 'Deleted user';

/** How a sentence names the other party: their first name ('Ann'), 'The other side' without one. */
export const firstName = (name: string | null) => name?.trim().split(/\s+/)[0] || 'The other side';

/** What a booking card says about its reviews, from the viewer's side of it. */
export type BookingReviewState =
  | { kind: 'write'; otherReviewed: boolean; closesAt: string }
  | { kind: 'submitted'; closesAt: string }
  | { kind: 'published' }
  | null;

/**
 * Where a booking's reviews stand for me (docs/api/reviews.md): I may write mine while the window is
 * open and I have not; once I have, it waits for the other side or the window's close; published is
 * published. A closed window with nothing written shows nothing.
 */
export function bookingReviewState(
  reviews: BookingView['reviews'],
  me: 'customer' | 'tradesperson',
  now: Date = new Date(),
): BookingReviewState {
  if (!reviews.closesAt) return null;
  if (reviews.published) return { kind: 'published' };
  const mine = me === 'customer' ? reviews.customerReviewed : reviews.tradespersonReviewed;
  const theirs = me === 'customer' ? reviews.tradespersonReviewed : reviews.customerReviewed;
  const open = new Date(reviews.closesAt).getTime() > now.getTime();
  if (mine) return { kind: 'submitted', closesAt: reviews.closesAt };
  if (open) return { kind: 'write', otherReviewed: theirs, closesAt: reviews.closesAt };
  return null;
}
