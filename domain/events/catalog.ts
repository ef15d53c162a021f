// The domain events: what happened, recorded in the same transaction as the change itself (the
// transactional outbox, decision 0013) and handed to consumers from the queue: in-app notifications
// and emails, the live event stream, and the audit log. Payloads carry ids only: a consumer reads
// what it shows from the database when it runs, so an event never leaks a stale or private copy.

export const DOMAIN_EVENT_TYPES = [
  'job.posted',
  'job.cancelled',
  'quote.received',
  'quote.edited',
  'quote.withdrawn',
  'quote.accepted',
  'quote.rejected',
  'booking.created',
  'booking.confirmed',
  'booking.declined',
  'booking.cancelled',
  'booking.completed',
  'booking.reschedule_proposed',
  'booking.reschedule_accepted',
  'booking.reschedule_declined',
  'booking.reschedule_withdrawn',
  'booking.reminder',
  'message.sent',
  'payment.succeeded',
  'payment.released',
  'payment.refunded',
  'payout.paid',
  'payout.failed',
  'document.approved',
  'document.rejected',
  'document.expired',
  'document.expiring',
  'review.submitted',
  'review.published',
  'review.replied',
  'review.hidden',
  'dispute.raised',
  'dispute.responded',
  'dispute.deadline_passed',
  'dispute.message_posted',
  'dispute.evidence_added',
  'dispute.resolved',
  'milestone.plan_proposed',
  'milestone.plan_accepted',
  'milestone.plan_declined',
  'milestone.paid',
  'milestone.done',
  'change.proposed',
  'change.accepted',
  'change.declined',
  'change.withdrawn',
  'change.paid',
  'support.replied',
  'support.closed',
  'support.reopened',
  'subscription.requested',
  'subscription.proposed',
  'subscription.accepted',
  'subscription.declined',
  'subscription.paused',
  'subscription.resumed',
  'subscription.visit_skipped',
  'subscription.price_proposed',
  'subscription.price_accepted',
  'subscription.price_declined',
  'subscription.cancelled',
  'subscription.visit_booked',
  'subscription.visit_charged',
  'subscription.charge_failed',
] as const;
export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

interface JobRef {
  jobId: string;
  customerId: string;
}
interface QuoteRef extends JobRef {
  quoteId: string;
  tradespersonId: string;
}
interface BookingRef extends QuoteRef {
  bookingId: string;
}

