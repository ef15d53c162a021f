import type { DomainEvent } from '../../../domain/events/catalog';
import type { Executor } from '../../db/client';
import type { NotificationPlan } from './notification-rules';

/**
 * Who is told of a subscription event, and what (docs/api/notifications.md). FOUNDATION: the
 * subscriptions part of issue 39 fills this in.
 */
export async function planSubscriptionNotifications(
  _tx: Executor,
  _event: DomainEvent,
): Promise<NotificationPlan[]> {
  return [];
}
