import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../domain/catalog/catalog';
import { users } from './accounts';
import { createdAt, id, requiredRef, tsz, updatedAt } from './helpers';
import { jobPostings } from './marketplace';

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    participantOneId: requiredRef('participant_one_id', () => users.id),
    participantTwoId: requiredRef('participant_two_id', () => users.id),
    jobId: uuid('job_id').references(() => jobPostings.id),
    createdAt: createdAt(),
    updatedAt: updatedAt({ listed: true }),
  },
  (t) => [
    check('conversations_not_self', sql`${t.participantOneId} <> ${t.participantTwoId}`),
    // The same two people share one conversation whichever of them started it.
    uniqueIndex('conversations_pair_unique').on(
      sql`least(${t.participantOneId}, ${t.participantTwoId})`,
      sql`greatest(${t.participantOneId}, ${t.participantTwoId})`,
    ),
    index('conversations_one_idx').on(t.participantOneId, t.updatedAt),
    index('conversations_two_idx').on(t.participantTwoId, t.updatedAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: requiredRef('conversation_id', () => conversations.id),
    senderId: requiredRef('sender_id', () => users.id),
    content: text('content').notNull(),
    read: boolean('read').notNull().default(false),
    readAt: tsz('read_at'),
    /** When the recipient was emailed about it (unread after 5 minutes), or decided not to be. */
    notifiedAt: tsz('notified_at'),
    createdAt: createdAt({ listed: true }),
  },
  (t) => [
    check(
      'messages_content_length',
      sql`char_length(${t.content}) between 1 and ${sql.raw(String(LIMITS.messageMax))}`,
    ),
    // Pages of a conversation, newest first, continuing after a (created_at, id) cursor.
    index('messages_conversation_page_idx').on(t.conversationId, t.createdAt, t.id),
    // Unread counts and the read receipt touch only unread messages.
    index('messages_unread_idx').on(t.conversationId, t.senderId).where(sql`not ${t.read}`),
    // Messages still waiting to be emailed about, oldest first.
    index('messages_to_notify_idx').on(t.createdAt).where(sql`not ${t.read} and ${t.notifiedAt} is null`),
  ],
);
