import { describe, expect, it } from 'vitest';
import { haversineKm, haversineMiles, milesAwayText, roundMiles } from './distance';

// The check value from data/uk-postcodes/README.md: sector SW1A 1 to sector M1 1.
const SW1A_1 = { lat: 51.5026, lng: -0.13906 };
const M1_1 = { lat: 53.48236, lng: -2.23562 };

describe('haversine distance', () => {
  it('matches the data README check value of 162.7 miles and 261.9 km', () => {
    expect(haversineMiles(SW1A_1, M1_1)).toBeCloseTo(162.7, 1);
    expect(haversineKm(SW1A_1, M1_1)).toBeCloseTo(261.9, 1);
  });

  it('is symmetric and zero between a point and itself', () => {
    expect(haversineMiles(M1_1, SW1A_1)).toBe(haversineMiles(SW1A_1, M1_1));
    expect(haversineMiles(SW1A_1, SW1A_1)).toBe(0);
  });

  it('measures one degree of latitude as about 69.1 miles', () => {
    expect(haversineMiles({ lat: 52, lng: -1 }, { lat: 53, lng: -1 })).toBeCloseTo(69.09, 2);
  });

  it('stays finite for antipodal points', () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371.0088, 6);
  });
});

describe('roundMiles', () => {
  it.each([
    [0, 0],
    [0.04, 0],
    [2.44, 2.4],
    [2.45, 2.5],
    [9.94, 9.9],
    [9.96, 10],
    [10.4, 10],
    [162.74, 163],
  ])('shows %d miles as %d', (miles, shown) => {
    expect(roundMiles(miles)).toBe(shown);
  });
});

describe('distance wording', () => {
  it('shows one decimal under 10 miles and whole miles beyond', () => {
    expect(milesAwayText(3.24)).toBe('3.2 miles away');
    expect(milesAwayText(1.04)).toBe('1 mile away');
    expect(milesAwayText(249.4)).toBe('249 miles away');
  });
});
