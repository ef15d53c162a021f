import { z } from 'zod';
import { TRADES } from '../catalog/catalog';
import {
  CalendarDate,
  Cursor,
  Id,
  PersonName,
  PlaceName,
  Postcode,
  ReviewText,
  Tags,
  Text,
  Timestamp,
  unbounded,
} from '../fields';
import { TRADE_DETAILS } from '../profiles/api';
import { PROFILE_LIMITS } from '../profiles/limits';
import { TRADESPEOPLE_LAST_PAGE } from './search';

// The API contract of finding tradespeople (docs/api/discovery.md): the server validates and
// serializes with these schemas, so an internal column (a base postcode, a document's storage key) can
// never leak into a response, and the web imports their types only. Rates are whole pounds per hour
// (never pence); dates are ISO strings.

/** One tradesperson in search results, featured professionals and Saved Professionals. */
export const TradespersonCard = z.object({
  id: Id,
  fullName: PersonName.nullable(),
  trade: z.enum(TRADES).nullable(),
  verified: z.boolean(),
  avatarUrl: Text,
  /** Mean of the reviews to 1 decimal, 0 with none. */
  rating: z.number(),
  reviewCount: z.number().int(),
  hourlyRateMin: z.number().int().nullable(),
  hourlyRateMax: z.number().int().nullable(),
  /** Already the first 3. */
  specialties: Tags,
  location: PlaceName,
  /** From the searched location; null without one. */
  distanceMiles: z.number().nullable(),
  /** The signed-in customer has saved them (false for everyone else). */
  saved: z.boolean(),
});
export type TradespersonCard = z.infer<typeof TradespersonCard>;

/** Featured professionals (at most 6) and a customer's saved professionals, which are not capped. */
export const TradespersonList = z.object({
  tradespeople: unbounded(TradespersonCard, "a customer's saved professionals are not capped"),
});
export type TradespersonList = z.infer<typeof TradespersonList>;

// An empty parameter (`?service=`) means the same as none.
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);

/** The most tradespeople a search page, and reviews a reviews page, holds (the `limit` query's bound). */
export const TRADESPEOPLE_PAGE_MAX = 50;
export const REVIEWS_PAGE_MAX = 50;

export const TradespeopleFilter = z.enum(['all', 'verified', 'top-rated', 'nearby']);
export type TradespeopleFilter = z.infer<typeof TradespeopleFilter>;

export const TradespeopleSearchQuery = z.object({
  service: optionalText(100),
  location: optionalText(100),
  category: optionalText(40),
  filter: TradespeopleFilter.default('all'),
  page: z.coerce.number().int().min(1).max(TRADESPEOPLE_LAST_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(TRADESPEOPLE_PAGE_MAX).default(20),
});

export const SearchLocation = z.object({ label: PlaceName, lat: z.number(), lng: z.number() });
export type SearchLocation = z.infer<typeof SearchLocation>;

export const TradespeopleSearchPage = z.object({
  tradespeople: z.array(TradespersonCard).max(TRADESPEOPLE_PAGE_MAX),
  total: z.number().int(),
  /** True when more than `total` match: counting stopped at TRADESPEOPLE_COUNT_CAP (./search). */
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  location: SearchLocation.nullable(),
});
export type TradespeopleSearchPage = z.infer<typeof TradespeopleSearchPage>;

export const FeaturedQuery = z.object({ limit: z.coerce.number().int().min(1).max(6).default(6) });

export const VerificationCheck = z.object({
  kind: z.enum(['photo_id', 'insurance', 'accreditation']),
  title: Text,
  verifiedAt: Timestamp,
  expiresOn: CalendarDate.nullable(),
});
export type VerificationCheck = z.infer<typeof VerificationCheck>;

export const PublicProfile = z.object({
  id: Id,
  fullName: PersonName.nullable(),
  businessName: z.string().max(PROFILE_LIMITS.businessNameMax).nullable(),
  /** Has a VAT number on its profile (the number itself is shown on its quotes). */
  vatRegistered: z.boolean(),
  ...TRADE_DETAILS,
  /** e.g. 'LS1, Leeds' (never the full postcode). */
  baseDistrict: Postcode.nullable(),
  serviceRadiusMiles: z.number().int(),
  verified: z.boolean(),
  checks: unbounded(VerificationCheck, "the tradesperson's verified documents"),
  rating: z.number(),
  reviewCount: z.number().int(),
  avatarUrl: Text,
  memberSince: Timestamp,
  saved: z.boolean(),
  /** The tradesperson's 'Show reviews publicly' switch. */
  reviewsPublic: z.boolean(),
  isOwnProfile: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

export const PublicProfileResponse = z.object({ profile: PublicProfile });
export type PublicProfileResponse = z.infer<typeof PublicProfileResponse>;

export const PublicReview = z.object({
  id: Id,
  rating: z.number().int(),
  comment: ReviewText.nullable(),
  /** 'Ann S.' */
  reviewerName: PersonName,
  createdAt: Timestamp,
  /** When it became public (fair reveal): the list is newest published first. */
  publishedAt: Timestamp,
  reply: ReviewText.nullable(),
  repliedAt: Timestamp.nullable(),
  /** The signed-in viewer may report it: not its author, and not reported by them already. */
  canReport: z.boolean(),
  /** The signed-in viewer has reported it. */
  reported: z.boolean(),
});
export type PublicReview = z.infer<typeof PublicReview>;

export const ReviewsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(REVIEWS_PAGE_MAX).default(10),
});
export const ReviewsSummary = z.object({
  /** The one rating (DOMAIN-RULES 8): mean of published reviews to 1 decimal, 0 with none. */
  rating: z.number(),
  reviewCount: z.number().int(),
  /** How many reviews gave 5, 4, 3, 2 and 1 stars, in that order. */
  distribution: z.array(z.number().int()).length(5),
});
export type ReviewsSummary = z.infer<typeof ReviewsSummary>;

export const ReviewsPage = z.object({
  reviews: z.array(PublicReview).max(REVIEWS_PAGE_MAX),
  nextCursor: Cursor.nullable(),
  /** Null when the tradesperson does not show reviews publicly (and the viewer is not them or an admin). */
  summary: ReviewsSummary.nullable(),
  reviewsPublic: z.boolean(),
});
export type ReviewsPage = z.infer<typeof ReviewsPage>;
