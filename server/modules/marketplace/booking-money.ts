import { and, inArray, isNull } from 'drizzle-orm';
import type { BookingMoneySummary } from '../../../domain/payments/api';
import { moneyState } from '../../../domain/payments/state';
import type { Executor } from '../../db/client';
import { payments } from '../../db/schema';

const UNPAID: BookingMoneySummary = { state: 'unpaid', heldUntil: null, frozen: false };

/**
 * The one-line money state of each booking (paid through its single payment): what the lists show as
 * 'Held until <date>'. Read here rather than through the payments module, which builds on marketplace.
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
    })
    .from(payments)
    .where(
      and(
        inArray(
          payments.bookingId,
          bookings.map((b) => b.id),
        ),
        isNull(payments.milestoneId),
        inArray(payments.status, ['succeeded', 'refunded']),
      ),
    );
  const disputed = new Set(bookings.filter((b) => b.status === 'disputed').map((b) => b.id));
  for (const row of rows) {
    const state = moneyState(row);
    result.set(row.bookingId, {
      state,
      heldUntil: state === 'held' && row.heldUntil ? row.heldUntil.toISOString() : null,
      frozen: state === 'held' && disputed.has(row.bookingId),
    });
  }
  return result;
}

export const moneyOf = (summaries: Map<string, BookingMoneySummary>, bookingId: string) =>
  summaries.get(bookingId) ?? UNPAID;
