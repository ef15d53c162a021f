import { and, inArray } from 'drizzle-orm';
import type { BookingMoneySummary } from '../../../domain/payments/api';
import { combinedAmounts, moneyState } from '../../../domain/payments/state';
import type { Executor } from '../../db/client';
import { payments } from '../../db/schema';

const UNPAID: BookingMoneySummary = { state: 'unpaid', heldUntil: null, frozen: false, milestones: false };

/**
 * The one-line money state of each booking (its single payment, or its milestones' together): what the
 * lists show as 'Held until <date>' (the earliest release still to come). Read here rather than through the payments module, which builds on marketplace.
 */
export async function moneySummaries(
  db: Executor,
  bookings: { id: string; status: string }[],
): Promise<Map<string, BookingMoneySummary>> {
  const result = new Map<string, BookingMoneySummary>();
  if (bookings.length === 0) return result;
  const rows = await db
    .select({
      bookingId: payments.bookingId,
      amountPence: payments.amountPence,
      refundedPence: payments.refundedPence,
      releasedPence: payments.releasedPence,
      heldUntil: payments.heldUntil,
      releasedAt: payments.releasedAt,
      status: payments.status,
      milestoneId: payments.milestoneId,
    })
    .from(payments)
    .where(
      and(
        inArray(
          payments.bookingId,
          bookings.map((b) => b.id),
        ),
        inArray(payments.status, ['succeeded', 'refunded']),
      ),
    );
  const disputed = new Set(bookings.filter((b) => b.status === 'disputed').map((b) => b.id));
  const byBooking = new Map<string, typeof rows>();
  for (const row of rows) byBooking.set(row.bookingId, [...(byBooking.get(row.bookingId) ?? []), row]);
  for (const [bookingId, paid] of byBooking) {
    const state = moneyState(combinedAmounts(paid));
    const nextRelease = paid
      .filter((p) => p.status === 'succeeded' && !p.releasedAt && p.heldUntil)
      .map((p) => p.heldUntil!)
      .sort((a, b) => a.getTime() - b.getTime())[0];
    result.set(bookingId, {
      state,
      heldUntil: state === 'held' && nextRelease ? nextRelease.toISOString() : null,
      frozen: state === 'held' && disputed.has(bookingId),
      milestones: paid.some((p) => p.milestoneId !== null),
    });
  }
  return result;
}

export const moneyOf = (summaries: Map<string, BookingMoneySummary>, bookingId: string) =>
  summaries.get(bookingId) ?? UNPAID;
