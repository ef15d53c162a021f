import type { DomainEvent } from '../../../domain/events/catalog';
import type { Executor } from '../../db/client';
import type { NotificationPlan } from './notification-rules';

/**
 * Who is told of a support event, and what (docs/api/notifications.md). FOUNDATION: the support part
 * of issue 39 fills this in (support.replied tells the person; never anything about a note).
 */
export async function planSupportNotifications(
  _tx: Executor,
  _event: DomainEvent,
): Promise<NotificationPlan[]> {
  return [];
}
