import {
  DOMAIN_EVENT_TYPES,
  type DomainEvent,
  type DomainEventOf,
  type DomainEventPayloads,
  type DomainEventType,
} from '../../../domain/events/catalog';
import type { EmailSwitch } from '../../../domain/notifications/schemas';
import { formatPence } from '../../../domain/payments/money';

/** What a notification about an event needs to say, read from the database when the event is handled. */
export interface EventFacts {
  jobTitle: string;
  customerName: string | null;
  tradespersonName: string | null;
  quoteAmountPence: number | null;
}

/** One person told about one event: the in-app notification, and the switch that governs its email. */
export interface NotificationPlan {
  userId: string;
  title: string;
  body: string;
  /** A path in the web app. */
  link: string;
  /**
   * Which switch governs its email; 'always' for news about money frozen or moved by a dispute (sent
   * whatever the switches say, like account news); null for in-app only (its email goes another way).
   */
  email: EmailSwitch | 'always' | null;
  /** Told even though they acted: the raiser's own record that their dispute was received. */
  evenIfActor?: boolean;
}

/** '30 Nov 2026': the day a held payment is released, in UK time. */
const dayText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

/** 'Tuesday, 8 December 2026': a booking's calendar date ('YYYY-MM-DD'), which has no time zone. */
const calendarDayText = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The name of one of the booking's two parties. */
const nameOf = (f: EventFacts, parties: { customerId: string }, userId: string) =>
  userId === parties.customerId ? customer(f) : tradesperson(f);
const customer = (f: EventFacts) => f.customerName?.trim() || 'The customer';
const tradesperson = (f: EventFacts) => f.tradespersonName?.trim() || 'A tradesperson';
const amount = (f: EventFacts) =>
  f.quoteAmountPence === null ? '' : ` of ${formatPence(f.quoteAmountPence)}`;

/** Plans the notifications of one type of event from its payload. */
type Planner<T extends DomainEventType> = (payload: DomainEventPayloads[T], said: Said) => NotificationPlan[];
/** What a notification says of the job and its parties; `job` is the job's title, quoted. */
interface Said {
  facts: EventFacts;
  job: string;
}
type Planners = { [T in DomainEventType]: Planner<T> };

const nobody = () => [];

/** The tradesperson told that the customer accepted or declined their milestone plan. */
function planDecision(
  p: DomainEventPayloads['milestone.plan_accepted'],
  { facts, job }: Said,
  accepted: boolean,
): NotificationPlan[] {
  const { tradespersonId, bookingId } = p;
  return [
    {
      userId: tradespersonId,
      title: `${customer(facts)} ${accepted ? 'accepted' : 'declined'} your milestone plan for ${job}`,
      body: accepted
        ? 'The customer can now pay each milestone. Mark each one done when its work is finished.'
        : 'You can propose a different plan from the booking.',
      link: `/booking-milestones/${bookingId}`,
      email: 'quoteUpdates',
    },
  ];
}

const quotePlanners: Pick<
  Planners,
  'quote.received' | 'quote.edited' | 'quote.withdrawn' | 'quote.accepted' | 'quote.rejected'
