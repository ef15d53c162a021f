import { eq, inArray } from 'drizzle-orm';
import type { DomainEvent, DomainEventPayloads } from '../../../domain/events/catalog';
import { formatPence } from '../../../domain/payments/money';
import type { Executor } from '../../db/client';
import { bookings, payments, profiles, subscriptions } from '../../db/schema';
import type { NotificationPlan } from './notification-rules';

// Who is told of a subscription event, and what (docs/api/notifications.md, "Subscriptions"). Each
// notification reads its own facts (the plan's title, both names); the actor is never told of their
// own step (notifications.service drops it). Emails are governed by 'Quote updates', the switch for
// news about one's quotes and bookings, which a plan's visits are.

interface PlanFacts {
  title: string;
  customerName: string;
  tradespersonName: string;
}

async function planFacts(tx: Executor, planId: string): Promise<PlanFacts | undefined> {
  const [plan] = await tx
    .select({
      title: subscriptions.title,
      category: subscriptions.category,
      customerId: subscriptions.customerId,
      tradespersonId: subscriptions.tradespersonId,
    })
    .from(subscriptions)
    .where(eq(subscriptions.id, planId));
  if (!plan) return undefined;
  const names = new Map(
    (
      await tx
        .select({ id: profiles.id, name: profiles.fullName })
        .from(profiles)
        .where(inArray(profiles.id, [plan.customerId, plan.tradespersonId]))
    ).map((p) => [p.id, p.name?.trim() || null]),
  );
  return {
    title: plan.title ?? `${plan.category} repeat service`,
    customerName: names.get(plan.customerId) ?? 'The customer',
    tradespersonName: names.get(plan.tradespersonId) ?? 'The tradesperson',
  };
}

const dayText = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

type Payloads = DomainEventPayloads;
const planLink = (p: { subscriptionId: string }) => `/subscriptions?plan=${p.subscriptionId}`;

function tell(userId: string, title: string, body: string, link: string): NotificationPlan {
  return { userId, title, body, link, email: 'quoteUpdates' };
}

/** Both sides, each told in its own words, with the plan's link. */
function both(
  p: Payloads['subscription.accepted'],
  customer: [string, string],
  tradesperson: [string, string],
) {
  return [tell(p.customerId, ...customer, planLink(p)), tell(p.tradespersonId, ...tradesperson, planLink(p))];
}

/** The other side of an actor's step (notifications.service drops the actor), said the same way. */
const otherSide = (p: Payloads['subscription.accepted'], title: string, body: string) => [
  tell(p.customerId, title, body, planLink(p)),
  tell(p.tradespersonId, title, body, planLink(p)),
];

async function visitJobLink(tx: Executor, bookingId: string) {
  const [b] = await tx.select({ jobId: bookings.jobId }).from(bookings).where(eq(bookings.id, bookingId));
  return b ? `/job/${b.jobId}` : '/subscriptions';
}

/** Whether a failed attempt is the bank asking the customer to authenticate (not a refusal). */
async function waitsForBank(tx: Executor, bookingId: string) {
  const rows = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.bookingId, bookingId));
  return rows.some((r) => r.status === 'requires_action');
}

async function chargeFailed(tx: Executor, p: Payloads['subscription.charge_failed'], f: PlanFacts) {
  const pay = `/subscriptions?plan=${p.subscriptionId}&visit=${p.visitId}`;
  const bank = await waitsForBank(tx, p.bookingId);
  const next = p.retryAt
    ? ` We will try again on ${new Date(p.retryAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'Europe/London' })}.`
    : ' It was the last attempt: the visit is called off and the plan paused until you resume it.';
  const customerBody = bank
    ? `Your bank asks you to confirm the payment for the next visit of '${f.title}'.${next}`
    : `The payment for the next visit of '${f.title}' did not go through.${next} You can pay now from your plans.`;
  return [
    tell(p.customerId, bank ? 'Confirm your visit payment' : 'Visit payment failed', customerBody, pay),
    tell(
      p.tradespersonId,
      'Visit payment not taken yet',
      p.retryAt
        ? `${f.customerName}'s payment for the next visit of '${f.title}' has not gone through yet; it is tried again.`
        : `${f.customerName}'s payment for the next visit of '${f.title}' failed three times: the visit is called off and the plan paused.`,
      planLink(p),
    ),
  ];
}

