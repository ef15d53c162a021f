import { z } from 'zod';
import { Id, PersonName, ServerText, Timestamp } from '../fields';
import { LineItemsInput, PriceBreakdownView } from '../marketplace/pricing';
import { AttachedPhotos, PhotoView } from '../photos/api';
import { CHANGE_DIRECTIONS, CHANGE_LIMITS, CHANGE_SETTLEMENTS, CHANGE_STATUSES } from './rules';

// The changes API contract (docs/api/changes.md): a booking's proposed and decided changes, and the
// money timeline they sit in. Money is integer pence; the server validates and serializes with these.

export const CHANGE_MESSAGES = {
  descriptionShort: `Describe the change in at least ${CHANGE_LIMITS.descriptionMin} characters`,
  descriptionLong: `The description must be at most ${CHANGE_LIMITS.descriptionMax} characters`,
  direction: 'Choose whether the price goes up or down',
  amountOrItems: 'Enter the amount of the change, or itemise it',
  declineReasonLong: `The reason must be at most ${CHANGE_LIMITS.declineReasonMax} characters`,
} as const;

/** Propose: one figure (`amount`, pounds as typed) or itemised lines (`lineItems`), never both. */
export const ProposeChangeBody = z.object({
  description: z
    .string({ error: CHANGE_MESSAGES.descriptionShort })
    .trim()
    .min(CHANGE_LIMITS.descriptionMin, CHANGE_MESSAGES.descriptionShort)
    .max(CHANGE_LIMITS.descriptionMax, CHANGE_MESSAGES.descriptionLong),
  direction: z.enum(CHANGE_DIRECTIONS, { error: CHANGE_MESSAGES.direction }),
  amount: z.union([z.string().max(100), z.number()]).nullish(),
  lineItems: LineItemsInput.nullish(),
  photos: AttachedPhotos.optional(),
});
export type ProposeChangeInput = z.input<typeof ProposeChangeBody>;

export const DeclineChangeBody = z.object({
  reason: z.string().trim().max(CHANGE_LIMITS.declineReasonMax, CHANGE_MESSAGES.declineReasonLong).optional(),
});

/** Paying an accepted increase: the provider's checkout page, or a saved card (off-session, as milestones). */
export const PayChangeBody = z.discriminatedUnion('method', [
  z.object({ method: z.literal('checkout') }),
  z.object({ method: z.literal('card'), paymentMethodId: z.uuid() }),
]);

export const ChangeView = z.object({
  id: Id,
  bookingId: Id,
  status: z.enum(CHANGE_STATUSES),
  direction: z.enum(CHANGE_DIRECTIONS),
  amountPence: z.number().int(),
  description: z.string().max(CHANGE_LIMITS.descriptionMax),
  /** Null for a one-figure change. */
  breakdown: PriceBreakdownView.nullable(),
  proposedBy: z.object({ id: Id, name: PersonName, role: z.enum(['customer', 'tradesperson']) }),
  proposedAt: Timestamp,
  decidedAt: Timestamp.nullable(),
  declineReason: z.string().max(CHANGE_LIMITS.declineReasonMax).nullable(),
  settlement: z.enum(CHANGE_SETTLEMENTS).nullable(),
  amountBefore: z.number().int().nullable(),
  amountAfter: z.number().int().nullable(),
  photos: z.array(PhotoView).max(8),
  /** An accepted increase paid as its own payment: where that payment stands. */
  payment: z
    .object({
      id: Id,
      status: z.string().max(30),
      amountPence: z.number().int(),
      lastError: ServerText.nullable(),
    })
    .nullable(),
  viewer: z.object({
    canAccept: z.boolean(),
    canDecline: z.boolean(),
    canWithdraw: z.boolean(),
    canPay: z.boolean(),
  }),
});
export type ChangeView = z.infer<typeof ChangeView>;

/** One movement of the booking's money, oldest first: paid in, refunded, released, a change agreed. */
export const MoneyTimelineEntry = z.object({
  at: Timestamp,
  kind: z.enum(['agreed', 'change_agreed', 'charge', 'refund', 'release']),
  /** Positive; the kind says which way it moved. */
  amountPence: z.number().int(),
  description: ServerText,
});

export const BookingChangesResponse = z.object({
  /** The booking's agreed amount now (the original plus accepted changes). */
  agreedAmountPence: z.number().int(),
  changes: z.array(ChangeView).max(1000),
  timeline: z.array(MoneyTimelineEntry).max(5000),
  canPropose: z.boolean(),
  /** Why the viewer cannot propose now (a dispute freezes the booking, a change already waits...). */
  cannotProposeReason: ServerText.nullable(),
});
export type BookingChangesResponse = z.infer<typeof BookingChangesResponse>;

export const ChangeResponse = z.object({ change: ChangeView });
export const PayChangeResponse = z.object({
  change: ChangeView,
  /** For `checkout`: where to send the customer. */
  checkoutUrl: z.string().max(2000).nullable(),
  /**
   * For `card`: the bank wants authentication (3-D Secure), as for milestones: Stripe.js takes the
   * `clientSecret`; with the sandbox, the browser opens `actionUrl` (its challenge page).
   */
  nextAction: z
    .object({ clientSecret: z.string().max(500), actionUrl: z.string().max(2000).nullable().optional() })
    .nullable(),
});