> = {
  'quote.received': (p, { facts, job }) => {
    const { customerId, jobId } = p;
    return [
      {
        userId: customerId,
        title: `New quote for ${job}`,
        body: `${tradesperson(facts)} sent you a quote${amount(facts)}.`,
        link: `/job/${jobId}`,
        email: 'quoteUpdates',
      },
    ];
  },
  'quote.edited': (p, { facts, job }) => {
    const { customerId, jobId } = p;
    return [
      {
        userId: customerId,
        title: `${tradesperson(facts)} revised their quote for ${job}`,
        body: `The quote is now${facts.quoteAmountPence === null ? '' : ` ${formatPence(facts.quoteAmountPence)}`}: see what changed on the job page.`,
        link: `/job/${jobId}`,
        email: 'quoteUpdates',
      },
    ];
  },
  'quote.withdrawn': (p, { facts, job }) => {
    const { customerId, jobId } = p;
    return [
      {
        userId: customerId,
        title: `Quote withdrawn for ${job}`,
        body: `${tradesperson(facts)} withdrew their quote.`,
        link: `/job/${jobId}`,
        email: 'quoteUpdates',
      },
    ];
  },
  'quote.accepted': (p, { facts, job }) => {
    const { tradespersonId } = p;
    return [
      {
        userId: tradespersonId,
        title: `Quote accepted for ${job}`,
        body: `${customer(facts)} accepted your quote${amount(facts)}. The job is now in My Bookings.`,
        link: '/my-jobs',
        email: 'quoteUpdates',
      },
    ];
  },
  'quote.rejected': (p, { facts, job }) => {
    const { tradespersonId, jobId, reason } = p;
    return [
      {
        userId: tradespersonId,
        title: `Quote not accepted for ${job}`,
        body:
          reason === 'job_cancelled'
            ? `${customer(facts)} cancelled the job, so your quote is closed.`
            : `${customer(facts)} chose another quote for this job.`,
        link: `/job/${jobId}`,
        email: 'quoteUpdates',
      },
    ];
  },
};

const bookingPlanners: Pick<
  Planners,
  'booking.created' | 'booking.confirmed' | 'booking.declined' | 'booking.cancelled' | 'booking.completed'
> = {
  'booking.created': (p, { facts, job }) => {
    // A confirmed booking comes from Accept, and quote.accepted already tells the tradesperson.
    if (p.status !== 'pending') return [];
    return [
      {
        userId: p.tradespersonId,
        title: `Booking request for ${job}`,
        body: `${customer(facts)} wants to book you. Please confirm or decline the booking.`,
        link: '/my-jobs',
        email: 'quoteUpdates',
      },
    ];
  },
  'booking.confirmed': (p, { facts, job }) => {
    return [
      {
        userId: p.customerId,
        title: `Booking confirmed for ${job}`,
        body: `${tradesperson(facts)} confirmed your booking.`,
        link: '/my-jobs',
        email: 'quoteUpdates',
      },
    ];
  },
  'booking.declined': (p, { facts, job }) => {
    return [
      {
        userId: p.customerId,
        title: `Booking declined for ${job}`,
        body: `${tradesperson(facts)} declined your booking.`,
        link: '/my-jobs',
        email: 'quoteUpdates',
      },
    ];
  },
  'booking.cancelled': (p, { facts, job }) => {
    const { cancelledBy, customerId, tradespersonId } = p;
    const byCustomer = cancelledBy === 'customer';
    return [
      {
        userId: byCustomer ? tradespersonId : customerId,
        title: `Booking cancelled for ${job}`,
        body: `${byCustomer ? customer(facts) : tradesperson(facts)} cancelled the booking.`,
        link: '/my-jobs',
        email: 'quoteUpdates',
      },
    ];
  },
  'booking.completed': (p, { facts, job }) => {
    return [
      {
        userId: p.customerId,
        title: `Job marked complete: ${job}`,
        body: `${tradesperson(facts)} marked the job as complete.`,
        link: '/my-jobs',
        email: 'quoteUpdates',
      },
    ];
  },
};

/** The other party of a booking to `userId`. */
const otherParty = (p: { customerId: string; tradespersonId: string }, userId: string) =>
  userId === p.customerId ? p.tradespersonId : p.customerId;

/** Where the booking's date stands after a proposal was declined or withdrawn. */
const keptDate = (fromDate: string | null) =>
  fromDate ? `The booking stays on ${calendarDayText(fromDate)}.` : 'The booking keeps no agreed date yet.';

/** Proposals to move a booking (DOMAIN-RULES 12): the side that did not act is told. */
const reschedulePlanners: Pick<
  Planners,
  | 'booking.reschedule_proposed'
  | 'booking.reschedule_accepted'
  | 'booking.reschedule_declined'
  | 'booking.reschedule_withdrawn'
