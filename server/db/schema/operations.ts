import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { EMAIL_STATUSES } from '../../../domain/catalog/statuses';
import { DOMAIN_EVENT_TYPES } from '../../../domain/events/catalog';
import { users } from './accounts';
import { createdAt, id, oneOf, tsz } from './helpers';

/** Every email goes through here: delivered by SMTP when configured, kept as the dev outbox otherwise. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    kind: text('kind').notNull(),
    // Stops the same notification being queued twice (e.g. one unread-message email per batch).
    dedupeKey: text('dedupe_key').unique(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sendAfter: tsz('send_after').notNull().defaultNow(),
    sentAt: tsz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_outbox_status_check', oneOf(t.status, EMAIL_STATUSES)),
    check('email_outbox_attempts_check', sql`${t.attempts} >= 0`),
    index('email_outbox_queue_idx').on(t.status, t.sendAfter),
  ],
);

/**
 * The transactional outbox (decision 0013): every state change records what happened here, in its own
 * transaction, and a queue job that hands it to the consumers (notifications, live streams, audit log).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: id(),
    type: text('type').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    payload: jsonb('payload').notNull(),
    occurredAt: tsz('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    check('domain_events_type_check', oneOf(t.type, DOMAIN_EVENT_TYPES)),
    index('domain_events_occurred_idx').on(t.occurredAt),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    ip: text('ip'),
    // The domain event this row records, if any: a replayed event is audited once.
    eventId: uuid('event_id').references(() => domainEvents.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('audit_log_event_unique').on(t.eventId),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorUserId),
    // A user's audit trail includes what was done to their documents (details.userId).
    index('audit_log_details_user_idx').on(sql`(${t.details}->>'userId')`),
  ],
);
