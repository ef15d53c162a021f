import { describe, expect, it } from 'vitest';
import { countOf, dayHeading, formatDayEnGb, relativeTime } from './format';

describe('counts', () => {
  it('put the noun in the singular for one only', () => {
    expect(countOf(0, 'quote')).toBe('0 quotes');
    expect(countOf(1, 'quote')).toBe('1 quote');
    expect(countOf(2, 'saved professional')).toBe('2 saved professionals');
  });
});

describe('formatDayEnGb', () => {
  it('writes days the UK way, calendar dates without a time zone shift', () => {
    expect(formatDayEnGb('2026-06-01')).toBe('1 June 2026');
    expect(formatDayEnGb('2025-03-14T10:00:00.000Z')).toBe('14 March 2025');
  });
});

// Local times, as the reader sees them.
const now = new Date(2025, 10, 18, 15, 0); // Tue 18 Nov 2025, 15:00
const at = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) =>
  new Date(year, month, day, hour, minute, second).toISOString();

describe('relativeTime', () => {
  it.each([
    [at(2025, 10, 18, 14, 59, 30), 'Just now'],
    [at(2025, 10, 18, 14, 55), '5m ago'],
    [at(2025, 10, 18, 12, 0), '3h ago'],
    [at(2025, 10, 17, 9, 0), 'Yesterday'],
    [at(2025, 10, 14, 9, 0), '4d ago'],
    [at(2025, 10, 1, 9, 0), '1 Nov'],
    [at(2024, 10, 16, 9, 0), '16 Nov 2024'],
  ])('%s reads %s', (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text);
  });
});

describe('dayHeading', () => {
  it.each([
    [at(2025, 10, 18, 0, 5), 'Today'],
    [at(2025, 10, 17, 23, 55), 'Yesterday'],
    [at(2025, 10, 16, 12, 0), 'Sun 16 Nov'],
    [at(2024, 10, 16, 12, 0), 'Sat 16 Nov 2024'],
  ])('%s reads %s', (iso, text) => {
    expect(dayHeading(iso, now)).toBe(text);
  });
});
