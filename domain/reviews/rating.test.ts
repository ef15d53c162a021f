import { describe, expect, it } from 'vitest';
import { ratingFromTotals } from './rating';

describe('ratingFromTotals', () => {
  it('is 0 without reviews', () => {
    expect(ratingFromTotals(0, 0)).toBe(0);
  });

  it('is the mean rounded to 1 decimal, halves up', () => {
    expect(ratingFromTotals(5, 1)).toBe(5);
    expect(ratingFromTotals(9, 2)).toBe(4.5);
    expect(ratingFromTotals(13, 3)).toBe(4.3); // 4.333…
    expect(ratingFromTotals(14, 3)).toBe(4.7); // 4.666…
    expect(ratingFromTotals(89, 20)).toBe(4.5); // 4.45 exactly rounds up
    expect(ratingFromTotals(87, 20)).toBe(4.4); // 4.35 exactly rounds up
  });

  it('agrees with integer half-up rounding for every total of up to 400 reviews', () => {
    // Mismatches are collected and compared once: 320,000 separate expects cost seconds on a busy machine.
    const wrong: string[] = [];
    for (let count = 1; count <= 400; count++) {
      for (let total = count; total <= 5 * count; total++) {
        // round(10 * total / count) half up, in integers only: floor((20 * total + count) / (2 * count)).
        const tenths = Math.floor((20 * total + count) / (2 * count));
        if (ratingFromTotals(total, count) !== tenths / 10) wrong.push(`${total}/${count}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
