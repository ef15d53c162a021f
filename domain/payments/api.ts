import { z } from 'zod';
import { PAYMENT_STATUSES, PAYOUT_STATUSES } from '../catalog/statuses';
import { Id, JobTitle, PersonName, ServerText, Text, Timestamp, unbounded } from '../fields';

// The payments API contract (docs/api/payments.md). Money is integer pence, times ISO strings. The
// server validates and serializes with these schemas; the web imports their types only. Amounts are
// never read from the browser: a payment's amount is always its booking's.

// ---- Pay (spec section 7: create-payment, verify-payment) ----

export const CreatePaymentBody = z.object({ bookingId: z.uuid('Booking not found') });
export const CreatePaymentResponse = z.object({
  /** The provider's hosted checkout page (opened in a new tab). */
  url: Text,
  sessionId: Text,
});
export type CreatePaymentResponse = z.infer<typeof CreatePaymentResponse>;

export const VerifyPaymentBody = z.object({ sessionId: z.string().trim().min(1).max(255) });
export const VerifyPaymentResponse = z.object({
  /** paid: the money is held in escrow; pending: not confirmed yet; failed/cancelled: nothing taken. */
  status: z.enum(['paid', 'pending', 'failed', 'cancelled']),
  bookingId: Id,
  jobId: Id,
  heldUntil: Timestamp.nullable(),
});
export type VerifyPaymentResponse = z.infer<typeof VerifyPaymentResponse>;

// ---- A booking's money, as both parties see it ----

export const MONEY_STATES = ['unpaid', 'held', 'released', 'refunded', 'partly_refunded'] as const;
export type MoneyState = (typeof MONEY_STATES)[number];

/** The one-line state lists show on a booking (BookingView.money). */
export const BookingMoneySummary = z.object({
  state: z.enum(MONEY_STATES),
  /** While held: when the protection window ends and the money is released. */
  heldUntil: Timestamp.nullable(),
  /** A dispute froze the held money. */
  frozen: z.boolean(),
  /** Paid in milestones: each is approved (released) on the booking's milestones page, not here. */
  milestones: z.boolean(),
});
export type BookingMoneySummary = z.infer<typeof BookingMoneySummary>;

export const MONEY_EVENT_KINDS = [
  'checkout_started',
  'paid',
  'held',
  'released',
  'fee',
  'refunded',
  'paid_out',
  'payout_waiting',
  'payout_failed',
] as const;
export type MoneyEventKind = (typeof MONEY_EVENT_KINDS)[number];

export const MoneyEvent = z.object({
  kind: z.enum(MONEY_EVENT_KINDS),
  at: Timestamp,
  amountPence: z.number().int(),
  /** Ready to show: 'Paid £135.00', 'Held until 30 Nov 2026' … */
  label: ServerText,
});
export type MoneyEvent = z.infer<typeof MoneyEvent>;

export const PaymentView = z.object({
  id: Id,
  bookingId: Id,
  status: z.enum(PAYMENT_STATUSES),
  amountPence: z.number().int(),
  /** The 15% fee on what was (or will be) released. */
  feePence: z.number().int(),
  refundedPence: z.number().int(),
  releasedPence: z.number().int(),
  /** Still in escrow. */
  heldPence: z.number().int(),
  heldUntil: Timestamp.nullable(),
  releasedAt: Timestamp.nullable(),
  paidAt: Timestamp.nullable(),
  /** Frozen by a dispute: the release job skips it. */
  frozen: z.boolean(),
  /** The customer may release it now (held, not frozen, and the caller is the customer). */
  canRelease: z.boolean(),
});
export type PaymentView = z.infer<typeof PaymentView>;

export const BookingMoneyView = z.object({
  bookingId: Id,
  jobId: Id,
  amountPence: z.number().int(),
  /** 'unpaid' until a payment succeeds. */
  state: z.enum(MONEY_STATES),
  payments: unbounded(PaymentView, 'every payment of the booking (deposit, milestones)'),
  timeline: unbounded(MoneyEvent, 'every money event of the booking'),
});
export type BookingMoneyView = z.infer<typeof BookingMoneyView>;
export const BookingMoneyResponse = z.object({ money: BookingMoneyView });
export type BookingMoneyResponse = z.infer<typeof BookingMoneyResponse>;

// ---- Connected payout account (spec section 7: check-connect-status, create-connect-account,
// create-onboarding-link) ----