> = {
  'booking.reschedule_proposed': (p, { facts, job }) => {
    const { proposedBy, fromDate, toDate } = p;
    const from = fromDate ? ` from ${calendarDayText(fromDate)}` : '';
    return [
      {
        userId: otherParty(p, proposedBy),
        title: `${nameOf(facts, p, proposedBy)} proposed a new date for ${job}`,
        body: `They would like to move the booking${from} to ${calendarDayText(toDate)}. Accept or decline it on the booking.`,
        link: '/my-jobs',
        email: 'quoteUpdates',
      },
    ];
  },
  'booking.reschedule_accepted': (p, { facts, job }) => {
    const { proposedBy, toDate } = p;
    return [
      {
        userId: proposedBy,
        title: `${nameOf(facts, p, otherParty(p, proposedBy))} accepted the new date for ${job}`,
        body: `The booking is now on ${calendarDayText(toDate)}.`,
        link: '/my-jobs',
        email: 'quoteUpdates',
      },
    ];
  },
  'booking.reschedule_declined': (p, { facts, job }) => {
    const { proposedBy, fromDate, toDate } = p;
    return [
      {
        userId: proposedBy,
        title: `${nameOf(facts, p, otherParty(p, proposedBy))} declined the new date for ${job}`,
        body: `${calendarDayText(toDate)} does not suit them. ${keptDate(fromDate)}`,
        link: '/my-jobs',
        email: 'quoteUpdates',
      },
    ];
  },
  'booking.reschedule_withdrawn': (p, { facts, job }) => {
    const { proposedBy, fromDate, toDate } = p;
    return [
      {
        userId: otherParty(p, proposedBy),
        title: `${nameOf(facts, p, proposedBy)} withdrew the new date for ${job}`,
        body: `They no longer propose ${calendarDayText(toDate)}. ${keptDate(fromDate)}`,
        link: '/my-jobs',
        email: 'quoteUpdates',
      },
    ];
  },
};

/** The day before a confirmed booking: both sides, each told who they will see. */
function bookingReminder(
  p: DomainEventPayloads['booking.reminder'],
  { facts, job }: Said,
): NotificationPlan[] {
  const day = calendarDayText(p.scheduledDate);
  const title = `Reminder: ${job} is tomorrow`;
  return [
    {
      userId: p.customerId,
      title,
      body: `${tradesperson(facts)} is booked to come on ${day}.`,
      link: '/my-jobs',
      email: 'quoteUpdates',
    },
    {
      userId: p.tradespersonId,
      title,
      body: `You are booked for ${customer(facts)} on ${day}.`,
      link: '/my-jobs',
      email: 'quoteUpdates',
    },
  ];
}

const paymentPlanners: Pick<Planners, 'payment.succeeded' | 'payment.released' | 'payment.refunded'> = {
  'payment.succeeded': (p, { facts, job }) => {
    const { tradespersonId, amountPence, heldUntil } = p;
    if (p.changeId) return [];
    return [
      {
        userId: tradespersonId,
        title: `Payment received for ${job}`,
        body: `${customer(facts)} paid ${formatPence(amountPence)}. It is held in escrow until ${dayText(heldUntil)}, then released to you.`,
        link: '/tradesperson/payments',
        email: 'quoteUpdates',
      },
    ];
  },
  'payment.released': (p, { job }) => {
    const { tradespersonId, releasedPence, feePence } = p;
    return [
      {
        userId: tradespersonId,
        title: `Money released for ${job}`,
        body: `${formatPence(releasedPence - feePence)} is yours (${formatPence(releasedPence)} less the ${formatPence(feePence)} platform fee).`,
        link: '/tradesperson/payments',
        email: 'quoteUpdates',
      },
    ];
  },
  'payment.refunded': (p, { facts, job }) => {
    const { customerId, tradespersonId, refundedPence, jobId } = p;
    return [
      {
        userId: customerId,
        title: `Refund for ${job}`,
        body: `${formatPence(refundedPence)} is on its way back to your card.`,
        link: `/job/${jobId}`,
        email: 'quoteUpdates',
      },
      {
        userId: tradespersonId,
        title: `Refund for ${job}`,
        body: `${formatPence(refundedPence)} of the payment was refunded to ${customer(facts)}.`,
        link: '/tradesperson/payments',
        email: 'quoteUpdates',
      },
    ];
  },
};

