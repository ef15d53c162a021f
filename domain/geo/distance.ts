// Great-circle distances for "within N miles" searches. Pure: no Node APIs.

export interface GeoPoint {
  /** WGS84 latitude, decimal degrees. */
  lat: number;
  /** WGS84 longitude, decimal degrees. */
  lng: number;
}

// The IUGG mean Earth radius, as data/uk-postcodes/README.md prescribes, so that our distances match
// its check value (SW1A 1 -> M1 1 = 261.9 km = 162.7 miles).
export const EARTH_RADIUS_KM = 6371.0088;
export const EARTH_RADIUS_MILES = 3958.76;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Central angle between two points, in radians (haversine: stable for the short distances we mostly measure). */
function centralAngle(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  // Rounding can push h a hair above 1 for antipodal points; asin would then return NaN.
  return 2 * Math.asin(Math.sqrt(Math.min(1, h)));
}

export function haversineMiles(a: GeoPoint, b: GeoPoint): number {
  return EARTH_RADIUS_MILES * centralAngle(a, b);
}

export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  return EARTH_RADIUS_KM * centralAngle(a, b);
}

/**
 * Rounds a distance for display: one decimal below 10 miles ("2.4 miles" tells a customer something
 * "2 miles" does not), whole miles from 10 up, where a decimal would claim more precision than sector
 * centroids have (the data README warns of a few km of error in large rural sectors).
 */
export function roundMiles(miles: number): number {
  return miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles);
}

/** '3.2 miles away', '1 mile away', '249 miles away': one wording for every screen. */
export function milesAwayText(miles: number): string {
  const rounded = roundMiles(miles);
  return `${rounded} ${rounded === 1 ? 'mile' : 'miles'} away`;
}
