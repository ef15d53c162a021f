import { desc, inArray } from 'drizzle-orm';
import type { BookingStatus, DisputeStatus } from '../../../domain/catalog/statuses';
import type { BookingDispute } from '../../../domain/disputes/api';
import { canRaiseDispute } from '../../../domain/disputes/rules';
import type { BookingMoneySummary } from '../../../domain/payments/api';
import type { Executor } from '../../db/client';
import { disputes } from '../../db/schema';

/**
 * Each booking's latest dispute and whether a party may raise one now (DOMAIN-RULES 9). Read here
 * rather than through the disputes module, which builds on marketplace.
 */
export async function disputeSummaries(
  db: Executor,
  list: { id: string; status: string; depositPaid: boolean }[],
  money: Map<string, BookingMoneySummary>,
): Promise<Map<string, BookingDispute>> {
  const latest = new Map<string, { id: string; status: DisputeStatus }>();
  if (list.length > 0) {
    const rows = await db
      .select({ id: disputes.id, bookingId: disputes.bookingId, status: disputes.status })
      .from(disputes)
      .where(
        inArray(
          disputes.bookingId,
          list.map((b) => b.id),
        ),
      )
      .orderBy(desc(disputes.createdAt));
    for (const row of rows) {
      if (!latest.has(row.bookingId))
        latest.set(row.bookingId, { id: row.id, status: row.status as DisputeStatus });
    }
  }
  const result = new Map<string, BookingDispute>();
  for (const b of list) {
    const dispute = latest.get(b.id);
    const open = dispute !== undefined && dispute.status !== 'resolved';
    result.set(b.id, {
      id: dispute?.id ?? null,
      status: dispute?.status ?? null,
      canRaise:
        !open &&
        canRaiseDispute({
          status: b.status as BookingStatus,
          depositPaid: b.depositPaid,
          moneyHeld: money.get(b.id)?.state === 'held',
        }),
    });
  }
  return result;
}
