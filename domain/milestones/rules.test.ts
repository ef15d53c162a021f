import { describe, expect, it } from 'vitest';
import { MILESTONE_TEXTS, PAYMENT_METHOD_TEXTS, sumMismatch } from './messages';
import { cardExpired, milestoneFeePence, milestoneTotals, planIssues } from './rules';

const item = (amountPence: number, dueDate = '2026-12-01', title = 'First fix') => ({
  title,
  amountPence,
  dueDate,
});
const ctx = { bookingAmountPence: 45_000, today: '2026-11-24' };

describe('a milestone plan', () => {
  it('is accepted when its amounts add up to the booking amount exactly', () => {
    expect(planIssues([item(20_000), item(25_000, '2026-12-08')], ctx)).toEqual([]);
  });

  it('says by how much it misses the booking amount', () => {
    expect(planIssues([item(20_000), item(20_000)], ctx)).toEqual([
      { path: ['milestones'], message: sumMismatch(45_000, 40_000) },
    ]);
    expect(sumMismatch(45_000, 40_000)).toBe(
      'Milestone amounts must add up to the booking amount of £450.00 (they add up to £400.00)',
    );
  });

  it('refuses one milestone, under £1, past or out-of-order dates, and short titles, on their fields', () => {
    expect(planIssues([item(45_000)], ctx)).toContainEqual({
      path: ['milestones'],
      message: 'A plan needs at least 2 milestones',
    });
    const issues = planIssues(
      [item(99, '2026-11-23', 'ab'), item(44_901, '2026-11-30'), item(0, '2026-11-29')],
      { ...ctx, bookingAmountPence: 45_000 },
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: ['milestones', 0, 'title'], message: 'Title must be at least 3 characters' },
        { path: ['milestones', 0, 'amountPence'], message: 'Each milestone must be at least £1.00' },
        { path: ['milestones', 0, 'dueDate'], message: 'Please choose a date from today onwards' },
        { path: ['milestones', 2, 'amountPence'], message: 'Enter an amount in pounds, like 250 or 249.99' },
        {
          path: ['milestones', 2, 'dueDate'],
          message: 'Each due date must be on or after the one before it',
        },
      ]),
    );
    expect(planIssues([item(20_000, '2027-11-25'), item(25_000, '2027-11-25')], ctx)).toContainEqual({
      path: ['milestones', 0, 'dueDate'],
      message: 'Please choose a date no more than a year from today',
    });
  });

  it('carries the 15% fee half-up, and totals what is paid and what is left to pay', () => {
    expect(milestoneFeePence(20_000)).toBe(3_000);
    expect(milestoneFeePence(1_999)).toBe(300);
    expect(
      milestoneTotals([
        { amountPence: 10_000, status: 'paid' },
        { amountPence: 5_000, status: 'failed' },
        { amountPence: 2_500, status: 'processing' },
        { amountPence: 2_500, status: 'refunded' },
      ]),
    ).toEqual({ totalPence: 20_000, paidPence: 10_000, remainingPence: 7_500 });
  });

  it('treats a card as usable to the end of its expiry month', () => {
    expect(cardExpired({ expMonth: 11, expYear: 2026 }, new Date('2026-11-30T23:00:00Z'))).toBe(false);
    expect(cardExpired({ expMonth: 10, expYear: 2026 }, new Date('2026-11-01T00:00:00Z'))).toBe(true);
  });
});

describe("the spec's milestone and payment-method words", () => {
  it('are written exactly as the spec has them', () => {
    expect(MILESTONE_TEXTS).toMatchObject({
      actionRequiredTitle: 'Action Required',
      actionRequiredBody: 'Please complete the payment authentication',
      failedTitle: 'Payment Failed',
      failedFallback: 'Failed to process payment',
      successTitle: 'Payment Successful',
      loadFailed: 'Failed to load milestones',
      pay: 'Pay',
      retry: 'Retry Payment',
      total: 'Total',
      paid: 'Paid',
      remaining: 'Remaining',
    });
    expect(PAYMENT_METHOD_TEXTS).toEqual({
      saved: 'Payment method saved successfully',
      setupFailed: 'Failed to start payment setup',
    });
  });
});
