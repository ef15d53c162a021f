import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from './messages';
import {
  distributionOf,
  replyBlocked,
  replyEditableUntil,
  reviewStatus,
  reviewWindowClosesAt,
} from './reveal';

const at = (iso: string) => new Date(iso);

describe('fair reveal and replies', () => {
  it('closes the review window 14 days to the millisecond after payment, across the clock change', () => {
    expect(reviewWindowClosesAt(at('2026-11-23T12:00:00.000Z')).toISOString()).toBe(
      '2026-12-07T12:00:00.000Z',
    );
    // Elapsed time, not calendar days: British Summer Time ends inside this window.
    expect(reviewWindowClosesAt(at('2026-10-20T09:30:00.000Z')).toISOString()).toBe(
      '2026-11-03T09:30:00.000Z',
    );
  });

  it('names a review waiting, published or hidden, hidden winning', () => {
    expect(reviewStatus({ publishedAt: null, hiddenAt: null })).toBe('waiting');
    expect(reviewStatus({ publishedAt: at('2026-11-23T12:00:00Z'), hiddenAt: null })).toBe('published');
    expect(
      reviewStatus({ publishedAt: at('2026-11-23T12:00:00Z'), hiddenAt: at('2026-11-24T12:00:00Z') }),
    ).toBe('hidden');
  });

  it('lets the reviewee reply to a published review, and change it for 48 hours after first posting', () => {
    const published = { publishedAt: at('2026-11-23T12:00:00Z'), hiddenAt: null };
    const now = at('2026-11-25T12:00:00Z');
    expect(replyBlocked({ ...published, publishedAt: null, repliedAt: null }, now)).toBe('not_published');
    expect(replyBlocked({ ...published, hiddenAt: now, repliedAt: null }, now)).toBe('hidden');
    expect(replyBlocked({ ...published, repliedAt: null }, now)).toBeNull();
    const repliedAt = at('2026-11-23T12:00:00Z');
    expect(replyEditableUntil(repliedAt)?.toISOString()).toBe('2026-11-25T12:00:00.000Z');
    expect(replyBlocked({ ...published, repliedAt }, now)).toBeNull();
    expect(replyBlocked({ ...published, repliedAt }, at('2026-11-25T12:00:00.001Z'))).toBe('locked');
    expect(replyEditableUntil(null)).toBeNull();
  });

  it('lists the star counts from 5 down to 1, zero where none', () => {
    expect(
      distributionOf(
        new Map([
          [5, 7],
          [1, 2],
          [3, 1],
        ]),
      ),
    ).toEqual([7, 0, 1, 0, 2]);
    expect(distributionOf(new Map())).toEqual([0, 0, 0, 0, 0]);
  });

  it("says 'New on TradeNest' and explains the reveal in the words the dialog shows", () => {
    expect(REVIEW_MESSAGES.newOnTradeNest).toBe('New on TradeNest');
    expect(REVIEW_MESSAGES.fairReveal).toContain('14 days after payment');
    expect(REVIEW_MESSAGES.ratingRequired).toBe('Please select a rating');
    expect(REVIEW_MESSAGES.thanks).toBe('Thank you for your review!');
    expect(REVIEW_MESSAGES.failed).toBe('Failed to submit review');
  });
});
