import { formatPence } from '../payments/money';

// What the server answers when a change to a booking is refused (docs/api/changes.md). The web shows
// these words as they are (the page's `cannotProposeReason` is one of them), and tests assert them.
export const CHANGE_REFUSALS = {
  bookingNotFound: 'Booking not found',
  changeNotFound: 'Change not found',
  notConfirmed: 'Changes can be proposed only once the booking is confirmed',
  released: "The booking's money has been released, so there is nothing left to change",
  allMilestonesPaid: 'Every milestone of this booking has been paid, so there is nothing left to change',
  frozen: 'A dispute freezes this booking: no change can be agreed until it is resolved',
  waiting: 'A change is already waiting for an answer: it must be accepted, declined or withdrawn first',
  notParty: "Only the booking's customer or tradesperson can propose a change",
  toZero: 'A decrease cannot bring the agreed amount to £0 or below',
  amountInvalid: 'Enter the amount of the change in pounds, like 120 or 85.50',
  amountTooLarge: 'The change must be at most £1,000,000',
  customerVat: 'A change proposed by a customer carries no VAT: leave the VAT rate empty',
  onlyOther: 'Only the other side of the booking can accept or decline this change',
  onlyProposer: 'Only the person who proposed this change can withdraw it',
  answered: 'This change has already been answered',
  onlyCustomerPays: 'Only the customer pays for a change',
  nothingToPay: 'This change has nothing to pay',
  alreadyPaid: 'This change has already been paid',
  paymentUnderway: 'A payment for this change is already under way',
} as const;

/** A decrease larger than the money still held for the booking. */
export const moreThanHeld = (heldPence: number) =>
  `A decrease cannot be more than the ${formatPence(heldPence)} still held in escrow`;

/** A decrease no unpaid milestone is large enough to take (each must stay above £0). */
export const noMilestoneAbsorbs = (largestPence: number | null) =>
  largestPence === null
    ? 'Every milestone has been paid or is being paid, so none can be reduced'
    : `No unpaid milestone can take this decrease: the largest is ${formatPence(largestPence)}, and a milestone must stay above £0`;
