// How a change and the booking's money are said on screen. Pure, so the words are tested on their own.
import type { BookingChangesResponse, ChangeView } from '@domain/changes/api';
import type { ChangeStatus } from '@domain/changes/rules';
import { formatPence } from '@domain/payments/money';
import type { Tone } from '@/components/status-badge';

type Timeline = BookingChangesResponse['timeline'];

export const CHANGE_STATUS_LOOKS: Record<ChangeStatus, { label: string; tone: Tone }> = {
  proposed: { label: 'Waiting for an answer', tone: 'amber' },
  accepted: { label: 'Accepted', tone: 'green' },
  declined: { label: 'Declined', tone: 'red' },
  withdrawn: { label: 'Withdrawn', tone: 'grey' },
};

/** '+£40.00' or '−£40.00' (a true minus sign, which screen readers say as "minus"). */
export function signedAmount(change: Pick<ChangeView, 'direction' | 'amountPence'>): string {
  return `${change.direction === 'increase' ? '+' : '−'}${formatPence(change.amountPence)}`;
}

/** 'Price goes up by £40.00' or 'Price goes down by £40.00'. */
export function directionText(change: Pick<ChangeView, 'direction' | 'amountPence'>): string {
  const way = change.direction === 'increase' ? 'up' : 'down';
  return `Price goes ${way} by ${formatPence(change.amountPence)}`;
}

/** The change in pence, negative for a decrease. */
export const signedPence = (change: Pick<ChangeView, 'direction' | 'amountPence'>) =>
  change.direction === 'increase' ? change.amountPence : -change.amountPence;

/** What the agreed amount comes to with the change. */
export const amountWith = (agreedPence: number, change: Pick<ChangeView, 'direction' | 'amountPence'>) =>
  agreedPence + signedPence(change);

/**
 * The amount first agreed: the agreed amount now less the changes accepted since (the contract defines
 * the agreed amount as the original plus accepted changes).
 */
export function originalAmountPence(view: Pick<BookingChangesResponse, 'agreedAmountPence' | 'changes'>) {
  const accepted = view.changes.filter((change) => change.status === 'accepted');
  return view.agreedAmountPence - accepted.reduce((sum, change) => sum + signedPence(change), 0);
}

/** Where the payment of an accepted increase stands, in words. */
function paymentText(change: ChangeView): string {
  const amount = formatPence(change.amountPence);
  switch (change.payment?.status) {
    case 'succeeded':
      return `Paid ${amount} into escrow`;
    case 'refunded':
      return `Paid ${amount} into escrow, since refunded`;
    case 'processing':
      return `Payment of ${amount} processing`;
    case 'requires_action':
      return `Payment of ${amount} waiting for the bank's authentication`;
    case 'failed':
      return `Payment of ${amount} failed`;
    default:
      return `Waiting for payment of ${amount} into escrow`;
  }
}

/** How an accepted change was settled, in words; null while it is not accepted. */
export function settlementText(change: ChangeView): string | null {
  if (change.status !== 'accepted' || !change.settlement) return null;
  const amount = formatPence(change.amountPence);
  switch (change.settlement) {
    case 'booking_amount':
      return change.amountBefore !== null && change.amountAfter !== null
        ? `Booking amount changed from ${formatPence(change.amountBefore)} to ${formatPence(change.amountAfter)}`
        : `Booking amount ${change.direction === 'increase' ? 'raised' : 'lowered'} by ${amount}`;
    case 'payment':
      return paymentText(change);
    case 'refund':
      return `Refunded ${amount} from escrow`;
    case 'milestone_added':
      return `Added to the milestone plan as a new milestone of ${amount}`;
    case 'milestone_adjusted':
      return `Taken off an unpaid milestone (${amount} less)`;
  }
}

export const TIMELINE_KIND_LABELS: Record<Timeline[number]['kind'], string> = {
  agreed: 'Price agreed',
  change_agreed: 'Change agreed',
  charge: 'Paid into escrow',
  refund: 'Refunded from escrow',
  release: 'Released to the tradesperson',
};

/** The timeline oldest first (newest last), whatever order it came in. */
export const inTimeOrder = (timeline: Timeline) =>
  [...timeline].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
