import type { Executor } from '../../db/client';
import { type AuditEntry, insertAuditEntry } from './audit.repository';

export type { AuditEntry };

/**
 * Records one entry in the caller's transaction, so the record and the change commit together. An
 * entry that names a domain event is written once however often the event is handed over.
 */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(tx, entry);
}
