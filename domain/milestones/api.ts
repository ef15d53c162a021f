import { z } from 'zod';
import { MILESTONE_STATUSES, PLAN_STATUSES } from '../catalog/statuses';
import { CalendarDate, Id, JobTitle, PersonName, ServerText, Text, Timestamp, unbounded } from '../fields';
import { londonToday } from '../marketplace/schemas';
import { MILESTONE_MESSAGES as M, MILESTONE_RULES as R } from './messages';
import { planIssues } from './rules';

// The milestone payments API contract (docs/api/milestones.md). Money is integer pence, dates
// 'YYYY-MM-DD', times ISO strings. The server validates and serializes with these schemas; the web
// imports their types only.

// ---- The plan ----

/** The fields a plan's item and an accepted milestone share, as the API writes them. */
const milestoneTerms = {
  index: z.number().int(),
  title: z.string().max(R.titleMax * 2),
  description: z
    .string()
    .max(R.descriptionMax * 2)
    .nullable(),
  amountPence: z.number().int(),
};

export const PlanItem = z.object({
  title: z
    .string()
    .trim()
    .max(R.titleMax * 2),
  description: z
    .string()
    .trim()
    .max(R.descriptionMax * 2)
    .nullish(),
  amountPence: z.number().int(M.amountInvalid),
  dueDate: z.string().max(20),
});
export type PlanItem = z.infer<typeof PlanItem>;

/**
 * The tradesperson's proposal. The booking amount is not known to the schema, so the sum is checked
 * by the service with the same `planIssues`; the schema checks everything else.
 */
