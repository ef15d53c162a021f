import type {
  AdminDocumentView,
  DocumentDecisionBody,
  DocumentDecisionResponse,
  VerificationQueueResponse,
} from '../../../domain/admin/api';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '../../../domain/admin/api';
import type { DocumentKind } from '../../../domain/catalog/statuses';
import { documentStatus } from '../../../domain/catalog/statuses';
import { londonToday } from '../../../domain/marketplace/schemas';
import { daysBetween, INSURANCE_REMINDER_DAYS, reminderDue } from '../../../domain/verification/verification';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { SharedPages } from '../../lib/shared-pages';
import type { Logger } from '../../lib/stored-files';
import type { AuthContext } from '../../plugins/auth-context';
import type { EventOutbox } from '../../queue/outbox';
import { recordAudit } from '../audit';
import { documentView } from './documents.service';
import {
  type AdminDocumentJson,
  type AdminDocumentRow,
  adminDocumentRowsOfJson,
  countPending,
  decidedQueue,
  expiredApproved,
  insuranceExpiringSoon,
  lockDocument,
  lockTradesperson,
  markReminder,
  pendingQueue,
  queueRow,
  recomputeAllDisagreeing,
  recomputeVerified,
  updateDocument,
} from './verification.repository';

export interface VerificationDeps {
  db: Database;
  events: EventOutbox;
  clock: Clock;
}

/** The verification queue shows the oldest documents first, at most this many at once. */
const QUEUE_LIMIT = ADMIN_LIMITS.queueRows;

export function adminDocumentView(row: AdminDocumentRow): AdminDocumentView {
  const d = row.document;
  return {
    ...documentView(d),
    version: d.version,
    mimeType: d.mimeType,
    sizeBytes: d.sizeBytes,
    fileUrl: `/api/v1/files/${d.storageKey}`,
    reviewedAt: d.reviewedAt?.toISOString() ?? null,
    reviewerName: row.reviewerName,
    replaces: row.replaces?.id
      ? {
          id: row.replaces.id,
          title: row.replaces.title,
          status: documentStatus(row.replaces.status),
          expiresOn: row.replaces.expiresOn,
        }
      : null,
    tradesperson: row.tradesperson,
  };
}

export async function verificationQueue(deps: VerificationDeps, status: 'pending' | 'decided') {
  const rows =
    status === 'pending'
      ? await pendingQueue(deps.db, QUEUE_LIMIT)
      : await decidedQueue(deps.db, QUEUE_LIMIT);
  // The count rides on every row; an empty page reads it on its own (none, when pending is asked).
  const pendingCount = rows[0]?.pendingCount ?? (status === 'pending' ? 0 : await countPending(deps.db));
  return { documents: rows.map(adminDocumentView), pendingCount };
}

/** A user's documents for the admin's view of the user, from the JSON its statement read (documentsJsonOfUser). */
export function documentsForAdmin(json: AdminDocumentJson[]): AdminDocumentView[] {
  return adminDocumentRowsOfJson(json).map(adminDocumentView);
}

const changed = () => AppError.conflict('document_changed', ADMIN_MESSAGES.documentChanged);
const notDecidable = (message: string = ADMIN_MESSAGES.notDecidable) =>
  AppError.conflict('not_decidable', message);

/**
 * An admin approves or rejects a document (DOMAIN-RULES 10). The decision names the version it was
 * made on: if the document changed since (another admin decided, it expired, it was withdrawn), it
 * is refused rather than overwritten. Approval is for pending documents; rejection also withdraws an
 * approval. The tradesperson's status is recomputed under its profile lock in the same transaction,
 * the decision is audited with the state before and after, and the tradesperson is told.
 */
