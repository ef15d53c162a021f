// What a plan and its visits say on the page, in words (nothing is told by colour alone). Tests assert
// these words.
import { londonToday } from '@domain/marketplace/schemas';
import type { SubscriptionView, VisitView } from '@domain/subscriptions/api';
import { SUBSCRIPTION_RULES as R, type SubscriptionStatus } from '@domain/subscriptions/rules';
import { formatDateOnly, formatLocalDate } from '@/lib/format';

export const TEXTS = {
  title: 'Subscriptions',
  loadFailed: 'Failed to load your repeat services',
  emptyTitle: 'No repeat services yet',
  emptyCustomer:
    'Gardening every fortnight or the boiler serviced every year: after a completed booking, or from a tradesperson’s profile, choose ‘Ask for a repeat service’ and they propose a plan.',
  emptyTradesperson:
    'When a customer asks you for a repeat service, the request shows here for you to propose a plan.',
  skipNotice: `Visits less than ${R.noticeDays + 1} days away go ahead and are charged as usual.`,
} as const;

export type PlanGroup = 'yours' | 'theirs' | 'active' | 'paused' | 'ended';

export const GROUP_TITLES: Record<PlanGroup, string> = {
  yours: 'Waiting for you',
  theirs: 'Waiting for an answer',
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
};

export const GROUP_ORDER: readonly PlanGroup[] = ['yours', 'theirs', 'active', 'paused', 'ended'];

/** A booked visit whose charge failed or waits for the bank: the customer can pay it now. */
export const canPay = (visit: VisitView) =>
  visit.status === 'booked' &&
  visit.id !== null &&
  (visit.money.state === 'failed' || visit.money.state === 'requires_action');

/** Whether the plan waits for the viewer: a proposal to make, a plan or a new price to answer, a visit to pay. */
export function waitsForMe(plan: SubscriptionView): boolean {
  if (plan.status === 'requested') return plan.role === 'tradesperson';
  if (plan.status === 'proposed') return plan.role === 'customer';
  if (plan.role !== 'customer' || (plan.status !== 'active' && plan.status !== 'paused')) return false;
  return (plan.status === 'active' && plan.pendingPricePence !== null) || plan.visits.some(canPay);
}

export function groupOf(plan: SubscriptionView): PlanGroup {
  if (waitsForMe(plan)) return 'yours';
  switch (plan.status) {
    case 'requested':
    case 'proposed':
      return 'theirs';
    case 'active':
      return 'active';
    case 'paused':
      return 'paused';
    default:
      return 'ended';
  }
}

/** The plan's other party, by name (the business name for a tradesperson who has one). */
export function otherParty(plan: SubscriptionView): string {
  return plan.role === 'customer'
    ? (plan.tradesperson.businessName ?? plan.tradesperson.name)
    : plan.customer.name;
}

/** The plan's status in words, from the viewer's side. */
export function statusWords(plan: SubscriptionView): string {
  const mine = plan.role;
  const words: Record<SubscriptionStatus, string> = {
    requested:
      mine === 'customer' ? 'Asked for: waiting for a proposal' : 'Asked for: waiting for your proposal',
    proposed:
      mine === 'customer' ? 'Proposed: waiting for your answer' : 'Proposed: waiting for the customer',
    active: 'Active',
    paused: 'Paused',
    cancelled: 'Cancelled',
    declined: 'Declined',
  };
  return words[plan.status];
}

/** Why a paused plan is paused, from the viewer's side. */
export function pauseWords(plan: SubscriptionView): string | null {
  if (plan.status !== 'paused' || !plan.pauseReason) return null;
  if (plan.pauseReason === 'payment_failed') {
    return 'Paused because a visit’s payment failed after every retry. No visits are booked until it is resumed.';
  }
  return plan.pauseReason === plan.role ? 'Paused by you.' : `Paused by ${otherParty(plan)}.`;
}

/** A calendar date ('YYYY-MM-DD') as '9 Dec 2026'. */
export const day = (date: string) => formatDateOnly(date, 'short');

/** Where a visit's money is, in the words the page shows (with its dates). */
export function moneyWords(visit: VisitView, role: SubscriptionView['role']): string {
  const m = visit.money;
  switch (m.state) {
    case 'not_due':
      // Its day has come: the scheduled charging job takes it within minutes.
      return m.chargeDueOn <= londonToday()
        ? 'Due — charged shortly'
        : `Not due yet — charged on ${day(m.chargeDueOn)}`;
    case 'processing':
      return 'Charging';
    case 'requires_action':
      return role === 'customer' ? 'Needs your authentication' : 'Waiting for the customer to authenticate';
    case 'failed':
      return m.nextAttemptAt
        ? `Payment failed — retrying on ${formatLocalDate(m.nextAttemptAt)}`
        : 'Payment failed — not retried';
    case 'held':
      // The protection window starts when the tradesperson marks the visit done.
      return m.heldUntil
        ? `Held in escrow until ${formatLocalDate(m.heldUntil)}`
        : 'Held in escrow until the visit is done';
    case 'released':
      return 'Released';
    case 'refunded':
      return 'Refunded';
    case 'not_charged':
      return 'Not charged';
  }
}

const BOOKING_WORDS: Record<string, string> = {
  pending: 'Booked',
  confirmed: 'Booked',
  completed: 'Completed',
  disputed: 'Disputed',
  cancelled: 'Cancelled',
};

/** The visit's own state: not booked yet, booked (its booking's status), skipped or cancelled. */
export function visitWords(visit: VisitView): string {
  if (visit.status === null) return 'Not booked yet';
  if (visit.status === 'skipped') return 'Skipped';
  if (visit.status === 'cancelled') return 'Cancelled';
  return (visit.bookingStatus && BOOKING_WORDS[visit.bookingStatus]) ?? 'Booked';
}
