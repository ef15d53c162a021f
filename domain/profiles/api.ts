import { z } from 'zod';
import { ADMIN_LIMITS } from '../admin/messages';
import { TRADES } from '../catalog/catalog';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from '../catalog/statuses';
import { CalendarDate, Id, Postcode, Tags, Text, Timestamp, unbounded } from '../fields';
import { PROFILE_LIMITS } from './schemas';

// The API contract of a tradesperson's own profile, Business Setup and verification documents
// (docs/api/profiles.md, docs/api/verification.md): the server serializes with these schemas, and
// the web imports their types only. Request bodies are in ./schemas and ./documents, shared with the forms.

/** What a tradesperson says of their trade and work: the same on their own profile and the public one. */
export const TRADE_DETAILS = {
  trade: z.enum(TRADES).nullable(),
  bio: z.string().max(PROFILE_LIMITS.bioMax).nullable(),
  yearsExperience: z.number().int().nullable(),
  hourlyRateMin: z.number().int().nullable(),
  hourlyRateMax: z.number().int().nullable(),
  specialties: Tags,
  serviceAreas: Tags,
};

/** The tradesperson's own profile, as Edit Profile and Business Setup show it. */
export const OwnProfile = z.object({
  businessName: z.string().max(PROFILE_LIMITS.businessNameMax).nullable(),
  /** Normalised ('GB980780684'); null when not VAT registered. Quotes with VAT name it. */
  vatNumber: z.string().max(14).nullable(),
  phone: z.string().max(PROFILE_LIMITS.phoneMax).nullable(),
  ...TRADE_DETAILS,
  basePostcode: Postcode.nullable(),
  serviceRadiusMiles: z.number().int(),
  avatarUrl: Text.nullable(),
  verified: z.boolean(),
  setupCompletedAt: Timestamp.nullable(),
});
export type OwnProfile = z.infer<typeof OwnProfile>;

export const OwnProfileResponse = z.object({ profile: OwnProfile });
export type OwnProfileResponse = z.infer<typeof OwnProfileResponse>;

export const PictureResponse = z.object({ avatarUrl: Text });
export type PictureResponse = z.infer<typeof PictureResponse>;

/** One row of GET /documents (docs/api/verification.md). */
export const DocumentView = z.object({
  id: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  title: Text,
  status: z.enum(DOCUMENT_STATUSES),
  fileName: Text,
  expiresOn: CalendarDate.nullable(),
  createdAt: Timestamp,
  rejectionReason: z.string().max(ADMIN_LIMITS.reasonMax).nullable(),
  /** The document this one was uploaded to replace. */
  replacesId: Id.nullable(),
});
export type DocumentView = z.infer<typeof DocumentView>;

export const DocumentsResponse = z.object({
  documents: unbounded(DocumentView, "every version of the tradesperson's documents"),
  /** DOMAIN-RULES 10, as of today: verified, or what still needs approving. */
  verification: z.object({
    verified: z.boolean(),
    missing: z.array(z.enum(['photo_id', 'insurance'])).max(2),
  }),
});
export type DocumentsResponse = z.infer<typeof DocumentsResponse>;
export const DocumentResponse = z.object({ document: DocumentView });
export type DocumentResponse = z.infer<typeof DocumentResponse>;
