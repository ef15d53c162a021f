import { z } from 'zod';
import { TRADES } from '../../../domain/catalog/catalog';

// The API shapes of docs/api/tradespeople.md. Responses are validated against them, so an internal
// column (a base postcode, a document's storage key) can never leak into a response.

export const TradespersonCard = z.object({
  id: z.string(),
  fullName: z.string().nullable(),
  trade: z.enum(TRADES).nullable(),
  verified: z.boolean(),
  avatarUrl: z.string(),
  rating: z.number(),
  reviewCount: z.number().int(),
  hourlyRateMin: z.number().int().nullable(),
  hourlyRateMax: z.number().int().nullable(),
  specialties: z.array(z.string()),
  location: z.string(),
  distanceMiles: z.number().nullable(),
  saved: z.boolean(),
});
export type TradespersonCard = z.infer<typeof TradespersonCard>;

export const SearchLocation = z.object({ label: z.string(), lat: z.number(), lng: z.number() });

export const SearchResult = z.object({
  tradespeople: z.array(TradespersonCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  location: SearchLocation.nullable(),
});

export const VerificationCheck = z.object({
  kind: z.enum(['photo_id', 'insurance', 'accreditation']),
  title: z.string(),
  verifiedAt: z.string(),
  expiresOn: z.string().nullable(),
});

export const PublicProfile = z.object({
  id: z.string(),
  fullName: z.string().nullable(),
  businessName: z.string().nullable(),
  trade: z.enum(TRADES).nullable(),
  bio: z.string().nullable(),
  yearsExperience: z.number().int().nullable(),
  hourlyRateMin: z.number().int().nullable(),
  hourlyRateMax: z.number().int().nullable(),
  specialties: z.array(z.string()),
  serviceAreas: z.array(z.string()),
  baseDistrict: z.string().nullable(),
  serviceRadiusMiles: z.number().int(),
  verified: z.boolean(),
  checks: z.array(VerificationCheck),
  rating: z.number(),
  reviewCount: z.number().int(),
  avatarUrl: z.string(),
  memberSince: z.string(),
  saved: z.boolean(),
  reviewsPublic: z.boolean(),
  isOwnProfile: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

export const PublicReview = z.object({
  id: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  reviewerName: z.string(),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type PublicReview = z.infer<typeof PublicReview>;