export const ConnectStatus = z.object({
  hasAccount: z.boolean(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  requirementsCurrentlyDue: unbounded(Text, 'what the payment provider asks for, as it lists it'),
});
export type ConnectStatus = z.infer<typeof ConnectStatus>;

export const ONBOARDING_LINK_TYPES = ['account_onboarding', 'account_update'] as const;
export const OnboardingLinkBody = z.object({ type: z.enum(ONBOARDING_LINK_TYPES) });
export const UrlResponse = z.object({ url: Text });
export type UrlResponse = z.infer<typeof UrlResponse>;

// ---- A tradesperson's money (/tradesperson/payments) ----

export const PayoutView = z.object({
  id: Id,
  amountPence: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  createdAt: Timestamp,
  paidAt: Timestamp.nullable(),
});
export type PayoutView = z.infer<typeof PayoutView>;

/** Payouts and payments the earnings page lists (latest first), and the months its chart covers. */
export const EARNINGS_ROWS = 50;
export const EARNINGS_MONTHS = 12;
/** The admin's payments list: the latest this many. */
export const ADMIN_PAYMENTS_MAX = 100;

export const EarningsView = z.object({
  /** Paid by customers and still in escrow. */
  heldPence: z.number().int(),
  /** Released to the tradesperson, less the fee, and not paid out yet. */
  payablePence: z.number().int(),
  paidOutPence: z.number().int(),
  /** Released (gross) and the fees taken from it. */
  releasedPence: z.number().int(),
  feesPence: z.number().int(),
  /** Next release of held money, if any. */
  nextReleaseAt: Timestamp.nullable(),
  payouts: z.array(PayoutView).max(EARNINGS_ROWS),
  /** Net earnings released per calendar month (UTC), oldest first, the last 12 months. */
  months: z.array(z.object({ month: z.string().max(7), netPence: z.number().int() })).max(EARNINGS_MONTHS),
  /** Held and released payments, newest first. */
  payments: z
    .array(PaymentView.extend({ jobId: Id, jobTitle: JobTitle, customerName: PersonName.nullable() }))
    .max(EARNINGS_ROWS),
  connect: ConnectStatus,
});
export type EarningsView = z.infer<typeof EarningsView>;

// ---- Admin ----

export const RefundBody = z.object({
  /** Omitted: everything still held. */
  amountPence: z.number().int('Amount must be whole pence').positive('Amount must be more than 0').optional(),
  reason: z
    .string()
    .trim()
    .min(1, 'Please give a reason')
    .max(500, 'Reason must be less than 500 characters'),
});
export const AdminPaymentView = PaymentView.extend({
  jobId: Id,
  jobTitle: JobTitle,
  customerId: Id,
  /** Null when the account has no name (an erased one has none). */
  customerName: PersonName.nullable(),
  tradespersonId: Id,
  tradespersonName: PersonName.nullable(),
  createdAt: Timestamp,
});
export type AdminPaymentView = z.infer<typeof AdminPaymentView>;
export const AdminPaymentsResponse = z.object({
  payments: z.array(AdminPaymentView).max(ADMIN_PAYMENTS_MAX),
});
export type AdminPaymentsResponse = z.infer<typeof AdminPaymentsResponse>;

// ---- The sandbox provider's hosted pages (offline stand-in for the real provider) ----

export const SandboxCheckoutView = z.object({
  id: Text,
  amountPence: z.number().int(),
  description: Text,
  status: z.enum(['open', 'complete', 'expired']),
  /** Where 'Back' and a cancellation go (the app's ?payment=cancelled). */
  cancelUrl: Text,
  /** Set once complete: where the customer returns. */
  successUrl: Text.nullable(),
  /** A card asked for authentication: the challenge page is waiting. */
  awaitingAuthentication: z.boolean(),
});
export type SandboxCheckoutView = z.infer<typeof SandboxCheckoutView>;

export const SandboxCardBody = z.object({
  cardNumber: z.string().max(40),
  /** 'MM / YY' or 'MM/YY'. */
  expiry: z.string().max(10),
  cvc: z.string().max(8),
  name: z.string().trim().max(100).optional(),
});
export const SandboxPayResponse = z.object({
  outcome: z.enum(['succeeded', 'requires_action']),
  /** succeeded: where the browser goes next; requires_action: the challenge page. */
  redirectUrl: Text,
});
export const SandboxChallengeBody = z.object({ result: z.enum(['complete', 'fail']) });

export const SandboxOnboardingView = z.object({
  id: Text,
  accountId: Text,
  type: z.enum(ONBOARDING_LINK_TYPES),
  expired: z.boolean(),
  returnUrl: Text,
  refreshUrl: Text,
});
export const SandboxOnboardingBody = z.object({
  legalName: z.string().trim().min(2, 'Enter your legal name').max(100),
  dateOfBirth: z
    .string()
    .max(10, 'Enter your date of birth')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your date of birth'),
  sortCode: z
    .string()
    .max(8, 'Enter a 6-digit sort code')
    .regex(/^\d{2}-?\d{2}-?\d{2}$/, 'Enter a 6-digit sort code'),
  accountNumber: z
    .string()
    .max(8, 'Enter an 8-digit account number')
    .regex(/^\d{8}$/, 'Enter an 8-digit account number'),
});
