import { describe, expect, it } from 'vitest';
import { chargeDueOn, nominalVisitDate, outsideNotice, visitDatesUntil } from './rules';

describe('nominalVisitDate', () => {
  it('counts weeks for weekly, fortnightly and four-weekly plans', () => {
    expect(nominalVisitDate('2026-12-01', 'weekly', 2)).toBe('2026-12-15');
    expect(nominalVisitDate('2026-12-01', 'fortnightly', 3)).toBe('2027-01-12');
    expect(nominalVisitDate('2026-12-01', 'four_weekly', 1)).toBe('2026-12-29');
  });

  it("keeps the start's day of the month, on the last day of a shorter month", () => {
    expect(nominalVisitDate('2027-01-31', 'monthly', 1)).toBe('2027-02-28');
    expect(nominalVisitDate('2027-01-31', 'monthly', 2)).toBe('2027-03-31');
    expect(nominalVisitDate('2027-11-30', 'quarterly', 1)).toBe('2028-02-29');
    expect(nominalVisitDate('2028-02-29', 'yearly', 1)).toBe('2029-02-28');
  });
});

describe('visitDatesUntil', () => {
  it('lists the visits up to and including the date, numbered from the start', () => {
    expect(visitDatesUntil('2026-12-01', 'fortnightly', '2026-12-29')).toEqual([
      { index: 0, date: '2026-12-01' },
      { index: 1, date: '2026-12-15' },
      { index: 2, date: '2026-12-29' },
    ]);
    expect(visitDatesUntil('2026-12-01', 'fortnightly', '2026-12-29', 2)).toEqual([
      { index: 2, date: '2026-12-29' },
    ]);
  });
});

describe('notice and charging', () => {
  it('lets a visit be skipped only more than 3 days ahead', () => {
    expect(outsideNotice('2026-12-10', '2026-12-06')).toBe(true);
    expect(outsideNotice('2026-12-10', '2026-12-07')).toBe(false);
  });

  it('charges 3 days before the visit', () => {
    expect(chargeDueOn('2026-12-10')).toBe('2026-12-07');
  });
});