const reviewPlanners: Pick<
  Planners,
  'review.submitted' | 'review.published' | 'review.replied' | 'review.hidden'
> = {
  'review.submitted': (p, { facts, job }) => {
    const { revieweeId, reviewerId, revealDueAt, publishesBoth } = p;
    // The reviewee reviewed first: 'Reviews published' tells them instead.
    if (publishesBoth) return [];
    return [
      {
        userId: revieweeId,
        title: `${nameOf(facts, p, reviewerId)} reviewed you for ${job}`,
        body: `Leave your review too to see theirs: both are published together, or on ${dayText(revealDueAt)} whatever happens.`,
        link: '/my-reviews',
        email: 'quoteUpdates',
      },
    ];
  },
  'review.published': (p, { job }) => {
    const { customerId, tradespersonId, reviewIds } = p;
    const body =
      reviewIds.length > 1
        ? 'You have both reviewed each other, so both reviews are now public.'
        : 'The review window has closed, so the review left for this job is now public.';
    return [customerId, tradespersonId].map((userId) => ({
      userId,
      title: `Reviews published for ${job}`,
      body,
      link: '/my-reviews?tab=received',
      email: 'quoteUpdates' as const,
    }));
  },
  'review.replied': (p, { facts, job }) => {
    const { reviewerId, revieweeId, edited } = p;
    return [
      {
        userId: reviewerId,
        title: `${nameOf(facts, p, revieweeId)} ${edited ? 'changed their reply' : 'replied'} to your review`,
        body: `Your review of ${job} has a public reply.`,
        link: '/my-reviews?tab=written',
        email: 'quoteUpdates',
      },
    ];
  },
  'review.hidden': (p, { job }) => {
    const { reviewerId, revieweeId, reason } = p;
    return [
      {
        userId: reviewerId,
        title: `Your review for ${job} was removed`,
        body: `Our team removed it after a report: ${reason}`,
        link: '/my-reviews?tab=written',
        email: 'quoteUpdates',
      },
      {
        userId: revieweeId,
        title: `A review of you for ${job} was removed`,
        body: `Our team removed it after a report. It no longer counts towards your rating.`,
        link: '/my-reviews?tab=received',
        email: 'quoteUpdates',
      },
    ];
  },
};

const disputePlanners: Pick<
  Planners,
  | 'dispute.raised'
  | 'dispute.responded'
  | 'dispute.deadline_passed'
  | 'dispute.message_posted'
  | 'dispute.evidence_added'
  | 'dispute.resolved'
