import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  /** Who acted; null for the system (a scheduled job, the provider's webhook). */
  actorUserId: string | null;
  /** What was done, as `<capability>.<verb>`: `account.password_changed`, `quote.accepted`. */
  action: string;
  entityType: string;
  entityId: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  /** The domain event this entry records, if any: a replayed event is written once. */
  eventId?: string | null;
  /**
   * When it happened, if not now: an event's row is written when the queue dispatches it, and events
   * are not dispatched in the order they happened, so the row keeps the event's own time.
   */
  at?: Date;
}

export async function insertAuditEntry(db: Executor, entry: AuditEntry): Promise<void> {
  await db
    .insert(auditLog)
    .values({
      actorUserId: entry.actorUserId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      details: entry.details ?? {},
      ip: entry.ip ?? null,
      eventId: entry.eventId ?? null,
      ...(entry.at ? { createdAt: entry.at } : {}),
    })
    .onConflictDoNothing({ target: auditLog.eventId });
}
