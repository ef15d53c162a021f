import type { BookingStatus, DisputeStatus } from '../../../domain/catalog/statuses';
import type { BookingDispute } from '../../../domain/disputes/api';
import { canRaiseDispute } from '../../../domain/disputes/rules';

/**
 * A booking's latest dispute and whether a party may raise one now (DOMAIN-RULES 9). The dispute is
 * read with the booking (bookingCardJson) rather than through the disputes module, which builds on
 * marketplace.
 */
export function disputeOf(
  booking: { status: string; depositPaid: boolean },
  latest: { id: string; status: string } | null,
  moneyHeld: boolean,
): BookingDispute {
  const open = latest !== null && latest.status !== 'resolved';
  return {
    id: latest?.id ?? null,
    status: (latest?.status as DisputeStatus | undefined) ?? null,
    canRaise:
      !open &&
      canRaiseDispute({
        status: booking.status as BookingStatus,
        depositPaid: booking.depositPaid,
        moneyHeld,
      }),
  };
}
