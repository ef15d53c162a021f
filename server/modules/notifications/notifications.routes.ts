import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATIONS_PAGE_MAX,
  NotificationsPage,
  NotificationView,
  ReadAllResponse,
  UnreadCountResponse,
  UnsubscribeBody,
  UnsubscribeView,
} from '../../../domain/notifications/schemas';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import { NO_SESSION } from '../../plugins/openapi';
import {
  countUnread,
  describeUnsubscribe,
  listNotifications,
  type NotificationDeps,
  readAllNotifications,
  readNotification,
  unsubscribe,
} from './notifications.service';

const doc = openApiDoc('notifications');

// Marking notifications read changes nothing a session carries, nor anything visitors read.
const unchanged = { config: { sessionUnchanged: true } };

/** The notifications centre and email unsubscribe links (docs/api/notifications.md). */
export const notificationRoutes =
  (deps: NotificationDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/notifications',
      doc("The user's notifications, newest first, a page at a time", {
        querystring: z.object({
          cursor: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(20),
        }),
        response: { 200: NotificationsPage },
      }),
      async (request) => listNotifications(deps, requireUser(request), request.query),
    );

    app.get(
      '/notifications/unread-count',
      doc('How many of the user’s notifications are unread', {
        response: { 200: UnreadCountResponse },
      }),
      async (request) => ({ unread: await countUnread(deps, requireUser(request)) }),
    );

    app.post(
      '/notifications/:id/read',
      doc(
        'Mark one notification read',
        {
          params: z.object({ id: z.uuid() }),
          response: { 200: z.object({ notification: NotificationView }) },
        },
        unchanged,
      ),
      async (request) => ({
        notification: await readNotification(deps, requireUser(request), request.params.id),
      }),
    );

    app.post(
      '/notifications/read-all',
      doc(
        'Mark every notification of the user read',
        {
          response: { 200: ReadAllResponse },
        },
        unchanged,
      ),
      async (request) => ({ read: await readAllNotifications(deps, requireUser(request)) }),
    );

    // No session: the token from the email is the credential. Reading it changes nothing, because
    // mail scanners open links; only the POST, sent by the page's button, turns the switch off.
    app.get(
      '/notifications/unsubscribe',
      doc('Which emails an unsubscribe link would stop', {
        security: NO_SESSION,
        querystring: UnsubscribeBody,
        response: { 200: UnsubscribeView },
      }),
      async (request) => describeUnsubscribe(deps, request.query.token),
    );

    app.post(
      '/notifications/unsubscribe',
      doc('Turn off the Settings switch named by an email’s unsubscribe link', {
        security: NO_SESSION,
        body: UnsubscribeBody,
        response: { 200: UnsubscribeView },
      }),
      async (request) => unsubscribe(deps, request.body.token),
    );
  };
