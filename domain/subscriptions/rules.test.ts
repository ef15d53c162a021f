import { describe, expect, it } from 'vitest';
import {
  CHARGE_ATTEMPTS,
  chargeDueOn,
  londonMidnight,
  nextChargeAttemptAt,
  nominalVisitDate,
  outsideNotice,
  visitDatesUntil,
  visitIndexOn,
} from './rules';

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

describe('nextChargeAttemptAt', () => {
  it('retries 24 and 48 hours after the first attempt, then gives up', () => {
    const first = new Date('2026-12-01T00:00:00Z');
    const second = nextChargeAttemptAt(1, first)!;
    expect(second.toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(nextChargeAttemptAt(2, second)!.toISOString()).toBe('2026-12-03T00:00:00.000Z');
    expect(CHARGE_ATTEMPTS).toBe(3);
    expect(nextChargeAttemptAt(3, second)).toBeNull();
  });
});

describe('visitIndexOn', () => {
  it("numbers a plan's visit by its nominal date, and refuses a day without one", () => {
    expect(visitIndexOn('2026-12-01', 'fortnightly', '2026-12-29')).toBe(2);
    expect(visitIndexOn('2027-01-31', 'monthly', '2027-02-28')).toBe(1);
    expect(visitIndexOn('2026-12-01', 'fortnightly', '2026-12-30')).toBeNull();
    expect(visitIndexOn('2026-12-01', 'fortnightly', '2026-11-17')).toBeNull();
  });
});

describe('londonMidnight', () => {
  it('is midnight UTC in winter and 23:00 UTC the day before in summer time', () => {
    expect(londonMidnight('2026-12-01').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(londonMidnight('2026-07-01').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    // The days the clocks change: still GMT at midnight on 29 March, still BST at midnight on 25 October.
    expect(londonMidnight('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(londonMidnight('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z');
  });
});
