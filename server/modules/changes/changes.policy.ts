import { CHANGE_REFUSALS as R } from '../../../domain/changes/messages';
import type { ChangeDirection } from '../../../domain/changes/rules';
import { type BookingMoney, moneyRefusal } from '../../../domain/changes/settlement';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import { type BookingForPayment, bookingEventIds, bookingForPayment } from '../marketplace';
import { milestonesForChange } from '../milestones';
import { frozenByDispute, type PaymentRow } from '../payments';
import { type ChangeRow, findChange } from './changes.repository';

// Who may act on a booking's changes, and when: shared by the changes' steps and their page.

export type Party = 'customer' | 'tradesperson';

/** The statuses a booking takes changes in: agreed and not cancelled (a dispute freezes it apart). */
export const CHANGEABLE = ['confirmed', 'completed'];

export const bookingNotFound = () => AppError.notFound(R.bookingNotFound);
export const changeNotFound = () => AppError.notFound(R.changeNotFound);
export const changeState = (message: string) => AppError.conflict('change_state', message);

/** The caller's side of the booking, or undefined for anyone else. */
export function partyOf(
  found: Pick<BookingForPayment, 'booking'> | undefined,
  userId: string,
): Party | undefined {
  if (found?.booking.customerId === userId) return 'customer';
  if (found?.booking.tradespersonId === userId) return 'tradesperson';
  return undefined;
}

/** What a change event names: the booking's ids, the change, its proposer, which way and how much. */
export const changeRef = (found: BookingForPayment, change: ChangeRow) => ({
  ...bookingEventIds(found.booking),
  changeId: change.id,
  proposedBy: change.proposedBy,
  direction: change.direction as ChangeDirection,
  amountPence: change.amountPence,
});

/**
 * How the booking is being paid, read from its payments (newest first) and milestones: the input of
 * the settlement decision. `main` is the booking's single payment once it was paid.
 */
export async function bookingMoney(
  db: Executor,
  bookingId: string,
  payments: PaymentRow[],
  { lock }: { lock: boolean },
): Promise<{ money: BookingMoney; main?: PaymentRow }> {
  const plan = await milestonesForChange(db, bookingId, { lock });
  if (plan) return { money: { mode: 'milestones', ...plan } };
  const main = payments.find(
    (p) => !p.milestoneId && !p.changeId && (p.status === 'succeeded' || p.status === 'refunded'),
  );
  if (!main) return { money: { mode: 'unpaid' } };
  const held =
    main.status === 'succeeded' && !main.releasedAt
      ? main.amountPence - main.refundedPence - main.releasedPence
      : 0;
  return { money: { mode: 'paid_in_one', heldPence: held, released: main.releasedAt !== null }, main };
}

/** Why a party may not propose a change now (null when they may), in the order the reasons are given. */
export function proposeRefusal(
  found: BookingForPayment,
  waiting: boolean,
  money: BookingMoney,
): string | null {
  if (frozenByDispute(found)) return R.frozen;
  if (!CHANGEABLE.includes(found.booking.status)) return R.notConfirmed;
  if (waiting) return R.waiting;
  return moneyRefusal(money);
}

/**
 * Locks a change's booking (job, booking), then the change, checking the caller is one of the booking's
 * parties; anyone else, admins included, is told the change does not exist.
 */
export async function lockChange(tx: Executor, auth: AuthContext, changeId: string) {
  const peek = await findChange(tx, changeId);
  if (!peek) throw changeNotFound();
  const found = await bookingForPayment(tx, peek.bookingId, { forUpdate: true });
  const party = partyOf(found, auth.user.id);
  if (!party) throw changeNotFound();
  const change = (await findChange(tx, changeId, { forUpdate: true }))!;
  return { found: found!, party, change };
}
