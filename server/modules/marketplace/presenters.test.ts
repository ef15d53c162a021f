import { describe, expect, it } from 'vitest';
import type { BookingCard } from './bookings.repository';
import { bookingCardView, moneySummaryOf } from './presenters';

type Payment = NonNullable<BookingCard['payments']>[number];
const payment = (p: Partial<Payment> = {}): Payment => ({
  amountPence: 10_000,
  refundedPence: 0,
  releasedPence: 0,
  heldUntil: '2026-12-01T10:00:00.123456+00:00',
  releasedAt: null,
  status: 'succeeded',
  milestone: false,
  ...p,
});

describe("a booking's money line", () => {
  it('is unpaid without a succeeded or refunded payment', () => {
    expect(moneySummaryOf(null, { status: 'confirmed' })).toEqual({
      state: 'unpaid',
      heldUntil: null,
      frozen: false,
      milestones: false,
    });
  });

  it('is held until the earliest release still to come, frozen while disputed', () => {
    const paid = [
      payment({ heldUntil: '2026-12-03T00:00:00+00:00', milestone: true }),
      payment({
        heldUntil: '2026-12-01T00:00:00+00:00',
        milestone: true,
        releasedAt: '2026-11-30T00:00:00+00:00',
        releasedPence: 10_000,
      }),
      payment({ heldUntil: '2026-12-02T09:30:00.5+01:00', milestone: true }),
    ];
    expect(moneySummaryOf(paid, { status: 'disputed' })).toEqual({
      state: 'held',
      heldUntil: '2026-12-02T08:30:00.500Z',
      frozen: true,
      milestones: true,
    });
  });

  it('shows no date once everything is released or refunded', () => {
    expect(
      moneySummaryOf([payment({ releasedPence: 10_000, releasedAt: '2026-12-01T10:00:00+00:00' })], {
        status: 'completed',
      }),
    ).toMatchObject({ state: 'released', heldUntil: null, frozen: false });
    expect(
      moneySummaryOf([payment({ status: 'refunded', refundedPence: 10_000 })], { status: 'disputed' }),
    ).toMatchObject({ state: 'refunded', heldUntil: null, frozen: false });
  });
});

describe('a booking card', () => {
  const card: BookingCard = {
    id: 'b1',
    jobId: 'j1',
    quoteId: 'q1',
    customerId: 'c1',
    tradespersonId: 't1',
    status: 'completed',
    amount: 10_000,
    depositPaid: true,
    scheduledDate: '2026-11-20',
    completedAt: '2026-11-21T12:00:00.987654+00:00',
    createdAt: '2026-11-01T08:00:00+00:00',
    job: { id: 'j1', title: 'Fix the tap', category: 'Plumbing', outcode: 'M1' },
    customer: null,
    tradesperson: {
      fullName: 'Tom',
      ratingTotal: 9,
      reviewCount: 2,
      avatarUrl: null,
      trade: 'Plumber',
      verified: true,
    },
    payments: [payment({ heldUntil: '2026-11-28T12:00:00+00:00' })],
    reviews: { paidAt: null, customerReviewed: true, tradespersonReviewed: false, published: false },
    dispute: { id: 'd1', status: 'resolved' },
    reschedule: null,
  };

  it('writes timestamps as Dates do, shows a party without a profile unnamed, and opens reviews from completion when no payment time is known', () => {
    const view = bookingCardView(card);
    expect(view.completedAt).toBe('2026-11-21T12:00:00.987Z');
    expect(view.createdAt).toBe('2026-11-01T08:00:00.000Z');
    expect(view.customer).toEqual({ id: 'c1', fullName: null, rating: 0, reviewCount: 0 });
    expect(view.tradesperson).toMatchObject({
      id: 't1',
      fullName: 'Tom',
      rating: 4.5,
      reviewCount: 2,
      verified: true,
    });
    expect(view.reviews.closesAt).toBe('2026-12-05T12:00:00.987Z');
    // Money still held on a completed, paid booking: a dispute may be raised (the last one is resolved).
    expect(view.dispute).toEqual({ id: 'd1', status: 'resolved', canRaise: true });
    expect(view.reschedule).toBeNull();
  });
});
