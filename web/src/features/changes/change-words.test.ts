import type { ChangeView } from '@domain/changes/api';
import { describe, expect, it } from 'vitest';
import { originalAmountPence, settlementText } from './change-words';
import { makeChange } from './test-fixtures';

const accepted = (overrides: Partial<ChangeView>) =>
  makeChange({ status: 'accepted', decidedAt: '2026-12-04T10:00:00.000Z', ...overrides });
const payment = (status: string, lastError: string | null = null) => ({
  id: 'e0000000-0000-4000-8000-000000000001',
  status,
  amountPence: 4_000,
  lastError,
});

describe('how an accepted change was settled, in words', () => {
  it.each([
    [{ settlement: 'refund' }, 'Refunded £40.00 from escrow'],
    [{ settlement: 'payment', payment: payment('succeeded') }, 'Paid £40.00 into escrow'],
    [
      { settlement: 'payment', payment: payment('requires_payment') },
      'Waiting for payment of £40.00 into escrow',
    ],
    [{ settlement: 'payment', payment: null }, 'Waiting for payment of £40.00 into escrow'],
    [{ settlement: 'payment', payment: payment('processing') }, 'Payment of £40.00 processing'],
    [{ settlement: 'payment', payment: payment('failed', 'Card declined') }, 'Payment of £40.00 failed'],
    [{ settlement: 'payment', payment: payment('refunded') }, 'Paid £40.00 into escrow, since refunded'],
    [{ settlement: 'milestone_added' }, 'Added to the milestone plan as a new milestone of £40.00'],
    [
      { settlement: 'milestone_adjusted', direction: 'decrease' },
      'Taken off an unpaid milestone (£40.00 less)',
    ],
    [
      { settlement: 'booking_amount', amountBefore: 25_000, amountAfter: 29_000 },
      'Booking amount changed from £250.00 to £290.00',
    ],
    [{ settlement: 'booking_amount', direction: 'decrease' }, 'Booking amount lowered by £40.00'],
  ] as [Partial<ChangeView>, string][])('%o reads "%s"', (overrides, text) => {
    expect(settlementText(accepted(overrides))).toBe(text);
  });

  it('says nothing of a change that was not accepted', () => {
    expect(settlementText(makeChange({ status: 'declined', settlement: null }))).toBeNull();
    expect(settlementText(makeChange({ status: 'withdrawn' }))).toBeNull();
  });
});

describe('the amount first agreed', () => {
  it('takes the accepted changes off the agreed amount now, and ignores the others', () => {
    const changes = [
      accepted({ direction: 'increase', amountPence: 4_000 }),
      accepted({ direction: 'decrease', amountPence: 1_500 }),
      makeChange({ status: 'declined', amountPence: 99_900 }),
      makeChange({ status: 'proposed', amountPence: 12_300 }),
    ];
    expect(originalAmountPence({ agreedAmountPence: 27_500, changes })).toBe(25_000);
  });
});
