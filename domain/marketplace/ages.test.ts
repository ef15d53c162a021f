import { describe, expect, it } from 'vitest';
import { findListAge, jobAge, londonToday } from './ages';

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

describe('londonToday, remembered for the minute it was asked', () => {
  it('turns the day at London midnight in both seasons, one minute to the next', () => {
    // Summer: London midnight is 23:00 UTC; winter: 00:00 UTC. Each pair is asked in turn, so a day
    // kept from the minute before would show.
    expect(londonToday(new Date('2026-07-01T22:59:59.999Z'))).toBe('2026-07-01');
    expect(londonToday(new Date('2026-07-01T23:00:00.000Z'))).toBe('2026-07-02');
    expect(londonToday(new Date('2026-01-01T23:59:59.999Z'))).toBe('2026-01-01');
    expect(londonToday(new Date('2026-01-02T00:00:00.000Z'))).toBe('2026-01-02');
    // The clocks going back (25 October 2026, 01:00 UTC) is not a midnight: the same day either side.
    expect(londonToday(new Date('2026-10-25T00:59:00Z'))).toBe('2026-10-25');
    expect(londonToday(new Date('2026-10-25T01:01:00Z'))).toBe('2026-10-25');
  });

  it('answers the same within a minute, earlier or later in it, and a new day when the minute is new', () => {
    const minute = Date.parse('2026-03-15T12:34:00Z');
    expect(londonToday(new Date(minute + 59_999))).toBe('2026-03-15');
    expect(londonToday(new Date(minute))).toBe('2026-03-15');
    expect(londonToday(new Date(minute + 86_400_000))).toBe('2026-03-16');
    expect(() => londonToday(new Date(Number.NaN))).toThrow(RangeError);
  });
});
