import { describe, expect, it } from 'vitest';
import { findListAge, jobAge } from './ages';

const now = new Date('2026-06-30T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

describe('relative ages', () => {
  it('Find list', () => {
    expect([0, 1, 2, 6, 7, 29, 30, 65].map((d) => findListAge(daysAgo(d), now))).toEqual([
      'Today',
      'Yesterday',
      '2d ago',
      '6d ago',
      '1w ago',
      '4w ago',
      '1mo ago',
      '2mo ago',
    ]);
  });

  it('My Jobs and job detail', () => {
    expect([0, 1, 3, 7, 20].map((d) => jobAge(daysAgo(d), now))).toEqual([
      'Today',
      'Yesterday',
      '3 days ago',
      '1 week ago',
      '2 weeks ago',
    ]);
  });

  it('counts UK calendar days, not 24-hour spans', () => {
    const lateLastNight = new Date('2026-06-29T22:30:00Z'); // 23:30 BST on the 29th
    expect(jobAge(lateLastNight, new Date('2026-06-30T07:00:00Z'))).toBe('Yesterday');
  });
});
