import type { DomainEvent, DomainEventType } from '../../../domain/events/catalog';
import type { EventBus } from '../../adapters/event-bus';
import type { Database } from '../../db/client';
import { recordAudit } from '../audit';
import { notifyForEvent } from '../notifications';
import { findEvent } from './events.repository';

export interface DispatchDeps {
  db: Database;
  bus: EventBus;
  appUrl: string;
  /**
   * Told of each event once its consumers have run (metrics count payment outcomes here: every outcome
   * is recorded as exactly one event, in the transaction that decided it).
   */
  dispatched?: (type: DomainEventType) => void;
}

/**
 * Hands one recorded event to its consumers (decision 0013): in-app notifications and their emails,
 * the audit log, then the live streams of the people concerned. It runs from the queue, at least once:
 * every consumer is idempotent (a notification per event and user, an audit row per event, emails
 * keyed by event and user), so a retry after a crash repeats nothing a user can see.
 */
export async function dispatchEvent(deps: DispatchDeps, eventId: string): Promise<void> {
  const event = await findEvent(deps.db, eventId);
  // The job and its event commit together, so a missing event means it was erased with its account.
  if (!event) return;
  // A sent message has no consumer here (no in-app notification: its badge and its email after 5
  // minutes are the messaging module's; no audit row), and is now recorded without a job. Jobs queued
  // for messages before that change end here, without an empty transaction each.
  if (event.type === 'message.sent') return;
  const notified = await deps.db.transaction(async (tx) => {
    const users = await notifyForEvent(tx, event, { appUrl: deps.appUrl });
    const entry = auditEntryOf(event);
    if (entry) await recordAudit(tx, entry);
    return users;
  });
  if (notified.length > 0) deps.bus.publish({ type: 'notification', userIds: notified });
  if (changesPublicReads(event)) deps.bus.publish({ type: 'public-changed' });
  if ('jobId' in event.payload) {
    const { jobId, customerId } = event.payload;
    const userIds =
      'tradespersonId' in event.payload ? [customerId, event.payload.tradespersonId] : [customerId];
    deps.bus.publish({ type: 'activity', userIds, jobId });
  }
  deps.dispatched?.(event.type);
}

/**
 * Events after which what visitors read of a tradesperson may differ: ratings and reviews, the
 * verified badge (and so who is listed at all), and the count of completed jobs.
 */
function changesPublicReads(event: DomainEvent): boolean {
  return (
    event.type.startsWith('review.') ||
    event.type.startsWith('document.') ||
    event.type === 'booking.completed'
  );
}

/**
 * What the audit log keeps of an event: every change to a job, quote or booking, by whom. Messages are
 * their own record, and auditing each one would only copy them.
 */
function auditEntryOf(event: DomainEvent) {
  if (event.type === 'message.sent') return null;
  const p = event.payload;
  const [entityType, entityId] =
    'conversationId' in p
      ? ['support_conversation', p.conversationId]
      : 'subscriptionId' in p
        ? ['subscription', p.subscriptionId]
        : 'disputeId' in p
          ? ['dispute', p.disputeId]
          : 'changeId' in p && p.changeId
            ? ['booking_change', p.changeId]
            : 'documentId' in p
              ? ['document', p.documentId]
              : 'payoutId' in p
                ? ['payout', p.payoutId]
                : 'paymentId' in p
                  ? ['payment', p.paymentId]
                  : 'bookingId' in p
                    ? ['booking', p.bookingId]
                    : 'quoteId' in p
                      ? ['quote', p.quoteId]
                      : ['job', p.jobId];
  return {
    actorUserId: event.actorId,
    action: event.type,
    entityType,
    entityId,
    details: p as unknown as Record<string, unknown>,
    eventId: event.id,
    at: new Date(event.occurredAt),
  };
}
