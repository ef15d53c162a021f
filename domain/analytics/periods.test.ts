import { describe, expect, it } from 'vitest';
import { addMonths, bucketsOf, percentChange, periodRanges, sumIntoBuckets, ukDay } from './periods';

describe('analytics periods', () => {
  it('ends a period with UK today and puts the previous one of the same length before it', () => {
    expect(periodRanges('30d', '2026-03-15')).toEqual({
      current: { start: '2026-02-14', end: '2026-03-16' },
      previous: { start: '2026-01-15', end: '2026-02-14' },
    });
    expect(periodRanges('90d', '2026-03-15')).toEqual({
      current: { start: '2025-12-16', end: '2026-03-16' },
      previous: { start: '2025-09-17', end: '2025-12-16' },
    });
    expect(periodRanges('12m', '2026-03-15')).toEqual({
      current: { start: '2025-03-16', end: '2026-03-16' },
      previous: { start: '2024-03-16', end: '2025-03-16' },
    });
  });

  it('keeps the month’s last day when a month is shorter', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
  });

  it('reads UK days across the clock change', () => {
    // 23:30 UTC in summer is already the next day in London; in winter it is not.
    expect(ukDay(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(ukDay(new Date('2026-01-01T23:30:00Z'))).toBe('2026-01-01');
  });

  it('cuts 30 days into days, 90 into weeks and 12 months into months', () => {
    const days = bucketsOf('30d', periodRanges('30d', '2026-03-15').current);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ start: '2026-02-14', end: '2026-02-15' });
    const weeks = bucketsOf('90d', periodRanges('90d', '2026-03-15').current);
    expect(weeks).toHaveLength(13);
    expect(weeks[12]).toEqual({ start: '2026-03-10', end: '2026-03-16' });
    const months = bucketsOf('12m', { start: '2025-01-31', end: '2026-01-31' });
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual([
      { start: '2025-01-31', end: '2025-02-28' },
      { start: '2025-02-28', end: '2025-03-31' },
      { start: '2025-03-31', end: '2025-04-30' },
    ]);
    expect(months[11]).toEqual({ start: '2025-12-31', end: '2026-01-31' });
  });

  it('adds days into their buckets and leaves out days outside the range', () => {
    const buckets = [
      { start: '2026-01-01', end: '2026-01-08' },
      { start: '2026-01-08', end: '2026-01-10' },
    ];
    const days = [
      { day: '2026-01-01', value: 2 },
      { day: '2026-01-07', value: 3 },
      { day: '2026-01-08', value: 5 },
      { day: '2026-01-10', value: 7 },
    ];
    expect(sumIntoBuckets(buckets, days)).toEqual([5, 5]);
  });

  it('says a change in whole percent, and nothing against zero', () => {
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(3, 0)).toBeNull();
  });
});