export async function decideDocument(
  deps: VerificationDeps,
  auth: AuthContext,
  id: string,
  body: DocumentDecisionBody,
  ip: string | null,
): Promise<DocumentDecisionResponse> {
  const today = londonToday(deps.clock.now());
  const verified = await deps.db.transaction(async (tx) => {
    const doc = await lockDocument(tx, id);
    if (!doc) throw AppError.notFound();
    // Locks are taken document first, then profile, by everyone who takes both: no deadlock.
    const before = await lockTradesperson(tx, doc.userId);
    if (doc.version !== body.version) throw changed();
    if (body.decision === 'approve') {
      if (doc.status !== 'pending') throw notDecidable();
      if (doc.expiresOn !== null && doc.expiresOn < today)
        throw notDecidable(ADMIN_MESSAGES.insuranceExpired);
    } else if (doc.status !== 'pending' && doc.status !== 'approved') {
      throw notDecidable();
    }
    const after = await updateDocument(tx, doc.id, {
      status: body.decision === 'approve' ? 'approved' : 'rejected',
      rejectionReason: body.decision === 'reject' ? body.reason : null,
      reviewedBy: auth.user.id,
      reviewedAt: deps.clock.now(),
    });
    const nowVerified = await recomputeVerified(tx, doc.userId, today);
    const ref = { documentId: doc.id, tradespersonId: doc.userId, kind: doc.kind as DocumentKind };
    const eventId = await deps.events.record(
      tx,
      body.decision === 'approve'
        ? { type: 'document.approved', actorId: auth.user.id, payload: { ...ref, verified: nowVerified } }
        : {
            type: 'document.rejected',
            actorId: auth.user.id,
            payload: { ...ref, verified: nowVerified, reason: body.reason },
          },
    );
    // Written here, with the states, under the event's id: the dispatcher's own row for it is skipped.
    await recordAudit(tx, {
      actorUserId: auth.user.id,
      action: body.decision === 'approve' ? 'document.approved' : 'document.rejected',
      entityType: 'document',
      entityId: doc.id,
      details: {
        userId: doc.userId,
        before: { status: doc.status, version: doc.version, verified: before?.verified ?? false },
        after: { status: after.status, version: after.version, verified: nowVerified },
        reason: body.decision === 'reject' ? body.reason : null,
      },
      ip,
      eventId,
    });
    return nowVerified;
  });
  deps.events.committed();
  const row = await queueRow(deps.db, id);
  return { document: adminDocumentView(row!), verified };
}

/**
 * The daily verification job: approved documents past their expiry date become `expired` (and the
 * tradesperson loses the badge and the listing if that was their cover), insurance reminders go out
 * 30 and 7 days before expiry, once each, and any profile whose flag disagrees with its documents is
 * put right. Each document is its own transaction, so a failure leaves the rest done; the next run
 * picks up whatever is left. Returns what it did, for the log and the tests.
 */
export async function runVerificationChecks(
  deps: VerificationDeps,
  log?: Logger,
): Promise<{ expired: number; reminders: number; corrected: number }> {
  const today = londonToday(deps.clock.now());
  let expired = 0;
  for (;;) {
    const due = await expiredApproved(deps.db, today, 100);
    for (const { id } of due) if (await expireDocument(deps, id, today)) expired++;
    if (due.length < 100) break;
  }

  let reminders = 0;
  const horizon = addDays(today, Math.max(...INSURANCE_REMINDER_DAYS));
  for (const doc of await insuranceExpiringSoon(deps.db, today, horizon)) {
    const days = reminderDue(doc.expiresOn!, today, doc.reminderDaysSent);
    if (days === null) continue;
    const sent = await deps.db.transaction(async (tx) => {
      if (!(await markReminder(tx, doc.id, days))) return false;
      await deps.events.record(tx, {
        type: 'document.expiring',
        actorId: null,
        payload: {
          documentId: doc.id,
          tradespersonId: doc.userId,
          kind: 'insurance',
          daysLeft: daysBetween(today, doc.expiresOn!),
          expiresOn: doc.expiresOn!,
        },
      });
      return true;
    });
    if (sent) reminders++;
  }

  const corrected = await deps.db.transaction((tx) => recomputeAllDisagreeing(tx, today));
  if (expired + reminders > 0) deps.events.committed();
  if (corrected.length > 0) log?.warn({ users: corrected.length }, 'verified flags disagreed with documents');
  return { expired, reminders, corrected: corrected.length };
}

async function expireDocument(deps: VerificationDeps, id: string, today: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const doc = await lockDocument(tx, id);
    if (!doc) return false;
    await lockTradesperson(tx, doc.userId);
    if (doc.status !== 'approved' || doc.expiresOn === null || doc.expiresOn >= today) return false;
    await updateDocument(tx, doc.id, { status: 'expired' });
    const verified = await recomputeVerified(tx, doc.userId, today);
    await deps.events.record(tx, {
      type: 'document.expired',
      actorId: null,
      payload: { documentId: doc.id, tradespersonId: doc.userId, kind: doc.kind as DocumentKind, verified },
    });
    return true;
  });
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The verification queue, shared between admins like the overview: a page of up to 100
 * documents with their tradespeople was the dearest read of the console. An admin's decision clears
 * it (app.ts), so the deciding admin's next read shows the decision; a new upload shows within
 * ADMIN_SHARED_MS.
 */
export function sharedVerificationQueue(
  deps: VerificationDeps & { adminReads: SharedPages<unknown> },
  status: 'pending' | 'decided',
): Promise<VerificationQueueResponse> {
  return deps.adminReads.get(`verifications:${status}`, () =>
    verificationQueue(deps, status),
  ) as Promise<VerificationQueueResponse>;
}
