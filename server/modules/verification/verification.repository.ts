import { and, asc, desc, eq, gte, isNotNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import { documents, profiles, tradespersonProfiles, users } from '../../db/schema';
import type { DocumentRow, DocumentViewRow } from './documents.repository';

const reviewer = alias(profiles, 'reviewer');
const replaced = alias(documents, 'replaced');

/** A document with everything the verification queue shows beside it. */
const queueColumns = {
  document: documents,
  tradesperson: {
    id: users.id,
    email: users.email,
    fullName: profiles.fullName,
    trade: tradespersonProfiles.trade,
    verified: sql<boolean>`coalesce(${tradespersonProfiles.verified}, false)`,
  },
  reviewerName: reviewer.fullName,
  replaces: {
    id: replaced.id,
    title: replaced.title,
    status: replaced.status,
    expiresOn: replaced.expiresOn,
  },
};

/** Documents waiting for review: the figure beside the queue, on each of its rows. */
const pendingCountColumn = sql<number>`(select count(*)::int from ${documents} pc where pc.status = 'pending')`;

function queueQuery(db: Executor) {
  return db
    .select(queueColumns)
    .from(documents)
    .innerJoin(users, eq(users.id, documents.userId))
    .leftJoin(profiles, eq(profiles.id, documents.userId))
    .leftJoin(tradespersonProfiles, eq(tradespersonProfiles.userId, documents.userId))
    .leftJoin(reviewer, eq(reviewer.id, documents.reviewedBy))
    .leftJoin(replaced, eq(replaced.id, documents.replacesId));
}

export type QueueRow = Awaited<ReturnType<typeof queueQuery>>[number];

/** What the admin's views show of a document and its tradesperson (verification.service.ts adminDocumentView). */
export type AdminDocumentRow = Pick<QueueRow, 'tradesperson' | 'reviewerName' | 'replaces'> & {
  document: DocumentViewRow &
    Pick<DocumentRow, 'version' | 'mimeType' | 'sizeBytes' | 'storageKey' | 'reviewedAt'>;
};

/** An AdminDocumentRow as `json_build_object` gives it (timestamps as ISO text). */
export type AdminDocumentJson = Omit<AdminDocumentRow, 'document'> & {
  document: Omit<AdminDocumentRow['document'], 'createdAt' | 'reviewedAt'> & {
    createdAt: string;
    reviewedAt: string | null;
  };
};

/**
 * One user's documents as the queue shows them, newest first, as a JSON array: a sub-select for the
 * statement that reads the rest of the admin's view of the user (admin.repository.ts), so the page is
 * one statement rather than two. The same columns and order as the queue's rows (queueQuery).
 */
export const documentsJsonOfUser = (userId: SQL) =>
  sql<AdminDocumentJson[]>`(select coalesce(json_agg(json_build_object(
      'document', json_build_object('id', dd.id, 'kind', dd.kind, 'title', dd.title, 'status', dd.status,
        'fileName', dd.file_name, 'expiresOn', dd.expires_on, 'createdAt', dd.created_at,
        'rejectionReason', dd.rejection_reason, 'replacesId', dd.replaces_id, 'version', dd.version,
        'mimeType', dd.mime_type, 'sizeBytes', dd.size_bytes, 'storageKey', dd.storage_key,
        'reviewedAt', dd.reviewed_at),
      'tradesperson', json_build_object('id', du.id, 'email', du.email, 'fullName', dp.full_name,
        'trade', dt.trade, 'verified', coalesce(dt.verified, false)),
      'reviewerName', dr.full_name,
      'replaces', case when rd.id is null then null
        else json_build_object('id', rd.id, 'title', rd.title, 'status', rd.status, 'expiresOn', rd.expires_on) end
    ) order by dd.created_at desc, dd.id), '[]')
    from ${documents} dd
    join ${users} du on du.id = dd.user_id
    left join ${profiles} dp on dp.id = dd.user_id
    left join ${tradespersonProfiles} dt on dt.user_id = dd.user_id
    left join ${profiles} dr on dr.id = dd.reviewed_by
    left join ${documents} rd on rd.id = dd.replaces_id
    where dd.user_id = ${userId})`;

/** The rows of documentsJsonOfUser with their times as the Dates the driver gives. */
export const adminDocumentRowsOfJson = (json: AdminDocumentJson[]): AdminDocumentRow[] =>
  json.map((j) => ({
    ...j,
    document: {
      ...j.document,
      createdAt: new Date(j.document.createdAt),
      reviewedAt: j.document.reviewedAt === null ? null : new Date(j.document.reviewedAt),
    },
  }));

function countedQueueQuery(db: Executor) {
  return db
    .select({ ...queueColumns, pendingCount: pendingCountColumn })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.userId))
    .leftJoin(profiles, eq(profiles.id, documents.userId))
    .leftJoin(tradespersonProfiles, eq(tradespersonProfiles.userId, documents.userId))
    .leftJoin(reviewer, eq(reviewer.id, documents.reviewedBy))
    .leftJoin(replaced, eq(replaced.id, documents.replacesId));
}

/** Documents waiting for review, oldest first (the order they are checked in), with the pending count. */
export function pendingQueue(db: Executor, limit: number) {
  // Built once (prepared()), the limit written in so PostgreSQL keeps one plan.
  const name = `verification_pending_${limit}`;
  return prepared(db, name, (d) =>
    countedQueueQuery(d)
      .where(eq(documents.status, 'pending'))
      .orderBy(asc(documents.createdAt), asc(documents.id))
      .limit(literalLimit(limit))
      .prepare(name),
  ).execute();
}

