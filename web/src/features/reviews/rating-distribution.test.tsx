// @vitest-environment happy-dom
import { REVIEW_MESSAGES } from '@domain/reviews/messages';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RatingSummaryPanel } from './public-rating-summary';
import { distributionLabel, RatingDistribution } from './rating-distribution';

afterEach(cleanup);

describe('the rating distribution', () => {
  it('draws five bars from 5 stars down to 1, each read as one phrase with its count', () => {
    render(<RatingDistribution distribution={[12, 3, 0, 0, 1]} />);
    const list = screen.getByRole('list', { name: 'Rating distribution' });
    const bars = within(list).getAllByRole('img');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      '5 stars: 12 reviews',
      '4 stars: 3 reviews',
      '3 stars: 0 reviews',
      '2 stars: 0 reviews',
      '1 star: 1 review',
    ]);
    // Each bar's width is its share of all the reviews; the visible count repeats the number.
    const fill = (name: string) =>
      screen.getByRole('img', { name }).querySelector<HTMLElement>('span > span')?.style.width;
    expect(fill('5 stars: 12 reviews')).toBe('75%');
    expect(fill('4 stars: 3 reviews')).toBe('18.8%');
    expect(fill('3 stars: 0 reviews')).toBe('0%');
    expect(screen.getByRole('img', { name: '5 stars: 12 reviews' }).textContent).toContain('12');
  });

  it('keeps empty bars when there are no reviews, without dividing by zero', () => {
    render(<RatingDistribution distribution={[0, 0, 0, 0, 0]} />);
    expect(screen.getByRole('img', { name: '5 stars: 0 reviews' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '1 star: 0 reviews' }).querySelector('span > span')).toBeTruthy();
  });

  it('writes big counts the UK way', () => {
    expect(distributionLabel(5, 1234)).toBe('5 stars: 1,234 reviews');
    expect(distributionLabel(1, 1)).toBe('1 star: 1 review');
  });
});

describe('the rating summary panel', () => {
  it('shows the one rating, its stars and count beside the distribution', () => {
    render(<RatingSummaryPanel summary={{ rating: 4.7, reviewCount: 16, distribution: [12, 3, 0, 0, 1] }} />);
    expect(screen.getByText('4.7')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.7 out of 5' })).toBeTruthy();
    expect(screen.getByText('16 reviews')).toBeTruthy();
    expect(screen.getByRole('img', { name: '5 stars: 12 reviews' })).toBeTruthy();
  });

  it("says 'New on TradeNest' rather than 0.0 before the first published review", () => {
    render(<RatingSummaryPanel summary={{ rating: 0, reviewCount: 0, distribution: [0, 0, 0, 0, 0] }} />);
    expect(screen.getByText(REVIEW_MESSAGES.newOnTradeNest)).toBeTruthy();
    expect(screen.queryByText('0.0')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Rating distribution' })).toBeNull();
  });
});
