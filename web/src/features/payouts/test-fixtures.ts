// Shapes the payments API answers with (docs/api/payments.md), for component tests.
import type { EarningsView } from '@domain/payments/api';

type EarningsPayment = EarningsView['payments'][number];

export function makeEarningsPayment(overrides: Partial<EarningsPayment> = {}): EarningsPayment {
  return {
    id: '50000000-0000-4000-8000-000000000001',
    bookingId: '30000000-0000-4000-8000-000000000001',
    jobId: '10000000-0000-4000-8000-000000000001',
    jobTitle: 'Fix a leaking tap',
    customerName: 'Ann Smith',
    status: 'succeeded',
    amountPence: 40_000,
    feePence: 6_000,
    refundedPence: 0,
    releasedPence: 0,
    heldPence: 40_000,
    heldUntil: '2026-11-30T10:00:00Z',
    releasedAt: null,
    paidAt: '2026-11-23T10:00:00Z',
    frozen: false,
    canRelease: false,
    ...overrides,
  };
}

export function makeEarnings(overrides: Partial<EarningsView> = {}): EarningsView {
  return {
    heldPence: 40_000,
    payablePence: 34_000,
    paidOutPence: 85_000,
    releasedPence: 140_000,
    feesPence: 21_000,
    nextReleaseAt: '2026-11-30T10:00:00Z',
    payouts: [
      {
        id: '60000000-0000-4000-8000-000000000001',
        amountPence: 85_000,
        status: 'paid',
        createdAt: '2026-10-02T09:00:00Z',
        paidAt: '2026-10-03T09:00:00Z',
      },
    ],
    months: [
      { month: '2026-09', netPence: 0 },
      { month: '2026-10', netPence: 85_000 },
      { month: '2026-11', netPence: 34_000 },
    ],
    payments: [
      makeEarningsPayment(),
      makeEarningsPayment({
        id: '50000000-0000-4000-8000-000000000002',
        jobId: '10000000-0000-4000-8000-000000000002',
        jobTitle: 'Rewire the kitchen',
        customerName: 'Bob Jones',
        amountPence: 100_000,
        feePence: 15_000,
        releasedPence: 100_000,
        heldPence: 0,
        heldUntil: null,
        releasedAt: '2026-10-02T09:00:00Z',
      }),
    ],
    connect: { hasAccount: true, chargesEnabled: true, payoutsEnabled: true, requirementsCurrentlyDue: [] },
    ...overrides,
  };
}
