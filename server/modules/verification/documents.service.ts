import { randomUUID } from 'node:crypto';
import { documentStatus } from '../../../domain/catalog/statuses';
import { londonToday } from '../../../domain/marketplace/schemas';
import type { DocumentsResponse, DocumentView } from '../../../domain/profiles/api';
import { DOCUMENT_MESSAGES, UPLOAD_LIMITS, uploadDocumentSchema } from '../../../domain/profiles/documents';
import { missingForVerification } from '../../../domain/verification/verification';
import { type FileStorage, isSafeKey, type StoredFile } from '../../adapters/storage';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { AVATAR_PREFIX, DOCUMENT_PREFIX, deleteQuietly, type Logger } from '../../lib/stored-files';
import type { AuthContext } from '../../plugins/auth-context';
import { EXTENSION_OF, requireTradesperson, type Upload } from '../profiles';
import { toStoredDocument } from './document-file';
import {
  type DocumentRow,
  type DocumentViewRow,
  deletePendingDocument,
  documentByKey,
  documentsOf,
  findDocument,
  insertDocument,
  pendingCount,
} from './documents.repository';

export interface DocumentDeps {
  db: Database;
  storage: FileStorage;
  clock: Clock;
}

export function documentView(row: DocumentViewRow): DocumentView {
  return {
    id: row.id,
    kind: row.kind as DocumentView['kind'],
    title: row.title,
    status: documentStatus(row.status),
    fileName: row.fileName,
    expiresOn: row.expiresOn,
    createdAt: row.createdAt.toISOString(),
    rejectionReason: row.rejectionReason,
    replacesId: row.replacesId,
  };
}

export async function myDocuments(deps: DocumentDeps, auth: AuthContext): Promise<DocumentsResponse> {
  requireTradesperson(auth);
  const rows = await documentsOf(deps.db, auth.user.id);
  const docs = rows.map(documentView);
  const missing = missingForVerification(docs, londonToday(deps.clock.now()));
  return { documents: docs, verification: { verified: missing.length === 0, missing } };
}

/** Stores a new document for review (DOMAIN-RULES 10): status pending until an admin decides. */
export async function uploadDocument(
  deps: DocumentDeps,
  auth: AuthContext,
  upload: Upload,
  log: Logger,
): Promise<DocumentView> {
  requireTradesperson(auth);
  // 'Not in the past' by the app's clock, as verification counts it.
  const parsed = uploadDocumentSchema(() => londonToday(deps.clock.now())).safeParse(upload.fields);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    throw AppError.validation(details[0]!.message, details);
  }
  const { bytes, type } = await toStoredDocument(upload.bytes);
  if ((await pendingCount(deps.db, auth.user.id)) >= UPLOAD_LIMITS.pendingDocumentsMax) {
    throw AppError.conflict('too_many_pending', DOCUMENT_MESSAGES.tooManyPending);
  }

  const replaced = parsed.data.replaces ? await findDocument(deps.db, parsed.data.replaces) : undefined;
  if (parsed.data.replaces) {
    if (!replaced || replaced.userId !== auth.user.id) throw AppError.notFound(DOCUMENT_MESSAGES.replaces);
    if (replaced.kind !== parsed.data.kind) {
      throw AppError.validation(DOCUMENT_MESSAGES.replacesKind, [
        { field: 'kind', message: DOCUMENT_MESSAGES.replacesKind },
      ]);
    }
  }

  const id = randomUUID();
  const key = `${DOCUMENT_PREFIX}${id}.${EXTENSION_OF[type]}`;
  await deps.storage.put(key, bytes, type);
  let withdrawn: DocumentRow | undefined;
  try {
    const row = await deps.db.transaction(async (tx) => {
      // Replacing a document still waiting for review withdraws it: the admin checks the new one only.
      if (replaced?.status === 'pending') {
        withdrawn = await deletePendingDocument(tx, replaced.id, auth.user.id);
        if (!withdrawn) throw AppError.conflict('not_pending', DOCUMENT_MESSAGES.notPending);
      }
      return insertDocument(tx, {
        id,
        userId: auth.user.id,
        kind: parsed.data.kind,
        title: parsed.data.title,
        expiresOn: parsed.data.expiresOn,
        storageKey: key,
        fileName: upload.fileName,
        mimeType: type,
        sizeBytes: bytes.length,
        // A withdrawn pending document leaves no row to point at; what it replaced is kept instead.
        replacesId: replaced?.status === 'pending' ? replaced.replacesId : (replaced?.id ?? null),
      });
    });
    if (withdrawn) await deleteQuietly(deps.storage, withdrawn.storageKey, log);
    return documentView(row);
  } catch (err) {
    await deleteQuietly(deps.storage, key, log);
    throw err;
  }
}

/** A pending document can be withdrawn; a reviewed one is part of the verification record. */
export async function deleteDocument(deps: DocumentDeps, auth: AuthContext, id: string, log: Logger) {
  requireTradesperson(auth);
  const deleted = await deletePendingDocument(deps.db, id, auth.user.id);
  if (!deleted) {
    const existing = await findDocument(deps.db, id);
    if (!existing || existing.userId !== auth.user.id) throw AppError.notFound();
    throw AppError.conflict('not_pending', DOCUMENT_MESSAGES.notPending);
  }
  await deleteQuietly(deps.storage, deleted.storageKey, log);
}

export interface ServedFile extends StoredFile {
  /** Profile pictures are public and never change under a key; documents are private. */
  isPublic: boolean;
  /** Documents download under their uploaded name instead of opening in the browser. */
  downloadAs?: string;
}

/**
 * A stored file for GET /files/<key>: profile pictures to anyone, a document's file to its owner and
 * admins. Everything else, malformed keys included, is not found.
 */
export async function fileFor(
  deps: DocumentDeps,
  auth: AuthContext | null,
  key: string,
): Promise<ServedFile> {
  if (!isSafeKey(key)) throw AppError.notFound();
  const isPublic = key.startsWith(AVATAR_PREFIX);
  let downloadAs: string | undefined;
  if (!isPublic) {
    if (!auth) throw AppError.notFound();
    const document = await documentByKey(deps.db, key);
    if (!document || (document.userId !== auth.user.id && !auth.user.isAdmin)) throw AppError.notFound();
    downloadAs = document.fileName;
  }
  const file = await deps.storage.get(key);
  if (!file) throw AppError.notFound();
  return { ...file, isPublic, downloadAs };
}
