import { REVIEW_RULES } from './messages';

// The fair-reveal and reply rules (DOMAIN-RULES 8 and issue 15) in pure code, shared by the server,
// which enforces them with its injected clock, and the web, which explains them.

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * When a booking's reviews window closes: 14 days after it was paid. Until then each side may review
 * once, and a review is published as soon as both have; at the close, whatever was written is
 * published and no more can be written, so nobody reviews after reading the other side's review.
 */
export function reviewWindowClosesAt(paidAt: Date): Date {
  return new Date(paidAt.getTime() + REVIEW_RULES.revealAfterDays * DAY_MS);
}

export type ReviewStatus = 'waiting' | 'published' | 'hidden';

export function reviewStatus(review: { publishedAt: Date | null; hiddenAt: Date | null }): ReviewStatus {
  if (review.hiddenAt) return 'hidden';
  return review.publishedAt ? 'published' : 'waiting';
}

/** A reply can be changed until 48 hours after it was first posted; null before there is one. */
export function replyEditableUntil(repliedAt: Date | null): Date | null {
  return repliedAt ? new Date(repliedAt.getTime() + REVIEW_RULES.replyEditableHours * HOUR_MS) : null;
}

/** Why the reviewee may not post or change a reply now, or null when they may. */
export function replyBlocked(
  review: { publishedAt: Date | null; hiddenAt: Date | null; repliedAt: Date | null },
  now: Date,
): 'not_published' | 'hidden' | 'locked' | null {
  if (review.hiddenAt) return 'hidden';
  if (!review.publishedAt) return 'not_published';
  const until = replyEditableUntil(review.repliedAt);
  if (until && now.getTime() > until.getTime()) return 'locked';
  return null;
}

/** The 5-to-1 star counts in display order, from counts keyed by rating. */
export function distributionOf(counts: ReadonlyMap<number, number>): number[] {
  return [5, 4, 3, 2, 1].map((stars) => counts.get(stars) ?? 0);
}
