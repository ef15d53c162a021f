import { londonToday } from '../../../domain/marketplace/schemas';
import type { SubscriptionView, VisitView } from '../../../domain/subscriptions/api';
import {
  chargeDueOn,
  type Frequency,
  nominalVisitDate,
  outsideNotice,
  type PauseReason,
  type SubscriptionStatus,
  type VisitStatus,
} from '../../../domain/subscriptions/rules';
import type { PlanRow, PlanWithParties, VisitPayment, VisitRow } from './subscriptions.repository';

// A plan as its two parties see it (SubscriptionView): terms, the caller's side, its visits with
// where each visit's money is. Internal columns (the card's row, attempts' keys) never leave here.

export type Role = 'customer' | 'tradesperson';

/** How many visits not booked yet a plan's page shows after its booked ones. */
const UPCOMING_SHOWN = 3;

export interface PlanFacts {
  bookings: Map<string, { jobId: string; status: string; depositPaid: boolean }>;
  payments: Map<string, VisitPayment>;
  /** Where the customer authenticates a visit's charge, by visit id (the customer's view only). */
  actionUrls: Map<string, string>;
  now: Date;
}

function moneyState(visit: VisitRow, payment: VisitPayment | undefined): VisitView['money']['state'] {
  if (visit.status !== 'booked') return payment?.status === 'refunded' ? 'refunded' : 'not_charged';
  switch (payment?.status) {
    case 'processing':
      return 'processing';
    case 'requires_action':
      return 'requires_action';
    case 'failed':
      return 'failed';
    case 'refunded':
      return 'refunded';
    case 'succeeded':
      return payment.releasedAt ? 'released' : 'held';
    default:
      return 'not_due';
  }
}

/** Whether a visit can still be skipped: the plan is active, it is far enough ahead and not charged. */
function skippable(plan: PlanRow, date: string, today: string, payment: VisitPayment | undefined) {
  return plan.status === 'active' && outsideNotice(date, today) && (!payment || payment.status === 'failed');
}

function bookedVisitView(plan: PlanRow, v: VisitRow, facts: PlanFacts, today: string): VisitView {
  const booking = v.bookingId ? facts.bookings.get(v.bookingId) : undefined;
  const payment = v.bookingId ? facts.payments.get(v.bookingId) : undefined;
  const state = moneyState(v, payment);
  return {
    id: v.id,
    nominalDate: v.nominalDate,
    date: v.visitDate,
    status: v.status as VisitStatus,
    bookingId: v.bookingId,
    jobId: booking?.jobId ?? null,
    bookingStatus: booking?.status ?? null,
    pricePence: v.pricePence,
    money: {
      state,
      chargeDueOn: chargeDueOn(v.visitDate),
      attempts: v.chargeAttempts,
      nextAttemptAt: v.nextChargeAt?.toISOString() ?? null,
      lastError: v.lastChargeError,
      paidAt: payment?.paidAt?.toISOString() ?? null,
      heldUntil: payment?.heldUntil?.toISOString() ?? null,
      releasedAt: payment?.releasedAt?.toISOString() ?? null,
      actionUrl: state === 'requires_action' ? (facts.actionUrls.get(v.id) ?? null) : null,
    },
    canSkip: v.status === 'booked' && skippable(plan, v.visitDate, today, payment),
  };
}

/** The next visits not booked yet: active plans, and a cancelled plan's up to its last date. */
function upcomingVisits(plan: PlanRow, visits: VisitRow[], today: string): VisitView[] {
  if (!plan.startDate || !plan.frequency || !plan.pricePerVisitPence) return [];
  if (plan.status !== 'active' && !(plan.status === 'cancelled' && plan.endsOn)) return [];
  const present = new Set(visits.map((v) => v.nominalDate));
  const out: VisitView[] = [];
  for (let n = plan.nextVisitIndex; out.length < UPCOMING_SHOWN && n < plan.nextVisitIndex + 50; n++) {
    const date = nominalVisitDate(plan.startDate, plan.frequency as Frequency, n);
    if (plan.status === 'cancelled' && date > plan.endsOn!) break;
    if (present.has(date)) continue;
    out.push({
      id: null,
      nominalDate: date,
      date,
      status: null,
      bookingId: null,
      jobId: null,
      bookingStatus: null,
      pricePence: plan.pricePerVisitPence,
      money: {
        state: 'not_due',
        chargeDueOn: chargeDueOn(date),
        attempts: 0,
        nextAttemptAt: null,
        lastError: null,
        paidAt: null,
        heldUntil: null,
        releasedAt: null,
        actionUrl: null,
      },
      canSkip: skippable(plan, date, today, undefined),
    });
  }
  return out;
}

/** The outward code ('SW1A') until the plan is agreed; the full postcode from then on. */
const shownPostcode = (plan: PlanRow) =>
  plan.status === 'active' || plan.status === 'paused' || plan.status === 'cancelled'
    ? plan.postcode
    : plan.postcode.split(' ')[0]!;

export function subscriptionView(
  plan: PlanWithParties,
  role: Role,
  visits: VisitRow[],
  facts: PlanFacts,
): SubscriptionView {
  const today = londonToday(facts.now);
  const own = visits.filter((v) => v.subscriptionId === plan.id);
  const shown = [
    ...own.map((v) => bookedVisitView(plan, v, facts, today)),
    ...upcomingVisits(plan, own, today),
  ];
  const next = shown.find((v) => v.status !== 'skipped' && v.status !== 'cancelled' && v.date >= today);
  return {
    id: plan.id,
    status: plan.status as SubscriptionStatus,
    pauseReason: (plan.pauseReason as PauseReason | null) ?? null,
    role,
    customer: { id: plan.customerId, name: plan.customerName },
    tradesperson: { id: plan.tradespersonId, name: plan.tradespersonName, businessName: plan.businessName },
    requestMessage: plan.requestMessage,
    category: plan.category,
    postcode: shownPostcode(plan),
    title: plan.title,
    description: plan.description,
    pricePerVisitPence: plan.pricePerVisitPence,
    frequency: (plan.frequency as Frequency | null) ?? null,
    startDate: plan.startDate,
    pendingPricePence: plan.pendingPricePence,
    card: role === 'customer' ? plan.card : null,
    nextVisitDate: plan.status === 'active' || plan.status === 'cancelled' ? (next?.date ?? null) : null,
    lastVisitDate: plan.status === 'cancelled' ? plan.endsOn : null,
    sourceBookingId: plan.sourceBookingId,
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
    visits: shown.slice(-400),
  };
}
