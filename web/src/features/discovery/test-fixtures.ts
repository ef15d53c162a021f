// Shapes the tradespeople API answers with (docs/api/discovery.md), for component tests.
import type {
  PublicProfile,
  PublicReview,
  ReviewsPage,
  TradespeopleSearchPage,
  TradespersonCard,
} from '@domain/discovery/api';

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `40000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

export function makeCard(overrides: Partial<TradespersonCard> = {}): TradespersonCard {
  const id = overrides.id ?? nextId();
  return {
    id,
    fullName: 'Tom Pipes',
    trade: 'Plumber',
    verified: true,
    avatarUrl: `/api/v1/avatars/${id}.svg`,
    rating: 4.7,
    reviewCount: 12,
    hourlyRateMin: 25,
    hourlyRateMax: 45,
    specialties: ['Boilers', 'Leaks', 'Bathrooms'],
    location: 'Leeds',
    distanceMiles: null,
    saved: false,
    ...overrides,
  };
}

export function searchPage(
  tradespeople: TradespersonCard[],
  overrides: Partial<TradespeopleSearchPage> = {},
): TradespeopleSearchPage {
  return {
    tradespeople,
    total: tradespeople.length,
    totalCapped: false,
    page: 1,
    pageSize: 20,
    location: null,
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  const id = overrides.id ?? nextId();
  return {
    id,
    fullName: 'Tom Pipes',
    businessName: 'Pipes & Sons Ltd',
    vatRegistered: false,
    trade: 'Plumber',
    bio: 'Twenty years fixing leaks across West Yorkshire.',
    yearsExperience: 20,
    hourlyRateMin: 30,
    hourlyRateMax: 50,
    specialties: ['Boilers', 'Leaks', 'Bathrooms', 'Radiators'],
    serviceAreas: ['Leeds', 'Bradford'],
    baseDistrict: 'LS1, Leeds',
    serviceRadiusMiles: 15,
    verified: true,
    checks: [
      { kind: 'photo_id', title: 'Passport', verifiedAt: '2025-03-14T10:00:00.000Z', expiresOn: null },
      {
        kind: 'insurance',
        title: 'Public liability insurance',
        verifiedAt: '2025-03-15T10:00:00.000Z',
        expiresOn: '2026-06-01',
      },
    ],
    rating: 4.5,
    reviewCount: 2,
    avatarUrl: `/api/v1/avatars/${id}.svg`,
    memberSince: '2024-11-02T09:00:00.000Z',
    saved: false,
    reviewsPublic: true,
    isOwnProfile: false,
    ...overrides,
  };
}

export function makeReview(overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id: nextId(),
    rating: 5,
    comment: 'Quick, tidy and fairly priced.',
    reviewerName: 'Ann S.',
    createdAt: '2025-05-10T12:00:00.000Z',
    publishedAt: '2025-05-10T12:00:00.000Z',
    reply: null,
    repliedAt: null,
    canReport: true,
    reported: false,
    ...overrides,
  };
}

export function reviewsPage(reviews: PublicReview[], nextCursor: string | null = null): ReviewsPage {
  const distribution = [5, 4, 3, 2, 1].map((stars) => reviews.filter((r) => r.rating === stars).length);
  const total = reviews.reduce((sum, r) => sum + r.rating, 0);
  return {
    reviews,
    nextCursor,
    summary: {
      rating: reviews.length ? Math.round((total * 10) / reviews.length) / 10 : 0,
      reviewCount: reviews.length,
      distribution,
    },
    reviewsPublic: true,
  };
}

/** An IntersectionObserver that reports every observed element as on screen at once. */
export class ImmediateIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ isIntersecting: true, target } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
