import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { TranscriptTurn } from '../../../domain/support/api';
import {
  SUPPORT_AUTHORS,
  SUPPORT_LIMITS,
  SUPPORT_MESSAGE_KINDS,
  SUPPORT_ORIGINS,
  SUPPORT_STATUSES,
} from '../../../domain/support/rules';
import { users } from './accounts';
import { disputes } from './disputes';
import { createdAt, id, oneOf, requiredRef, tsz, updatedAt } from './helpers';
import { bookings } from './marketplace';

/**
 * A conversation between one person and the support team. A signed-in person's has `user_id`; a
 * guest's has only the email they left. The assistant's transcript is kept only with the consent the
 * person gave when handing over (`transcript_consented_at`).
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id),
    guestEmail: text('guest_email'),
    guestName: text('guest_name'),
    subject: text('subject').notNull(),
    origin: text('origin').notNull(),
    status: text('status').notNull().default('open'),
    assignedAdminId: uuid('assigned_admin_id').references(() => users.id),
    /** The booking the person asked about, if any (one of their own). */
    bookingId: uuid('booking_id').references(() => bookings.id),
    transcript: jsonb('transcript').$type<z.infer<typeof TranscriptTurn>[]>(),
    transcriptConsentedAt: tsz('transcript_consented_at'),
    /** The dispute this conversation was turned into. */
    disputeId: uuid('dispute_id').references(() => disputes.id),
    /** Support's first message to the person (notes do not count): the first-response time. */
    firstResponseAt: tsz('first_response_at'),
    closedAt: tsz('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt({ listed: true }),
  },
  (t) => [
    check('support_conversations_status_check', oneOf(t.status, SUPPORT_STATUSES)),
    check('support_conversations_origin_check', oneOf(t.origin, SUPPORT_ORIGINS)),
    check('support_conversations_person_check', sql`${t.userId} is not null or ${t.guestEmail} is not null`),
    check(
      'support_conversations_subject_length',
      sql`char_length(${t.subject}) between 1 and ${sql.raw(String(SUPPORT_LIMITS.subjectMax))}`,
    ),
    check(
      'support_conversations_transcript_consent',
      sql`${t.transcript} is null or ${t.transcriptConsentedAt} is not null`,
    ),
    check('support_conversations_closed_check', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
    // A signed-in person has at most one conversation that is not closed: a second open writes into it.
    uniqueIndex('support_conversations_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} <> 'closed' and ${t.userId} is not null`),
    index('support_conversations_user_idx').on(t.userId, t.updatedAt),
    // The inbox's views: by status and assignee, most recently active first.
    index('support_conversations_inbox_idx').on(t.status, t.assignedAdminId, t.updatedAt),
    // The overview's weekly first-response and resolution times.
    index('support_conversations_created_idx').on(t.createdAt),
  ],
);

/**
 * One message in a support conversation. A `note` is support's internal note: written by staff, never
 * sent to the person by any route, email or event.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: id(),
    conversationId: requiredRef('conversation_id', () => supportConversations.id),
    /** null for a guest's message. */
    authorId: uuid('author_id').references(() => users.id),
    author: text('author').notNull(),
    kind: text('kind').notNull().default('message'),
    body: text('body').notNull(),
    /** Read by the other side: the person for support's messages, support for the person's. */
    readAt: tsz('read_at'),
    /** When the person was emailed about this unread reply (or it was decided not to). */
    notifiedAt: tsz('notified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('support_messages_author_check', oneOf(t.author, SUPPORT_AUTHORS)),
    check('support_messages_kind_check', oneOf(t.kind, SUPPORT_MESSAGE_KINDS)),
    check('support_messages_note_by_staff', sql`${t.kind} <> 'note' or ${t.author} = 'staff'`),
    check(
      'support_messages_body_length',
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(SUPPORT_LIMITS.messageMax))}`,
    ),
    index('support_messages_conversation_idx').on(t.conversationId, t.createdAt, t.id),
    // Support's replies still unread and not yet emailed about, oldest first.
    index('support_messages_to_notify_idx')
      .on(t.createdAt)
      .where(
        sql`${t.kind} = 'message' and ${t.author} = 'staff' and ${t.readAt} is null and ${t.notifiedAt} is null`,
      ),
  ],
);

/** Replies support reuses, inserted into the composer and edited before sending. */
export const supportCannedReplies = pgTable(
  'support_canned_replies',
  {
    id: id(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: requiredRef('created_by', () => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'support_canned_replies_title_length',
      sql`char_length(${t.title}) between 1 and ${sql.raw(String(SUPPORT_LIMITS.cannedTitleMax))}`,
    ),
    check(
      'support_canned_replies_body_length',
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(SUPPORT_LIMITS.messageMax))}`,
    ),
    uniqueIndex('support_canned_replies_title_unique').on(sql`lower(${t.title})`),
  ],
);
