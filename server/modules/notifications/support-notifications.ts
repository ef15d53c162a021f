import type { DomainEvent } from '../../../domain/events/catalog';
import { SUPPORT_MESSAGES as M } from '../../../domain/support/messages';
import type { Executor } from '../../db/client';
import type { NotificationPlan } from './notification-rules';

const LINK = '/chat-support';

/**
 * Who is told of a support event, and what (docs/api/notifications.md, "Support"). Only the person,
 * in-app: support's reply ('Support replied', linking to /chat-support; its email comes from the
 * unread job after 10 minutes, or at once for a guest), and support closing or reopening their
 * conversation. A note records no event at all, so nothing here can ever be about one; the
 * notification never quotes the reply either. Guests have no account to notify.
 */
export async function planSupportNotifications(
  _tx: Executor,
  event: DomainEvent,
): Promise<NotificationPlan[]> {
  const p = event.payload;
  if (!('conversationId' in p) || !('userId' in p) || !p.userId) return [];
  const plan = (title: string, body: string): NotificationPlan[] => [
    { userId: p.userId as string, title, body, link: LINK, email: null },
  ];
  switch (event.type) {
    case 'support.replied':
      return plan(M.repliedTitle, 'Open Chat Support to read it and reply.');
    case 'support.closed':
      return plan(M.closedTitle, 'You can reopen it from Chat Support if you still need help.');
    case 'support.reopened':
      return plan(M.reopenedTitle, 'Open Chat Support to carry on the conversation.');
    default:
      return [];
  }
}
