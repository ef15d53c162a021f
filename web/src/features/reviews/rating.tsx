import { REVIEW_MESSAGES } from '@domain/reviews/messages';
import { Sparkles, Star } from 'lucide-react';

/** 'Rated 4.7 out of 5 from 12 reviews': how a screen reader hears a rating. */
export function ratingLabel(rating: number, reviewCount: number): string {
  return `Rated ${rating.toFixed(1)} out of 5 from ${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'}`;
}

/**
 * A person's one rating (DOMAIN-RULES 8): '4.7' with a star and '(12 reviews)'. Someone without a
 * published review has no rating to show, so they are 'New on TradeNest' rather than '0.0'.
 */
export function Rating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  if (reviewCount === 0) {
    return (
      <span
        className="inline-flex items-center gap-1 text-sm"
        role="img"
        aria-label={REVIEW_MESSAGES.newOnTradeNest}
      >
        <Sparkles className="size-4 text-primary" aria-hidden="true" />
        <span className="font-medium text-foreground" aria-hidden="true">
          {REVIEW_MESSAGES.newOnTradeNest}
        </span>
      </span>
    );
  }
  return (
    <span
      className="inline-flex items-center gap-1 text-sm"
      role="img"
      aria-label={ratingLabel(rating, reviewCount)}
    >
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
      <span className="font-medium" aria-hidden="true">
        {rating.toFixed(1)}
      </span>
      <span className="text-muted-foreground" aria-hidden="true">
        ({reviewCount} {reviewCount === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}
