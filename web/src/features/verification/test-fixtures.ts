// Shapes the verification API answers with (docs/api/verification.md), for component tests.
import type { AdminDocumentView, VerificationQueueResponse } from '@domain/admin/api';
import type { DocumentsResponse, DocumentView } from '@domain/profiles/api';
import { TRADESPERSON_ID } from '@/test/fixtures';

export function makeDocument(overrides: Partial<DocumentView> = {}): DocumentView {
  return {
    id: '40000000-0000-4000-8000-000000000001',
    kind: 'photo_id',
    title: 'Photo ID',
    status: 'pending',
    fileName: 'passport.jpg',
    expiresOn: null,
    createdAt: '2025-06-01T09:00:00Z',
    rejectionReason: null,
    replacesId: null,
    ...overrides,
  };
}

/**
 * GET /documents's answer. `missing` defaults to what the documents leave unapproved, roughly as the
 * server works it out (approved counts, insurance only with an expiry date); give it to say otherwise.
 */
export function documentsAnswer(
  documents: DocumentView[],
  missing?: DocumentsResponse['verification']['missing'],
): DocumentsResponse {
  const approved = (kind: DocumentView['kind']) =>
    documents.some(
      (d) => d.kind === kind && d.status === 'approved' && (kind !== 'insurance' || d.expiresOn),
    );
  const need = missing ?? (['photo_id', 'insurance'] as const).filter((kind) => !approved(kind));
  return { documents, verification: { verified: need.length === 0, missing: [...need] } };
}

export function makeAdminDocument(overrides: Partial<AdminDocumentView> = {}): AdminDocumentView {
  return {
    id: '40000000-0000-4000-8000-000000000001',
    kind: 'photo_id',
    title: 'Passport',
    status: 'pending',
    fileName: 'passport.jpg',
    expiresOn: null,
    createdAt: '2026-11-02T09:00:00Z',
    rejectionReason: null,
    replacesId: null,
    version: 3,
    mimeType: 'image/jpeg',
    sizeBytes: 245_000,
    fileUrl: '/api/v1/files/documents/passport.jpg',
    reviewedAt: null,
    reviewerName: null,
    replaces: null,
    tradesperson: {
      id: TRADESPERSON_ID,
      fullName: 'Tom Pipes',
      email: 'tom@example.com',
      trade: 'Plumber',
      verified: false,
    },
    ...overrides,
  };
}

export function makeQueue(
  documents: AdminDocumentView[],
  pendingCount = documents.length,
): VerificationQueueResponse {
  return { documents, pendingCount };
}
