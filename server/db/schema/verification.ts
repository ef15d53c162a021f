import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from '../../../domain/catalog/statuses';
import { users } from './accounts';
import { createdAt, id, oneOf, requiredRef, tsz } from './helpers';

/** Verification documents (photo ID, insurance, accreditations) reviewed by admins. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    title: text('title').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    expiresOn: date('expires_on'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: tsz('reviewed_at'),
    rejectionReason: text('rejection_reason'),
    // Bumped by every change after upload (a decision, expiry): an admin's decision names the version
    // it was made on, and one made on an older version is refused rather than overwriting (409).
    version: integer('version').notNull().default(0),
    // Uploaded as a replacement of this document (an expiring insurance, a rejected ID).
    replacesId: uuid('replaces_id').references((): AnyPgColumn => documents.id),
    // The last insurance-expiry reminder sent, in days before expiry (30, then 7): each is sent once.
    reminderDaysSent: integer('reminder_days_sent'),
    createdAt: createdAt(),
  },
  (t) => [
    check('documents_kind_check', oneOf(t.kind, DOCUMENT_KINDS)),
    check('documents_status_check', oneOf(t.status, DOCUMENT_STATUSES)),
    check('documents_size_check', sql`${t.sizeBytes} > 0`),
    // Insurance is only meaningful with an expiry date.
    check('documents_insurance_expiry_check', sql`${t.kind} <> 'insurance' or ${t.expiresOn} is not null`),
    index('documents_user_idx').on(t.userId),
    index('documents_status_idx').on(t.status, t.createdAt),
    // The verification queue's latest decisions, newest first.
    index('documents_reviewed_at_idx').on(t.reviewedAt, t.id).where(sql`${t.reviewedAt} is not null`),
    // The daily job's scans: approved documents by expiry date.
    index('documents_expiry_idx')
      .on(t.expiresOn)
      .where(sql`${t.status} = 'approved' and ${t.expiresOn} is not null`),
    check(
      'documents_rejection_reason_check',
      sql`(${t.status} = 'rejected') = (${t.rejectionReason} is not null)`,
    ),
    check('documents_version_check', sql`${t.version} >= 0`),
    check('documents_reminder_check', sql`${t.reminderDaysSent} is null or ${t.reminderDaysSent} > 0`),
  ],
);