> = {
  'dispute.raised': (p, { facts, job }) => {
    const { raisedBy, respondentId, disputeId, reason } = p;
    const link = `/disputes/${disputeId}`;
    return [
      {
        userId: respondentId,
        title: `${nameOf(facts, p, raisedBy)} raised a dispute about ${job}`,
        body: `Reason: ${reason}. Any money held for the job is frozen. Please respond within 7 days.`,
        link,
        // send-dispute-email writes to them with the deadline.
        email: null,
      },
      {
        userId: raisedBy,
        title: `Dispute raised for ${job}`,
        body: 'Our support team will be in touch. Any money held for the job is frozen until it is resolved.',
        link,
        email: null,
        evenIfActor: true,
      },
    ];
  },
  'dispute.responded': (p, { facts, job }) => {
    const { raisedBy, respondentId, disputeId } = p;
    return [
      {
        userId: raisedBy,
        title: `${nameOf(facts, p, respondentId)} responded to your dispute about ${job}`,
        body: 'Our team is now reviewing the dispute.',
        link: `/disputes/${disputeId}`,
        email: 'always',
      },
    ];
  },
  'dispute.deadline_passed': (p, { facts, job }) => {
    const { raisedBy, respondentId, disputeId } = p;
    return [
      {
        userId: raisedBy,
        title: `Your dispute about ${job} is under review`,
        body: `${nameOf(facts, p, respondentId)} did not respond within 7 days, so our team is reviewing it now.`,
        link: `/disputes/${disputeId}`,
        email: 'always',
      },
      {
        userId: respondentId,
        title: `The dispute about ${job} is under review`,
        body: 'The 7 days to respond have passed, so our team is reviewing it now. You can still add messages and evidence.',
        link: `/disputes/${disputeId}`,
        email: 'always',
      },
    ];
  },
  'dispute.message_posted': (p, { facts, job }) => {
    const { raisedBy, respondentId, disputeId, authorId } = p;
    const from =
      authorId === raisedBy || authorId === respondentId ? nameOf(facts, p, authorId) : 'TradeNest support';
    return [raisedBy, respondentId]
      .filter((userId) => userId !== authorId)
      .map((userId) => ({
        userId,
        title: `New message in the dispute about ${job}`,
        body: `${from} wrote in the dispute's thread.`,
        link: `/disputes/${disputeId}`,
        email: 'newMessages' as const,
      }));
  },
  'dispute.evidence_added': (p, { facts, job }) => {
    const { raisedBy, respondentId, disputeId, authorId } = p;
    return [raisedBy, respondentId]
      .filter((userId) => userId !== authorId)
      .map((userId) => ({
        userId,
        title: `New evidence in the dispute about ${job}`,
        body: `${nameOf(facts, p, authorId)} added evidence.`,
        link: `/disputes/${disputeId}`,
        email: null,
      }));
  },
  'dispute.resolved': (p, { facts, job }) => {
    const { customerId, tradespersonId, disputeId, refundPence, releasePence } = p;
    const outcome =
      refundPence === 0 && releasePence === 0
        ? 'No money was held, so none moved.'
        : `${formatPence(refundPence)} refunded to ${customer(facts)}, ${formatPence(releasePence)} released to ${tradesperson(facts)} (before the platform fee).`;
    return [customerId, tradespersonId].map((userId) => ({
      userId,
      title: `The dispute about ${job} is resolved`,
      body: outcome,
      link: `/disputes/${disputeId}`,
      email: 'always' as const,
    }));
  },
};

const milestonePlanners: Pick<
  Planners,
  | 'milestone.plan_proposed'
  | 'milestone.plan_accepted'
  | 'milestone.plan_declined'
  | 'milestone.paid'
  | 'milestone.done'
> = {
  'milestone.plan_proposed': (p, { facts, job }) => {
    const { customerId, bookingId, revision } = p;
    return [
      {
        userId: customerId,
        title: revision ? `A revised milestone plan for ${job}` : `A milestone plan for ${job}`,
        body: `${tradesperson(facts)} proposed paying in stages. Review the plan to accept or decline it.`,
        link: `/booking-milestones/${bookingId}`,
        email: 'quoteUpdates',
      },
    ];
  },
  'milestone.plan_accepted': (p, said) => planDecision(p, said, true),
  'milestone.plan_declined': (p, said) => planDecision(p, said, false),
  'milestone.paid': (p, { facts, job }) => {
    const { tradespersonId, bookingId } = p;
    return [
      {
        userId: tradespersonId,
        title: `A milestone of ${job} was paid`,
        body: `${customer(facts)} paid a milestone. It is held in escrow until you mark it done and the customer approves it.`,
        link: `/booking-milestones/${bookingId}`,
        email: 'quoteUpdates',
      },
    ];
  },
  'milestone.done': (p, { facts, job }) => {
    const { customerId, bookingId, releaseAt } = p;
    return [
      {
        userId: customerId,
        title: `A milestone of ${job} is done`,
        body: `${tradesperson(facts)} marked a milestone done. Approve it to release the payment, or it is released on ${dayText(releaseAt)}.`,
        link: `/booking-milestones/${bookingId}`,
        email: 'quoteUpdates',
      },
    ];
  },
};

