import { REVIEW_MESSAGES } from '@domain/reviews/messages';

// Dashboard dates use the en-GB format (spec section 9), on the UK calendar.
const EN_GB = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' });
const EN_GB_UTC = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' });

/** An ISO timestamp as '05/03/2025'. */
export function dashboardDate(iso: string): string {
  return EN_GB.format(new Date(iso));
}

/** A calendar date ('YYYY-MM-DD') as '05/03/2025', without shifting it through a time zone. */
export function calendarDate(date: string): string {
  return EN_GB_UTC.format(new Date(`${date}T00:00:00Z`));
}

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