/** The plans of one event, from its payload and the plan's facts. */
async function planOf(tx: Executor, event: DomainEvent, f: PlanFacts): Promise<NotificationPlan[]> {
  const t = `'${f.title}'`;
  switch (event.type) {
    case 'subscription.requested': {
      const p = event.payload;
      return [
        tell(
          p.tradespersonId,
          'Repeat service requested',
          `${f.customerName} asks you for a repeat service. Propose a plan.`,
          planLink(p),
        ),
      ];
    }
    case 'subscription.proposed': {
      const p = event.payload;
      return [
        tell(
          p.customerId,
          'Plan proposed',
          `${f.tradespersonName} proposed ${t}. Accept it with a saved card.`,
          planLink(p),
        ),
      ];
    }
    case 'subscription.accepted': {
      const p = event.payload;
      return [
        tell(
          p.tradespersonId,
          'Plan accepted',
          `${f.customerName} accepted ${t}. Visits are booked 14 days ahead.`,
          planLink(p),
        ),
      ];
    }
    case 'subscription.declined':
      return otherSide(event.payload, 'Plan declined', `The repeat service ${t} was declined.`);
    case 'subscription.paused': {
      const p = event.payload;
      if (p.reason === 'payment_failed')
        return both(
          p,
          ['Plan paused', `${t} is paused: the last payment attempt failed. Check your card and resume it.`],
          ['Plan paused', `${t} with ${f.customerName} is paused: their payment failed.`],
        );
      return otherSide(p, 'Plan paused', `${t} is paused. Visits more than 3 days away are called off.`);
    }
    case 'subscription.resumed':
      return otherSide(event.payload, 'Plan resumed', `${t} is active again.`);
    case 'subscription.visit_skipped': {
      const p = event.payload;
      return otherSide(p, 'Visit skipped', `The visit of ${t} on ${dayText(p.visitDate)} is skipped.`);
    }
    case 'subscription.price_proposed': {
      const p = event.payload;
      return [
        tell(
          p.customerId,
          'New price proposed',
          `${f.tradespersonName} proposes ${formatPence(p.pricePence)} a visit for ${t}.`,
          planLink(p),
        ),
      ];
    }
    case 'subscription.price_accepted':
    case 'subscription.price_declined': {
      const p = event.payload;
      const word = event.type === 'subscription.price_accepted' ? 'accepted' : 'declined';
      return [
        tell(
          p.tradespersonId,
          `New price ${word}`,
          `${f.customerName} ${word} ${formatPence(p.pricePence)} a visit for ${t}.`,
          planLink(p),
        ),
      ];
    }
    case 'subscription.cancelled': {
      const p = event.payload;
      const last = p.endsOn ? ` The last visit is on ${dayText(p.endsOn)}.` : ' There are no more visits.';
      return otherSide(p, 'Plan cancelled', `${t} is cancelled.${last}`);
    }
    case 'subscription.visit_booked': {
      const p = event.payload;
      const link = await visitJobLink(tx, p.bookingId);
      const day = dayText(p.visitDate);
      return both(
        p,
        ['Visit booked', `The next visit of ${t} is booked for ${day}. It is paid 3 days before.`],
        ['Visit booked', `The next visit of ${t} with ${f.customerName} is on ${day}.`],
      ).map((n) => ({ ...n, link }));
    }
    case 'subscription.visit_charged': {
      const p = event.payload;
      const link = await visitJobLink(tx, p.bookingId);
      return both(
        p,
        ['Visit paid', `The next visit of ${t} is paid and held safely until the work is done.`],
        ['Visit paid', `${f.customerName}'s payment for the next visit of ${t} is held in escrow.`],
      ).map((n) => ({ ...n, link }));
    }
    case 'subscription.charge_failed':
      return chargeFailed(tx, event.payload, f);
    default:
      return [];
  }
}

/** Who is told of a subscription event, and what. */
export async function planSubscriptionNotifications(
  tx: Executor,
  event: DomainEvent,
): Promise<NotificationPlan[]> {
  if (!('subscriptionId' in event.payload)) return [];
  const facts = await planFacts(tx, event.payload.subscriptionId);
  return facts ? planOf(tx, event, facts) : [];
}
