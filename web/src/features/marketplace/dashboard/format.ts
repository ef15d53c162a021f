import { REVIEW_MESSAGES } from '@domain/reviews/messages';

export function reviewCountText(count: number): string {
  return count === 1 ? '1 review' : `${count} reviews`;
}

/**
 * The Rating stat: the one rating and its count ('4.3', '7 reviews'), or 'New on TradeNest' before the
 * first published review rather than '0.0'.
 */
export function ratingStat(rating: number, count: number): { value: string; note: string; isNew: boolean } {
  if (count === 0) {
    return {
      value: REVIEW_MESSAGES.newOnTradeNest,
      note: 'Your rating appears once your first review is published',
      isNew: true,
    };
  }
  return { value: rating.toFixed(1), note: reviewCountText(count), isNew: false };
}
