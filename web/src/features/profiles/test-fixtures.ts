// Shapes the profile API answers with (docs/api/profiles.md), for component tests.
import type { OwnProfile } from '@domain/profiles/api';

export function makeOwnProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    businessName: null,
    vatNumber: null,
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
