import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EMAIL_SWITCHES } from '../../../domain/notifications/schemas';
import { users } from './accounts';
import { createdAt, id, oneOf, requiredRef, tsz } from './helpers';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    // The domain event this tells of: the unique index below makes a replayed event notify nobody twice.
    eventId: uuid('event_id'),
    readAt: tsz('read_at'),
    createdAt: createdAt({ listed: true }),
  },
  (t) => [
    uniqueIndex('notifications_event_user_unique').on(t.eventId, t.userId),
    // A user's notifications newest first with a keyset cursor on (created_at, id), read backwards.
    index('notifications_user_page_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * The token in an optional email's unsubscribe link: it turns one Settings switch off for one user
 * without a session. Random and kept as is (not hashed) so every email to that user can carry the
 * same link; it can do nothing but switch those emails off (decision 0015).
 */
export const unsubscribeTokens = pgTable(
  'unsubscribe_tokens',
  {
    token: text('token').primaryKey(),
    userId: requiredRef('user_id', () => users.id),
    setting: text('setting').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('unsubscribe_tokens_user_setting_unique').on(t.userId, t.setting),
    check('unsubscribe_tokens_setting_check', oneOf(t.setting, EMAIL_SWITCHES)),
  ],
);
