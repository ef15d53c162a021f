// Shapes of docs/api/tradespeople.md. Rates are whole pounds per hour (never pence); dates are ISO strings.
import type { Trade } from '@domain/catalog/catalog';

/** One tradesperson in search results, featured professionals and Saved Professionals. */
export type TradespersonSummary = {
  id: string;
  fullName: string | null;
  trade: Trade | null;
  verified: boolean;
  avatarUrl: string;
  /** Mean of the reviews to 1 decimal, 0 with none. */
  rating: number;
  reviewCount: number;
  hourlyRateMin: number | null;
  hourlyRateMax: number | null;
  /** Already the first 3. */
  specialties: string[];
  location: string;
  /** From the searched location; null without one. */
  distanceMiles: number | null;
  /** The signed-in customer has saved them (false for everyone else). */
  saved: boolean;
};

export type VerificationCheck = {
  kind: 'photo_id' | 'insurance' | 'accreditation';
  title: string;
  verifiedAt: string;
  expiresOn: string | null;
};

export type PublicProfile = {
  id: string;
  fullName: string | null;
  businessName: string | null;
  trade: Trade | null;
  bio: string | null;
  yearsExperience: number | null;
  hourlyRateMin: number | null;
  hourlyRateMax: number | null;
  specialties: string[];
  serviceAreas: string[];
  /** e.g. 'LS1, Leeds' (never the full postcode). */
  baseDistrict: string | null;
  serviceRadiusMiles: number;
  verified: boolean;
  checks: VerificationCheck[];
  rating: number;
  reviewCount: number;
  avatarUrl: string;
  memberSince: string;
  saved: boolean;
  /** The tradesperson's 'Show reviews publicly' switch. */
  reviewsPublic: boolean;
  isOwnProfile: boolean;
};

export type Review = {
  id: string;
  rating: number;
  comment: string | null;
  /** 'Ann S.' */
  reviewerName: string;
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
};

export type SearchLocation = { label: string; lat: number; lng: number };

export type TradespeopleSearchPage = {
  tradespeople: TradespersonSummary[];
  total: number;
  page: number;
  pageSize: number;
  location: SearchLocation | null;
};

export type ReviewsPage = { reviews: Review[]; nextCursor: string | null };

export type VisitorLocation = { city: string | null; district: string | null };