/** The latest decisions, newest first, with the pending count. */
export function decidedQueue(db: Executor, limit: number) {
  const name = `verification_decided_${limit}`;
  return prepared(db, name, (d) =>
    countedQueueQuery(d)
      .where(isNotNull(documents.reviewedAt))
      .orderBy(desc(documents.reviewedAt), desc(documents.id))
      .limit(literalLimit(limit))
      .prepare(name),
  ).execute();
}

export async function queueRow(db: Executor, id: string): Promise<QueueRow | undefined> {
  const [row] = await queueQuery(db).where(eq(documents.id, id));
  return row;
}

export async function countPending(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(eq(documents.status, 'pending'));
  return row?.n ?? 0;
}

export async function lockDocument(tx: Executor, id: string): Promise<DocumentRow | undefined> {
  const [row] = await tx.select().from(documents).where(eq(documents.id, id)).for('update');
  return row;
}

/** Serialises everything that recomputes one tradesperson's status (decisions, expiry, uploads). */
export async function lockTradesperson(
  tx: Executor,
  userId: string,
): Promise<{ verified: boolean } | undefined> {
  const [row] = await tx
    .select({ verified: tradespersonProfiles.verified })
    .from(tradespersonProfiles)
    .where(eq(tradespersonProfiles.userId, userId))
    .for('update');
  return row;
}

export async function updateDocument(
  tx: Executor,
  id: string,
  values: Partial<typeof documents.$inferInsert>,
): Promise<DocumentRow> {
  const [row] = await tx
    .update(documents)
    .set({ ...values, version: sql`${documents.version} + 1` })
    .where(eq(documents.id, id))
    .returning();
  return row!;
}

// DOMAIN-RULES 10 in SQL (domain/verification/verification.ts is the same rule for the web): an approved
// photo ID, and an approved insurance whose expiry date is `today` or later. `today` is bound, not
// current_date, so the rule follows the injected clock and the UK calendar rather than the server's.
const verifiedRule = (userId: ReturnType<typeof sql>, today: string) => sql`(
  exists (select 1 from ${documents} d where d.user_id = ${userId} and d.kind = 'photo_id'
           and d.status = 'approved' and (d.expires_on is null or d.expires_on >= ${today}::date))
  and exists (select 1 from ${documents} d where d.user_id = ${userId} and d.kind = 'insurance'
           and d.status = 'approved' and d.expires_on >= ${today}::date))`;

/** Sets a tradesperson's `verified` from its documents; the new value (false without a profile row). */
export async function recomputeVerified(tx: Executor, userId: string, today: string): Promise<boolean> {
  const [row] = await tx
    .update(tradespersonProfiles)
    .set({ verified: verifiedRule(sql`${tradespersonProfiles.userId}`, today) })
    .where(eq(tradespersonProfiles.userId, userId))
    .returning({ verified: tradespersonProfiles.verified });
  return row?.verified ?? false;
}

/**
 * The safety net of the daily job: every profile whose stored flag disagrees with its documents (a
 * restored backup, a row changed by hand) is put right. Returns the users whose flag changed.
 */
export async function recomputeAllDisagreeing(tx: Executor, today: string): Promise<string[]> {
  const rule = verifiedRule(sql`${tradespersonProfiles.userId}`, today);
  const rows = await tx
    .update(tradespersonProfiles)
    .set({ verified: rule })
    .where(sql`${tradespersonProfiles.verified} <> ${rule}`)
    .returning({ userId: tradespersonProfiles.userId });
  return rows.map((r) => r.userId);
}

/** Approved documents whose expiry date has passed (`today` excluded: a document is valid on its last day). */
export function expiredApproved(db: Executor, today: string, limit: number) {
  return db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(eq(documents.status, 'approved'), isNotNull(documents.expiresOn), lt(documents.expiresOn, today)),
    )
    .orderBy(asc(documents.expiresOn), asc(documents.id))
    .limit(limit);
}

/**
 * Approved insurance expiring within `withinDays` that is the tradesperson's cover: no other approved
 * insurance of theirs runs later (a renewal already approved makes the reminder pointless).
 */
export function insuranceExpiringSoon(db: Executor, today: string, until: string) {
  return db
    .select({
      id: documents.id,
      userId: documents.userId,
      expiresOn: documents.expiresOn,
      reminderDaysSent: documents.reminderDaysSent,
    })
    .from(documents)
    .where(
      and(
        eq(documents.status, 'approved'),
        eq(documents.kind, 'insurance'),
        gte(documents.expiresOn, today),
        lte(documents.expiresOn, until),
        sql`not exists (select 1 from ${documents} later where later.user_id = ${documents.userId}
              and later.kind = 'insurance' and later.status = 'approved' and later.expires_on > ${documents.expiresOn})`,
      ),
    )
    .orderBy(asc(documents.expiresOn), asc(documents.id));
}

/**
 * Marks a reminder sent, only if no reminder at or below `days` was sent already: of two runs racing,
 * one gets the row and sends the reminder. True when this call marked it.
 */
export async function markReminder(tx: Executor, id: string, days: number): Promise<boolean> {
  const rows = await tx
    .update(documents)
    .set({ reminderDaysSent: days })
    .where(
      and(
        eq(documents.id, id),
        eq(documents.status, 'approved'),
        sql`(${documents.reminderDaysSent} is null or ${documents.reminderDaysSent} > ${days})`,
      ),
    )
    .returning({ id: documents.id });
  return rows.length > 0;
}
