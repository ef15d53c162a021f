import { z } from 'zod';
import { DOMAIN_EVENT_TYPES } from '../events/catalog';
import { Cursor, Text, Timestamp } from '../fields';

// The API's own words for notifications (docs/api/notifications.md).
export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  unknownToken: 'This unsubscribe link is not valid. You can turn emails off under Profile, Settings.',
} as const;

/**
 * The Settings switches an unsubscribe link can turn off: each optional email names the most specific
 * switch that governs it ('Email notifications' governs them all and stays the user's own choice).
 */
export const EMAIL_SWITCHES = ['quoteUpdates', 'newMessages'] as const;
export type EmailSwitch = (typeof EMAIL_SWITCHES)[number];

/** The Settings tab's label of each switch (spec section 2) and the emails it stops. */
export const EMAIL_SWITCH_TEXT: Record<EmailSwitch, { label: string; stops: string }> = {
  quoteUpdates: { label: 'Quote updates', stops: 'emails about your quotes and bookings' },
  newMessages: { label: 'New messages', stops: 'emails about messages you have not read' },
};

export const NotificationView = z.object({
  id: z.uuid(),
  kind: z.enum(DOMAIN_EVENT_TYPES),
  title: Text,
  body: Text,
  /** A path in the web app, e.g. `/job/{id}`. */
  link: Text.nullable(),
  read: z.boolean(),
  createdAt: Timestamp,
});
export type NotificationView = z.infer<typeof NotificationView>;

/** The most notifications a page holds (the `limit` query's bound). */
export const NOTIFICATIONS_PAGE_MAX = 50;

export const NotificationsPage = z.object({
  notifications: z.array(NotificationView).max(NOTIFICATIONS_PAGE_MAX),
  nextCursor: Cursor.nullable(),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

/** GET /notifications/unread-count: the header bell's number. */
export const UnreadCountResponse = z.object({ unread: z.number().int() });
export type UnreadCountResponse = z.infer<typeof UnreadCountResponse>;
/** POST /notifications/read-all: how many were marked read. */
export const ReadAllResponse = z.object({ read: z.number().int() });
export type ReadAllResponse = z.infer<typeof ReadAllResponse>;

export const UnsubscribeBody = z.object({ token: z.string().min(1).max(200) });
export const UnsubscribeView = z.object({ setting: z.enum(EMAIL_SWITCHES) });
export type UnsubscribeView = z.infer<typeof UnsubscribeView>;