/** Each event's payload, by type. */
export interface DomainEventPayloads {
  'job.posted': JobRef;
  'job.cancelled': JobRef;
  'quote.received': QuoteRef;
  'quote.edited': QuoteRef;
  'quote.withdrawn': QuoteRef;
  'quote.accepted': QuoteRef;
  /** Another quote was accepted, or the job was cancelled. */
  'quote.rejected': QuoteRef & { reason: 'other_quote_accepted' | 'job_cancelled' };
  /** `pending` from the booking screen (the tradesperson confirms it), `confirmed` from Accept. */
  'booking.created': BookingRef & { status: 'pending' | 'confirmed' };
  'booking.confirmed': BookingRef;
  'booking.declined': BookingRef;
  'booking.cancelled': BookingRef & { cancelledBy: 'customer' | 'tradesperson' };
  'booking.completed': BookingRef;
  /** One side proposed moving the booking from `fromDate` (null: none agreed) to `toDate`. */
  'booking.reschedule_proposed': RescheduleRef;
  /** The other side accepted: the booking is now on `toDate`. */
  'booking.reschedule_accepted': RescheduleRef;
  'booking.reschedule_declined': RescheduleRef;
  /** The proposer took it back before it was answered. */
  'booking.reschedule_withdrawn': RescheduleRef;
  /** The day before a confirmed booking (the hourly job): both sides are reminded, once per date. */
  'booking.reminder': BookingRef & { scheduledDate: string };
  'message.sent': { conversationId: string; messageId: string; senderId: string; recipientId: string };
  /** The customer's payment was confirmed and is held in escrow until `heldUntil`. */
  'payment.succeeded': PaymentRef & {
    heldUntil: string;
    /** Paid for an accepted change's increase: change.paid tells the tradesperson of it instead. */
    changeId?: string;
  };
  /** Held money left escrow to the tradesperson: `releasedPence` gross, `feePence` taken from it. */
  'payment.released': PaymentRef & { releasedPence: number; feePence: number; early: boolean };
  'payment.refunded': PaymentRef & { refundedPence: number; reason: string };
  'payout.paid': PayoutRef;
  'payout.failed': PayoutRef;
  /** An admin approved a verification document; `verified` is the tradesperson's status after it. */
  'document.approved': DocumentRef & { verified: boolean };
  /** An admin rejected a document (or withdrew an approval) with a reason the tradesperson sees. */
  'document.rejected': DocumentRef & { verified: boolean; reason: string };
  /** An approved document passed its expiry date (the daily job). */
  'document.expired': DocumentRef & { verified: boolean };
  /** An insurance document in force expires in `daysLeft` days: the reminder, sent once per threshold. */
  'document.expiring': DocumentRef & { daysLeft: number; expiresOn: string };
  /**
   * One side reviewed the other; it stays hidden until published (fair reveal). `publishesBoth`: the
   * other side had reviewed already, so this review published both (review.published follows).
   */
  'review.submitted': ReviewRef & { revealDueAt: string; publishesBoth: boolean };
  /** The booking's reviews were published: both sides reviewed, or the window closed. */
  'review.published': BookingRef & { reviewIds: string[] };
  'review.replied': ReviewRef & { edited: boolean };
  /** An admin hid a reported review. */
  'review.hidden': ReviewRef & { reason: string };
  /** A party raised a dispute: the booking is disputed and its held money frozen. */
  'dispute.raised': DisputeRef & { reason: string };
  /** The respondent answered: the dispute is under review. */
  'dispute.responded': DisputeRef;
  /** The respondent did not answer within 7 days: the dispute went to review without them. */
  'dispute.deadline_passed': DisputeRef;
  /** A message in the dispute's thread, by a party or an admin (`authorId`). */
  'dispute.message_posted': DisputeRef & { messageId: string; authorId: string };
  'dispute.evidence_added': DisputeRef & { evidenceId: string; authorId: string };
  /** An admin resolved it; `refundPence` went back to the customer, `releasePence` to the tradesperson. */
  'dispute.resolved': DisputeRef & { resolution: string; refundPence: number; releasePence: number };
  /** The tradesperson proposed a milestone plan (a revision of the plan in force, or a first one). */
  'milestone.plan_proposed': BookingRef & { planId: string; revision: boolean };
  'milestone.plan_accepted': BookingRef & { planId: string; revision: boolean };
  'milestone.plan_declined': BookingRef & { planId: string; revision: boolean };
  /** A milestone's charge succeeded: its money is held until the milestone is approved. */
  'milestone.paid': BookingRef & { milestoneId: string; paymentId: string };
  /** The tradesperson marked a paid milestone done; it is released at `releaseAt` unless approved first. */
  'milestone.done': BookingRef & { milestoneId: string; paymentId: string; releaseAt: string };
  /** One side proposed a change to the agreed work and price; the other answers. */
  'change.proposed': ChangeRef;
  /** The other side accepted: the agreed amount is now `amountAfter`, settled as `settlement`. */
  'change.accepted': ChangeRef & { amountAfter: number; settlement: string };
  'change.declined': ChangeRef;
  /** The proposer took it back before it was answered. */
  'change.withdrawn': ChangeRef;
  /** The customer paid an accepted increase: held in escrow with the booking's money. */
  'change.paid': ChangeRef & { paymentId: string };
  /** Support wrote to the person (never for an internal note): notified, and emailed if left unread. */
  'support.replied': SupportRef & { messageId: string };
  /** Closed or reopened by `actorId` (the person or an admin): both are kept in the audit trail. */
  'support.closed': SupportRef;
  'support.reopened': SupportRef;
  /** The customer asked the tradesperson for a repeat service. */
  'subscription.requested': SubscriptionRef;
  /** The tradesperson proposed the plan's terms (again, replacing the last proposal). */
  'subscription.proposed': SubscriptionRef;
  'subscription.accepted': SubscriptionRef;
  /** Either side said no before the plan started. */
  'subscription.declined': SubscriptionRef;
  'subscription.paused': SubscriptionRef & { reason: 'customer' | 'tradesperson' | 'payment_failed' };
  'subscription.resumed': SubscriptionRef;
  'subscription.visit_skipped': SubscriptionRef & { visitDate: string };
  'subscription.price_proposed': SubscriptionRef & { pricePence: number };
  'subscription.price_accepted': SubscriptionRef & { pricePence: number };
  'subscription.price_declined': SubscriptionRef & { pricePence: number };
  /** Visits up to `endsOn` (null: none) go ahead; later ones are not booked or charged. */
  'subscription.cancelled': SubscriptionRef & { endsOn: string | null };
  /** The scheduled job booked a visit: a booking of its own on `visitDate`. */
  'subscription.visit_booked': SubscriptionRef & { visitId: string; bookingId: string; visitDate: string };
  /** A visit's charge succeeded: its money is held in escrow like any booking's. */
  'subscription.visit_charged': SubscriptionRef & { visitId: string; bookingId: string; paymentId: string };
  /** A visit's charge failed; `retryAt` null when it was the last attempt (the plan is then paused). */
  'subscription.charge_failed': SubscriptionRef & {
    visitId: string;
    bookingId: string;
    attempt: number;
    retryAt: string | null;
  };
}

interface SupportRef {
  conversationId: string;
  /** The person (null for a guest, who is answered by email). */
  userId: string | null;
}

interface SubscriptionRef {
  subscriptionId: string;
  customerId: string;
  tradespersonId: string;
}

interface ChangeRef extends BookingRef {
  changeId: string;
  /** The party who proposed it; the other one answers. */
  proposedBy: string;
  direction: 'increase' | 'decrease';
  amountPence: number;
}

interface RescheduleRef extends BookingRef {
  rescheduleId: string;
  /** The party who proposed it; the other one answers. */
  proposedBy: string;
  fromDate: string | null;
  toDate: string;
}

interface DisputeRef extends BookingRef {
  disputeId: string;
  /** Who raised it, and the other party, asked to respond. */
  raisedBy: string;
  respondentId: string;
}

interface ReviewRef extends BookingRef {
  reviewId: string;
  reviewerId: string;
  revieweeId: string;
}

interface DocumentRef {
  documentId: string;
  tradespersonId: string;
  kind: 'photo_id' | 'insurance' | 'accreditation';
}

interface PaymentRef extends BookingRef {
  paymentId: string;
  amountPence: number;
}
interface PayoutRef {
  payoutId: string;
  tradespersonId: string;
  amountPence: number;
}

export type DomainEventOf<T extends DomainEventType> = {
  type: T;
  /** Who acted; null for the system (a scheduled job). */
  actorId: string | null;
  payload: DomainEventPayloads[T];
};

/** An event as a use case records it. */
export type NewDomainEvent = { [T in DomainEventType]: DomainEventOf<T> }[DomainEventType];

/** An event as consumers receive it, once stored. */
export type DomainEvent = NewDomainEvent & { id: string; occurredAt: string };

export function isDomainEventType(value: string): value is DomainEventType {
  return (DOMAIN_EVENT_TYPES as readonly string[]).includes(value);
}
