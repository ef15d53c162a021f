// The words and limits of milestone payments (spec sections 2, 4 and 8, DOMAIN-RULES 6), apart from
// the zod schemas so that web pages import them without zod.
import { formatPence } from '../payments/money';

export const MILESTONE_RULES = {
  /** A plan splits a booking into at least two payments (one is the booking's single payment). */
  minMilestones: 2,
  maxMilestones: 10,
  titleMin: 3,
  titleMax: 100,
  descriptionMax: 500,
  /** A milestone is at least £1: smaller ones cost more in card fees than they move. */
  minAmountPence: 100,
  declineReasonMax: 500,
  /** After the tradesperson marks a milestone done, the customer has this long to approve it. */
  approvalDays: 7,
} as const;

/** The spec's milestone texts (section 8), used verbatim. */
export const MILESTONE_TEXTS = {
  actionRequiredTitle: 'Action Required',
  actionRequiredBody: 'Please complete the payment authentication',
  failedTitle: 'Payment Failed',
  failedFallback: 'Failed to process payment',
  successTitle: 'Payment Successful',
  loadFailed: 'Failed to load milestones',
  pay: 'Pay',
  retry: 'Retry Payment',
  total: 'Total',
  paid: 'Paid',
  remaining: 'Remaining',
} as const;

/** The spec's Payment Methods texts (section 8). */
export const PAYMENT_METHOD_TEXTS = {
  saved: 'Payment method saved successfully',
  setupFailed: 'Failed to start payment setup',
} as const;

/** Server messages (ours, where the spec is silent). */
export const MILESTONE_MESSAGES = {
  bookingNotFound: 'Booking not found',
  milestoneNotFound: 'Milestone not found',
  planNotFound: 'Milestone plan not found',
  paymentMethodNotFound: 'Payment method not found',
  tooFew: `A plan needs at least ${MILESTONE_RULES.minMilestones} milestones`,
  tooMany: `A plan can have at most ${MILESTONE_RULES.maxMilestones} milestones`,
  titleShort: `Title must be at least ${MILESTONE_RULES.titleMin} characters`,
  titleLong: `Title must be less than ${MILESTONE_RULES.titleMax} characters`,
  descriptionLong: `Description must be less than ${MILESTONE_RULES.descriptionMax} characters`,
  amountInvalid: 'Enter an amount in pounds, like 250 or 249.99',
  amountSmall: `Each milestone must be at least ${formatPence(MILESTONE_RULES.minAmountPence)}`,
  dueDateRequired: 'Please select a due date',
  dueDatePast: 'Please choose a date from today onwards',
  dueDateTooFar: 'Please choose a date no more than a year from today',
  dueDateOrder: 'Each due date must be on or after the one before it',
  declineReasonLong: `Reason must be less than ${MILESTONE_RULES.declineReasonMax} characters`,
  notConfirmed: 'Milestones can be planned only for a confirmed booking',
  onlyTradesperson: 'Only the tradesperson proposes a milestone plan',
  onlyCustomer: 'Only the customer can do that',
  planFixed: 'This plan can no longer change: payment of its milestones has started',
  proposalPending: 'A plan is already waiting for the customer. Withdraw it first.',
  notProposed: 'There is no plan waiting for a decision',
  planChanged: 'The plan changed while you were looking at it. Please review it again.',
  /** An agreed change moved the booking's amount after the plan was proposed (docs/api/changes.md). */
  amountChanged:
    "The booking's agreed amount changed after this plan was proposed, so it no longer adds up. The tradesperson needs to propose it again.",
  paidInOnePayment: 'This booking has already been paid in one payment',
  paidByMilestones: 'This booking is paid in milestones. Pay each milestone from its page.',
  noPlan: 'This booking has no accepted milestone plan',
  notPayable: 'This milestone cannot be paid now',
  alreadyPaid: 'This milestone has already been paid',
  inProgress: 'This milestone is already being paid. Please wait a moment.',
  frozen: 'Payments for this booking are frozen by a dispute',
  noCard: 'Add a payment method first',
  cardExpired: 'This card has expired. Choose another or add a new one.',
  notPaid: 'This milestone has not been paid yet',
  notDone: 'The tradesperson has not marked this milestone done yet',
  alreadyDone: 'This milestone is already marked done',
  alreadyReleased: 'This milestone has already been released',
  approveOnPage: 'A milestone is released by approving it on the booking’s milestones page',
} as const;

/** 'Milestone amounts must add up to the booking amount of £450.00 (they add up to £400.00)'. */
export const sumMismatch = (bookingPence: number, sumPence: number) =>
  `Milestone amounts must add up to the booking amount of ${formatPence(bookingPence)} (they add up to ${formatPence(sumPence)})`;
