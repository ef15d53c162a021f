// Every status column's allowed values. The database CHECK constraints are generated from these
// lists, so a status the domain does not know cannot be stored.

export const JOB_STATUSES = ['open', 'in_progress', 'completed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const QUOTE_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** Quotes that count towards the limit of live quotes per job. */
export const LIVE_QUOTE_STATUSES = ['pending', 'accepted'] as const satisfies readonly QuoteStatus[];

export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'disputed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const MILESTONE_STATUSES = ['pending', 'processing', 'paid', 'failed', 'refunded'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

/**
 * A milestone plan: proposed (waiting for the customer), accepted (in force), declined, withdrawn (by
 * the tradesperson before a decision) or superseded (an accepted revision replaced it).
 */
export const PLAN_STATUSES = ['proposed', 'accepted', 'declined', 'withdrawn', 'superseded'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'requires_payment',
  'requires_action',
  'processing',
  'succeeded',
  'failed',
  'cancelled',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * open: raised, the other party is being told; awaiting_response: told, with 7 days to answer;
 * under_review: answered, or the 7 days passed, and an admin decides; resolved: decided.
 */
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const DISPUTE_STATUSES = ['open', 'awaiting_response', 'under_review', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** no_money_held: a dispute about work in progress, closed with a note; nothing was paid to move. */
export const DISPUTE_RESOLUTIONS = [
  'release_to_tradesperson',
  'refund_customer',
  'split',
  'no_money_held',
] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];

export const DOCUMENT_KINDS = ['photo_id', 'insurance', 'accreditation'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** expired: was approved, and its expiry date has passed (set by the daily verification job). */
export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const LEDGER_ACCOUNT_KINDS = [
  'customer_funds',
  'escrow',
  'platform_fees',
  'tradesperson_payable',
  'payouts',
  'refunds',
] as const;

// 'sending': claimed by a delivery job, which hands it to the mail server next (see email-outbox.ts).
export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/**
 * A status read from a text column, as the type its CHECK constraint allows. A value outside the list
 * cannot be stored, so meeting one is a bug: it throws rather than passing on a wrong type.
 */
export function statusOf<S extends string>(allowed: readonly S[], value: string): S {
  if (!isOneOf(allowed, value)) throw new Error(`unknown status '${value}' (expected ${allowed.join(', ')})`);
  return value;
}

/** Whether a text is one of a list of statuses, narrowing it to that list's type. */
export function isOneOf<S extends string>(allowed: readonly S[], value: string): value is S {
  return (allowed as readonly string[]).includes(value);
}

export const jobStatus = (value: string): JobStatus => statusOf(JOB_STATUSES, value);
export const quoteStatus = (value: string): QuoteStatus => statusOf(QUOTE_STATUSES, value);
export const bookingStatus = (value: string): BookingStatus => statusOf(BOOKING_STATUSES, value);
export const disputeStatus = (value: string): DisputeStatus => statusOf(DISPUTE_STATUSES, value);
export const documentStatus = (value: string): DocumentStatus => statusOf(DOCUMENT_STATUSES, value);
export const milestoneStatus = (value: string): MilestoneStatus => statusOf(MILESTONE_STATUSES, value);
export const planStatus = (value: string): PlanStatus => statusOf(PLAN_STATUSES, value);
export const paymentStatus = (value: string): PaymentStatus => statusOf(PAYMENT_STATUSES, value);
export const payoutStatus = (value: string): PayoutStatus => statusOf(PAYOUT_STATUSES, value);
