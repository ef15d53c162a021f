import { describe, expect, it } from 'vitest';
import { countOf, formatDayEnGb } from './format';

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