/** Events that tell nobody in-app (see planNotifications), and verification news (planDocumentNotification). */
const silentPlanners: Pick<
  Planners,
  | 'job.posted'
  | 'job.cancelled'
  | 'message.sent'
  | 'payout.paid'
  | 'payout.failed'
  | 'document.approved'
  | 'document.rejected'
  | 'document.expired'
  | 'document.expiring'
> = {
  'job.posted': nobody,
  'job.cancelled': nobody,
  'message.sent': nobody,
  'payout.paid': nobody,
  'payout.failed': nobody,
  'document.approved': nobody,
  'document.rejected': nobody,
  'document.expired': nobody,
  'document.expiring': nobody,
};

/** What a change would do to the price, in words: 'up by £120.00' or 'down by £45.00'. */
const changeWords = (p: { direction: 'increase' | 'decrease'; amountPence: number }) =>
  `${p.direction === 'increase' ? 'up' : 'down'} by ${formatPence(p.amountPence)}`;

/** Changes to a booking's agreed work and price (DOMAIN-RULES 13): the side that did not act is told. */
const changePlanners: Pick<
  Planners,
  'change.proposed' | 'change.accepted' | 'change.declined' | 'change.withdrawn' | 'change.paid'
> = {
  'change.proposed': (p, { facts, job }) => [
    {
      userId: otherParty(p, p.proposedBy),
      title: `${nameOf(facts, p, p.proposedBy)} proposed a change to ${job}`,
      body: `The price would go ${changeWords(p)}. Accept or decline it on the booking's changes.`,
      link: `/booking-changes/${p.bookingId}`,
      email: 'quoteUpdates',
    },
  ],
  'change.accepted': (p, { facts, job }) => [
    {
      userId: p.proposedBy,
      title: `${nameOf(facts, p, otherParty(p, p.proposedBy))} accepted your change to ${job}`,
      body: `The price went ${changeWords(p)}. The agreed amount is now ${formatPence(p.amountAfter)}.${
        p.settlement === 'payment' && p.proposedBy === p.tradespersonId
          ? ' The customer pays the difference into escrow.'
          : ''
      }`,
      link: `/booking-changes/${p.bookingId}`,
      email: 'quoteUpdates',
    },
  ],
  'change.declined': (p, { facts, job }) => [
    {
      userId: p.proposedBy,
      title: `${nameOf(facts, p, otherParty(p, p.proposedBy))} declined your change to ${job}`,
      body: 'The agreed work and price stay as they were.',
      link: `/booking-changes/${p.bookingId}`,
      email: 'quoteUpdates',
    },
  ],
  'change.withdrawn': (p, { facts, job }) => [
    {
      userId: otherParty(p, p.proposedBy),
      title: `${nameOf(facts, p, p.proposedBy)} withdrew a change to ${job}`,
      body: `They no longer propose to move the price ${changeWords(p)}.`,
      link: `/booking-changes/${p.bookingId}`,
      email: 'quoteUpdates',
    },
  ],
  'change.paid': (p, { facts, job }) => [
    {
      userId: p.tradespersonId,
      title: `${customer(facts)} paid the change to ${job}`,
      body: `${formatPence(p.amountPence)} is held in escrow and released with the booking's payment.`,
      link: `/booking-changes/${p.bookingId}`,
      email: 'quoteUpdates',
    },
  ],
};

