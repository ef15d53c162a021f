// Changes to the agreed work of a booking ("variations"): either side proposes one, the other accepts or
// declines. Statuses and limits; the server's service enforces them inside its transactions.

export const CHANGE_STATUSES = ['proposed', 'accepted', 'declined', 'withdrawn'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

export const CHANGE_DIRECTIONS = ['increase', 'decrease'] as const;
export type ChangeDirection = (typeof CHANGE_DIRECTIONS)[number];

/**
 * How an accepted change was settled:
 * - booking_amount: nothing was paid yet, so the booking's amount changed and is paid as a whole;
 * - payment: an increase on a booking paid in one, paid by the customer into escrow as its own payment;
 * - refund: a decrease refunded from the money still held in escrow;
 * - milestone_added: an increase added to the milestone plan as a new milestone;
 * - milestone_adjusted: a decrease taken off an unpaid milestone.
 */
export const CHANGE_SETTLEMENTS = [
  'booking_amount',
  'payment',
  'refund',
  'milestone_added',
  'milestone_adjusted',
] as const;
export type ChangeSettlement = (typeof CHANGE_SETTLEMENTS)[number];

export const CHANGE_LIMITS = {
  descriptionMin: 10,
  descriptionMax: 2000,
  declineReasonMax: 500,
} as const;
