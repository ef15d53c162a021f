import { z } from 'zod';
import { CalendarDate, Id, PersonName, Postcode, Timestamp } from '../fields';
import { SUBSCRIPTION_MESSAGES as M } from './messages';
import {
  FREQUENCIES,
  PAUSE_REASONS,
  SUBSCRIPTION_RULES as R,
  SUBSCRIPTION_STATUSES,
  VISIT_STATUSES,
} from './rules';

// The subscriptions API contract (docs/api/subscriptions.md): repeat service plans and their visits.
// Money is integer pence in answers and pounds as typed in requests (like quotes); dates 'YYYY-MM-DD'
// (UK calendar dates), times ISO strings.

/** Pounds as typed ('35', '42.50') or a number; the server parses it with the quote's money rule. */
const Pounds = z.union([z.string().max(100), z.number()], { error: M.priceInvalid });

/** A customer asks for a repeat service: after a completed booking, or from a tradesperson's profile. */
export const RequestSubscriptionBody = z.object({
  /** A completed booking of the customer's: its tradesperson, category and postcode are used. */
  bookingId: z.uuid().optional(),
  /** From a profile: the tradesperson, with the postcode and category of the work. */
  tradespersonId: z.uuid().optional(),
  postcode: Postcode.optional(),
  category: z.string().max(100).optional(),
  message: z
    .string({ error: M.messageEmpty })
    .trim()
    .min(1, M.messageEmpty)
    .max(R.requestMessageMax, M.messageLong),
});

/** The tradesperson's proposal (again while it waits for the customer, replacing the last). */
export const ProposeSubscriptionBody = z.object({
  title: z.string({ error: M.titleEmpty }).trim().min(1, M.titleEmpty).max(R.titleMax, M.titleLong),
  description: z
    .string({ error: M.descriptionShort })
    .trim()
    .min(R.descriptionMin, M.descriptionShort)
    .max(R.descriptionMax, M.descriptionLong),
  pricePerVisit: Pounds,
  frequency: z.enum(FREQUENCIES, { error: M.frequency }),
  startDate: z.iso.date({ error: M.startDate }),
});
export type ProposeSubscriptionInput = z.input<typeof ProposeSubscriptionBody>;

/** The customer accepts with a saved card (their default one when none is named). */
export const AcceptSubscriptionBody = z.object({ paymentMethodId: z.uuid(M.cardNotFound).optional() });

export const ReasonBody = z.object({ reason: z.string().trim().max(500).optional() });

/** Skip one visit, named by its date (a booked visit's or a future one's). */
export const SkipVisitBody = z.object({ date: z.iso.date({ error: M.noVisit }) });

/** The tradesperson proposes a new price per visit, for visits charged after the customer accepts. */
export const PriceChangeBody = z.object({ pricePerVisit: Pounds });

export const PersonRef = z.object({ id: Id, name: PersonName });

/** Where a visit's money is: its charge, the escrow hold and the release, as the payment says. */
export const VISIT_MONEY_STATES = [
  'not_due',
  'processing',
  'requires_action',
  'failed',
  'held',
  'released',
  'refunded',
  'not_charged',
] as const;

export const VisitView = z.object({
  id: Id.nullable(),
  /** The visit's key: the date the plan's frequency gives. */
  nominalDate: CalendarDate,
  /** The day it happens (the tradesperson's next bookable day when the nominal one is not). */
  date: CalendarDate,
  /** null: a future visit not booked yet. */
  status: z.enum(VISIT_STATUSES).nullable(),
  bookingId: Id.nullable(),
  /** The visit's own job (its page has the booking, the review and any dispute). */
  jobId: Id.nullable(),
  bookingStatus: z.string().max(20).nullable(),
  pricePence: z.number().int(),
  money: z.object({
    state: z.enum(VISIT_MONEY_STATES),
    chargeDueOn: CalendarDate,
    attempts: z.number().int(),
    nextAttemptAt: Timestamp.nullable(),
    lastError: z.string().max(500).nullable(),
    paidAt: Timestamp.nullable(),
    heldUntil: Timestamp.nullable(),
    releasedAt: Timestamp.nullable(),
    /** For the customer, while the bank asks them to authenticate: where to do it. */
    actionUrl: z.string().max(2000).nullable(),
  }),
  canSkip: z.boolean(),
});
export type VisitView = z.infer<typeof VisitView>;

export const SubscriptionView = z.object({
  id: Id,
  status: z.enum(SUBSCRIPTION_STATUSES),
  pauseReason: z.enum(PAUSE_REASONS).nullable(),
  /** The caller's side of the plan. */
  role: z.enum(['customer', 'tradesperson']),
  customer: PersonRef,
  tradesperson: PersonRef.extend({ businessName: z.string().max(200).nullable() }),
  requestMessage: z.string().max(R.requestMessageMax),
  category: z.string().max(100),
  /** The outward code until the plan is active, then the full postcode (as for bookings). */
  postcode: Postcode,
  title: z.string().max(R.titleMax).nullable(),
  description: z.string().max(R.descriptionMax).nullable(),
  pricePerVisitPence: z.number().int().nullable(),
  frequency: z.enum(FREQUENCIES).nullable(),
  startDate: CalendarDate.nullable(),
  pendingPricePence: z.number().int().nullable(),
  /** The customer's card the visits are charged to (the customer's view only). */
  card: z.object({ brand: z.string().max(20), last4: z.string().max(4) }).nullable(),
  nextVisitDate: CalendarDate.nullable(),
  /** After a cancellation: the last visit that still goes ahead (null: none). */
  lastVisitDate: CalendarDate.nullable(),
  sourceBookingId: Id.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** Booked and skipped visits, newest last, then the next few not booked yet. */
  visits: z.array(VisitView).max(400),
});
export type SubscriptionView = z.infer<typeof SubscriptionView>;

export const SubscriptionsResponse = z.object({ subscriptions: z.array(SubscriptionView).max(200) });

/** Answer of a visit's charge by the customer (a retry, or after authentication). */
export const VisitChargeResponse = z.object({
  status: z.enum(['paid', 'processing', 'requires_action', 'failed']),
  actionUrl: z.string().max(2000).nullable(),
  clientSecret: z.string().max(500).nullable(),
  message: z.string().max(500).nullable(),
  subscription: SubscriptionView,
});
export type VisitChargeResponse = z.infer<typeof VisitChargeResponse>;
