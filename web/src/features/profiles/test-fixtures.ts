// Shapes the profile and documents API answers with (docs/api/tradespeople.md), for component tests.
import type { DocumentsResponse, DocumentView, OwnProfile } from '@domain/profiles/api';

export function makeOwnProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    businessName: null,
    phone: null,
    trade: 'Plumber',
    bio: 'Local plumber.',
    yearsExperience: 10,
    hourlyRateMin: 40,
    hourlyRateMax: 60,
    specialties: ['Boilers'],
    serviceAreas: ['Salford'],
    basePostcode: 'M1 1AE',
    serviceRadiusMiles: 15,
    avatarUrl: null,
    verified: false,
    setupCompletedAt: null,
    ...overrides,
  };
}

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
