import { z } from 'zod';
import { TRADES } from '../catalog/catalog';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from '../catalog/statuses';

// The API contract of a tradesperson's own profile, Business Setup and verification documents
// (docs/api/tradespeople.md): the server serializes with these schemas, and the web imports their types
// only. Request bodies are in ./schemas and ./documents, shared with the forms.

/** The tradesperson's own profile, as Edit Profile and Business Setup show it. */
export const OwnProfile = z.object({
  businessName: z.string().nullable(),
  phone: z.string().nullable(),
  trade: z.enum(TRADES).nullable(),
  bio: z.string().nullable(),
  yearsExperience: z.number().int().nullable(),
  hourlyRateMin: z.number().int().nullable(),
  hourlyRateMax: z.number().int().nullable(),
  specialties: z.array(z.string()),
  serviceAreas: z.array(z.string()),
  basePostcode: z.string().nullable(),
  serviceRadiusMiles: z.number().int(),
  avatarUrl: z.string().nullable(),
  verified: z.boolean(),
  setupCompletedAt: z.string().nullable(),
});
export type OwnProfile = z.infer<typeof OwnProfile>;

export const OwnProfileResponse = z.object({ profile: OwnProfile });
export type OwnProfileResponse = z.infer<typeof OwnProfileResponse>;

export const PictureResponse = z.object({ avatarUrl: z.string() });
export type PictureResponse = z.infer<typeof PictureResponse>;

/** One row of GET /documents (docs/api/tradespeople.md). */
export const DocumentView = z.object({
  id: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  title: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  fileName: z.string(),
  expiresOn: z.string().nullable(),
  createdAt: z.string(),
  rejectionReason: z.string().nullable(),
  /** The document this one was uploaded to replace. */
  replacesId: z.string().nullable(),
});
export type DocumentView = z.infer<typeof DocumentView>;

export const DocumentsResponse = z.object({
  documents: z.array(DocumentView),
  /** DOMAIN-RULES 10, as of today: verified, or what still needs approving. */
  verification: z.object({
    verified: z.boolean(),
    missing: z.array(z.enum(['photo_id', 'insurance'])),
  }),
});
export type DocumentsResponse = z.infer<typeof DocumentsResponse>;
export const DocumentResponse = z.object({ document: DocumentView });
export type DocumentResponse = z.infer<typeof DocumentResponse>;