export function proposePlanSchema(today: () => string = () => londonToday()) {
  return z.object({ milestones: z.array(PlanItem).max(R.maxMilestones * 2) }).superRefine((body, ctx) => {
    for (const issue of planIssues(body.milestones, { bookingAmountPence: -1, today: today() })) {
      // The sum is the service's to check (it knows the booking's amount).
      if (issue.path.length === 1 && issue.message.startsWith('Milestone amounts')) continue;
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
}
export const ProposePlanBody = proposePlanSchema();
export type ProposePlanBody = z.infer<typeof ProposePlanBody>;

/** Accept or decline names the plan the customer saw, so a plan changed meanwhile is not agreed to. */
export const DecidePlanBody = z.object({
  planId: z.uuid(M.planNotFound),
  reason: z.string().trim().max(R.declineReasonMax, M.declineReasonLong).optional(),
});

export const PlanView = z.object({
  id: Id,
  status: z.enum(PLAN_STATUSES),
  proposedAt: Timestamp,
  decidedAt: Timestamp.nullable(),
  declineReason: z.string().max(R.declineReasonMax).nullable(),
  /** A revision of an accepted plan (the accepted one stays until the customer accepts this). */
  revision: z.boolean(),
  milestones: z
    .array(
      z.object({
        ...milestoneTerms,
        platformFeePence: z.number().int(),
        dueDate: CalendarDate,
      }),
    )
    // A plan of more is refused when proposed (planIssues).
    .max(R.maxMilestones),
});
export type PlanView = z.infer<typeof PlanView>;

// ---- The milestones of an accepted plan ----

export const MilestoneView = z.object({
  id: Id,
  ...milestoneTerms,
  /** The 15% fee taken from it when released (platform_fee_amount). */
  platformFeePence: z.number().int(),
  dueDate: CalendarDate.nullable(),
  status: z.enum(MILESTONE_STATUSES),
  paidAt: Timestamp.nullable(),
  /** When the tradesperson marked the work of this milestone done. */
  doneAt: Timestamp.nullable(),
  /** Held until then unless the customer approves it first (set when marked done). */
  releaseDueAt: Timestamp.nullable(),
  releasedAt: Timestamp.nullable(),
  /** The provider's reason the last charge failed ('Your card was declined.'). */
  lastError: Text.nullable(),
  /** A charge is waiting for the customer's bank authentication. */
  awaitingAuthentication: z.boolean(),
  canPay: z.boolean(),
  canMarkDone: z.boolean(),
  canApprove: z.boolean(),
});
export type MilestoneView = z.infer<typeof MilestoneView>;

export const BookingMilestonesView = z.object({
  bookingId: Id,
  jobId: Id,
  jobTitle: JobTitle,
  bookingStatus: Text,
  /** The booking's agreed amount: a plan's milestones add up to it exactly. */
  bookingAmountPence: z.number().int(),
  viewer: z.enum(['customer', 'tradesperson', 'admin']),
  customerName: PersonName.nullable(),
  tradespersonName: PersonName.nullable(),
  /** The plan in force, if one was accepted. */
  plan: PlanView.nullable(),
  /** A proposal waiting for the customer (a first plan, or a revision of the accepted one). */
  proposal: PlanView.nullable(),
  /** The last proposal the customer declined, when nothing newer exists (its reason is shown). */
  declined: PlanView.nullable(),
  milestones: unbounded(MilestoneView, 'every milestone of the booking'),
  totals: z.object({
    totalPence: z.number().int(),
    paidPence: z.number().int(),
    remainingPence: z.number().int(),
  }),
  /** A dispute freezes every milestone still held, and stops new charges. */
  frozen: z.boolean(),
  /** The tradesperson may propose (or revise) a plan now. */
  canPropose: z.boolean(),
  /** Why not, when the viewer is the tradesperson and cannot. */
  proposeBlockedReason: ServerText.nullable(),
});
export type BookingMilestonesView = z.infer<typeof BookingMilestonesView>;
export const BookingMilestonesResponse = z.object({ milestones: BookingMilestonesView });

// ---- charge-milestone (spec section 7) ----

export const ChargeMilestoneBody = z.object({
  milestoneId: z.uuid(M.milestoneNotFound),
  /** One of the customer's saved cards; omitted: the default card. */
  paymentMethodId: z.uuid(M.paymentMethodNotFound).optional(),
});

/**
 * success: paid and held. requiresAction: the bank asks the customer to authenticate; the browser
 * completes it (the sandbox's challenge page at `actionUrl`, or Stripe.js with `clientSecret`), then
 * calls confirm.
 */
export const ChargeMilestoneResponse = z.object({
  success: z.boolean(),
  requiresAction: z.boolean(),
  clientSecret: Text.nullable(),
  actionUrl: Text.nullable(),
  milestones: BookingMilestonesView,
});
export type ChargeMilestoneResponse = z.infer<typeof ChargeMilestoneResponse>;

/** After the authentication: asks the provider how the charge ended and books it. */
export const ConfirmMilestoneResponse = z.object({
  status: z.enum(['paid', 'failed', 'requires_action', 'processing']),
  /** When failed: the provider's reason. */
  message: Text.nullable(),
  milestones: BookingMilestonesView,
});
export type ConfirmMilestoneResponse = z.infer<typeof ConfirmMilestoneResponse>;

// ---- Saved cards (Payment Methods; create-setup-intent, spec section 7) ----

export const PaymentMethodView = z.object({
  id: Id,
  brand: Text,
  last4: z.string().max(4),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  expired: z.boolean(),
  createdAt: Timestamp,
});
export type PaymentMethodView = z.infer<typeof PaymentMethodView>;

export const PaymentMethodsResponse = z.object({
  paymentMethods: unbounded(PaymentMethodView, 'every card the customer saved'),
  /** Which card form to show: the sandbox's own, or Stripe Elements. */
  provider: z.enum(['sandbox', 'stripe']),
  /** Stripe's publishable key (null for the sandbox). */
  publishableKey: Text.nullable(),
});
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>;

export const SetupIntentResponse = z.object({
  setupIntentId: Text,
  clientSecret: Text,
  provider: z.enum(['sandbox', 'stripe']),
  publishableKey: Text.nullable(),
  /** Where the provider sends the browser when the card is set up. */
  returnUrl: Text,
});
export type SetupIntentResponse = z.infer<typeof SetupIntentResponse>;

/** On return to /payment-methods: the setup intent named in the address, saved if it succeeded. */
export const ConfirmSetupBody = z.object({ setupIntentId: z.string().trim().min(1).max(255) });
export const ConfirmSetupResponse = z.object({
  status: z.enum(['saved', 'requires_action', 'failed', 'processing']),
  message: Text.nullable(),
  paymentMethods: unbounded(PaymentMethodView, 'every card the customer saved'),
});
export type ConfirmSetupResponse = z.infer<typeof ConfirmSetupResponse>;

// ---- The sandbox provider's card setup and authentication pages ----

export const SandboxSetupConfirmBody = z.object({
  clientSecret: z.string().max(255),
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(8),
  name: z.string().trim().max(100).optional(),
});

export const SandboxIntentView = z.object({
  id: Text,
  kind: z.enum(['payment', 'setup']),
  /** Payments only. */
  amountPence: z.number().int().nullable(),
  description: Text.nullable(),
  card: z.object({ brand: Text, last4: z.string().max(4) }).nullable(),
  awaitingAuthentication: z.boolean(),
  /** Where the browser goes when the authentication ends, either way. */
  returnUrl: Text,
});
export type SandboxIntentView = z.infer<typeof SandboxIntentView>;

export const SandboxSetupConfirmResponse = z.object({
  outcome: z.enum(['succeeded', 'requires_action']),
  /** succeeded: the return URL (/payment-methods?setup_intent=…); requires_action: the challenge page. */
  redirectUrl: Text,
});

/** The challenge's answer, either way: the browser returns to the app, which asks how it ended. */
export const SandboxIntentChallengeResponse = z.object({
  outcome: z.enum(['succeeded', 'failed']),
  redirectUrl: Text,
});
