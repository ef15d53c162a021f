import { type BookingStatus, bookingStatus, disputeStatus } from '../../../domain/catalog/statuses';
import type { BookingDispute } from '../../../domain/disputes/api';
import { canRaiseDispute } from '../../../domain/disputes/rules';
import { bookingStep } from '../../../domain/marketplace/transitions';
import type { Executor } from '../../db/client';
import { restoreBookingStatus, setBookingStatus } from './bookings.repository';

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
    status: latest ? disputeStatus(latest.status) : null,
    canRaise:
      !open &&
      canRaiseDispute({
        status: bookingStatus(booking.status),
        depositPaid: booking.depositPaid,
        moneyHeld,
      }),
  };
}

/**
 * A party disputes the booking (the disputes module decides whether they may, under the booking's
 * lock): the status moves through the transition table, which checks the state it leaves and the
 * actor. False, with nothing written, when the table refuses.
 */
export async function disputeBooking(
  tx: Executor,
  booking: { id: string; status: string },
  actor: 'customer' | 'tradesperson',
  now: Date,
): Promise<boolean> {
  const step = bookingStep('dispute', bookingStatus(booking.status), actor);
  if (!step.ok) return false;
  await setBookingStatus(tx, booking.id, step.to, now);
  return true;
}

/**
 * A resolved dispute hands the booking back to where the work had got to (the status it had when the
 * dispute was raised), keeping the times it was confirmed and completed.
 */
export async function returnFromDispute(tx: Executor, bookingId: string, status: BookingStatus, now: Date) {
  await restoreBookingStatus(tx, bookingId, status, now);
}