// Support and subscription events name no job: support-notifications.ts and subscription-notifications.ts
// read their own facts and plan them, so the job planners here have nothing to say of them.
type NoJobEvent = Extract<DomainEventType, `support.${string}` | `subscription.${string}`>;
const notAboutAJob = Object.fromEntries(
  DOMAIN_EVENT_TYPES.filter((t) => t.startsWith('support.') || t.startsWith('subscription.')).map((t) => [
    t,
    nobody,
  ]),
) as unknown as Pick<Planners, NoJobEvent>;

const PLANNERS: Planners = {
  ...quotePlanners,
  ...bookingPlanners,
  ...reschedulePlanners,
  'booking.reminder': bookingReminder,
  ...paymentPlanners,
  ...reviewPlanners,
  ...disputePlanners,
  ...milestonePlanners,
  ...changePlanners,
  ...silentPlanners,
  ...notAboutAJob,
};

/**
 * Who is told of an event, and what (docs/api/notifications.md). Pure: the caller reads the facts and
 * drops the actor (nobody is told of their own action). Events planned as `nobody` tell no one in-app:
 * job.posted and job.cancelled (its quotes' rejections are events of their own), and message.sent
 * (messages have their unread badge and their own email after 5 minutes).
 */
export function planNotifications(event: DomainEvent, facts: EventFacts): NotificationPlan[] {
  return planFor(event, facts);
}

/** Generic over the event's type, so its planner and its payload are known to match. */
function planFor<T extends DomainEventType>(event: DomainEventOf<T>, facts: EventFacts): NotificationPlan[] {
  const planner: Planner<T> = PLANNERS[event.type];
  return planner(event.payload, { facts, job: `'${facts.jobTitle}'` });
}

/** A verification notification: about the account itself, so its email is sent whatever the switches. */
export interface AccountNotificationPlan {
  userId: string;
  title: string;
  body: string;
  link: string;
}

const STILL_LISTED = 'You are verified and appear in search.';
const NOT_LISTED =
  'You will appear in search again once your photo ID and an in-date insurance certificate are approved.';

/**
 * Who is told of a verification event, and what (DOMAIN-RULES 10). Pure. `label` is what the
 * document's kind is called on screen; `dayText` formats its expiry date.
 */
export function planDocumentNotification(
  event: DomainEvent,
  facts: { title: string; label: string },
): AccountNotificationPlan | null {
  const link = '/documents';
  switch (event.type) {
    case 'document.approved': {
      const { tradespersonId, verified } = event.payload;
      return {
        userId: tradespersonId,
        title: `${facts.label} approved`,
        body: `We checked '${facts.title}' and approved it. ${verified ? STILL_LISTED : 'We still need your photo ID and an in-date insurance certificate approved before you appear in search.'}`,
        link,
      };
    }
    case 'document.rejected': {
      const { tradespersonId, reason, verified } = event.payload;
      return {
        userId: tradespersonId,
        title: `${facts.label} not approved`,
        body: `We could not approve '${facts.title}': ${reason} Please upload a new one. ${verified ? STILL_LISTED : NOT_LISTED}`,
        link,
      };
    }
    case 'document.expired': {
      const { tradespersonId, verified } = event.payload;
      return {
        userId: tradespersonId,
        title: `${facts.label} expired`,
        body: `'${facts.title}' has passed its expiry date. ${verified ? STILL_LISTED : `Your verified badge is hidden and you do not appear in search. ${NOT_LISTED}`}`,
        link,
      };
    }
    case 'document.expiring': {
      const { tradespersonId, daysLeft, expiresOn } = event.payload;
      return {
        userId: tradespersonId,
        title: `Your insurance expires in ${daysLeft} days`,
        body: `'${facts.title}' expires on ${dayText(`${expiresOn}T12:00:00Z`)}. Upload your renewed certificate now so you stay verified and keep appearing in search.`,
        link,
      };
    }
    default:
      return null;
  }
}
