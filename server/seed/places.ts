// Realistic postcodes and service areas for the demo data, drawn from the bundled postcode tables so that
// every seeded postcode geocodes (and radius search shows believable distances).
import { CITIES, type City } from '../../domain/catalog/catalog';
import type { PlaceRow, PostcodeLocation } from '../../domain/geo/directory';
import { getGeoDirectory, getGeoTables } from '../adapters/geo/uk-geography';
import type { Random } from './random';

export interface CityArea {
  city: City;
  lat: number;
  lng: number;
  /** Residential postcode sectors near the centre, e.g. `M14 5`. */
  sectors: readonly string[];
  /** Towns and neighbourhoods around the city, nearest first, for service areas. */
  towns: readonly PlaceRow[];
}

// Northern Ireland postcode coordinates are not open data (see data/uk-postcodes/README.md), so there are
// no BT sectors to pick from; these are real Belfast sectors, which the directory places at Belfast.
const BELFAST_SECTORS = [
  'BT1 1',
  'BT1 2',
  'BT1 5',
  'BT1 6',
  'BT2 7',
  'BT3 9',
  'BT4 1',
  'BT4 2',
  'BT4 3',
  'BT5 4',
  'BT5 5',
  'BT5 6',
  'BT5 7',
  'BT6 0',
  'BT6 8',
  'BT6 9',
  'BT7 1',
  'BT7 2',
  'BT7 3',
  'BT8 6',
  'BT8 7',
  'BT8 8',
  'BT9 5',
  'BT9 6',
  'BT9 7',
  'BT10 0',
  'BT11 8',
  'BT11 9',
  'BT12 4',
  'BT12 5',
  'BT12 6',
  'BT13 1',
  'BT13 3',
  'BT14 6',
  'BT14 7',
  'BT14 8',
  'BT15 1',
  'BT15 3',
  'BT15 4',
  'BT15 5',
];

// Sector radius around the centre: wider for London, whose "city" spans far more postcodes.
const SECTOR_RADIUS_MILES = 6;
const LONDON_SECTOR_RADIUS_MILES = 8;
const TOWN_RADIUS_MILES = 12;
// Below this many postcodes a sector is usually a business park or a PO box range, not homes.
const MIN_SECTOR_POSTCODES = 100;
const MIN_TOWN_POPULATION = 10_000;

// The bundled data mixes live, withdrawn and PO-box districts (see its README). A demo home should sit in
// a live residential district: skip large-user districts numbered 90+ (E98, BS99 ...) and these, which are
// non-geographic (SO9, M60, W1A, EC1P) or withdrawn in Royal Mail reorganisations (W1V, BS12, BS18, S30).
const NOT_RESIDENTIAL = new Set(['SO9', 'M60', 'W1A', 'EC1P', 'W1V', 'BS12', 'BS18', 'S30']);
const isResidentialDistrict = (district: string) =>
  !NOT_RESIDENTIAL.has(district) && !/^[A-Z]{1,2}9[0-9]$/.test(district);

// Royal Mail never uses C, I, K, M, O or V in the last two letters of a postcode.
const UNIT_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ'.split('');

let cached: ReadonlyMap<City, CityArea> | undefined;

// A degree of latitude is 69 miles anywhere: a cheap test that rules out most of the country before the
// great-circle distance is worked out (~11,000 sectors for each of the 13 cities).
const withinLatitude = (a: { lat: number }, b: { lat: number }, miles: number) =>
  Math.abs(a.lat - b.lat) * 69 <= miles + 1;

export function cityAreas(): ReadonlyMap<City, CityArea> {
  if (cached) return cached;
  const geo = getGeoDirectory();
  const tables = getGeoTables();
  const areas = new Map<City, CityArea>();
  for (const point of geo.cityPoints(CITIES)) {
    const city = point.city as City;
    const radius = city === 'London' ? LONDON_SECTOR_RADIUS_MILES : SECTOR_RADIUS_MILES;
    const sectors =
      city === 'Belfast'
        ? BELFAST_SECTORS
        : tables.sectors
            .filter(
              (s) =>
                s.postcodes >= MIN_SECTOR_POSTCODES &&
                withinLatitude(s, point, radius) &&
                geo.distanceMiles(s, point) <= radius &&
                isResidentialDistrict(s.sector.split(' ')[0]!),
            )
            .map((s) => s.sector);
    if (sectors.length === 0) throw new Error(`No postcode sectors near ${city}`);
    const towns = tables.places
      .filter(
        (p) =>
          p.population >= MIN_TOWN_POPULATION &&
          p.place !== point.place &&
          p.country === point.country &&
          withinLatitude(p, point, TOWN_RADIUS_MILES) &&
          geo.distanceMiles(p, point) <= TOWN_RADIUS_MILES,
      )
      .sort((a, b) => geo.distanceMiles(a, point) - geo.distanceMiles(b, point));
    areas.set(city, { city, lat: point.lat, lng: point.lng, sectors, towns });
  }
  cached = areas;
  return areas;
}

export function cityArea(city: City): CityArea {
  const area = cityAreas().get(city);
  if (!area) throw new Error(`Unknown city ${city}`);
  return area;
}

/** A plausible full postcode in the city: a real sector plus a unit such as `1AB` → `M14 5AB`. */
export function randomPostcode(rng: Random, area: CityArea): string {
  return `${rng.pick(area.sectors)}${rng.pick(UNIT_LETTERS)}${rng.pick(UNIT_LETTERS)}`;
}

/** Geocodes a postcode the seed made up; a miss is a bug in the seed, not bad input. */
export function geocode(postcode: string): PostcodeLocation {
  const found = getGeoDirectory().geocodePostcode(postcode);
  if (!found.ok) throw new Error(`Seed postcode ${postcode} does not geocode: ${found.message}`);
  return found;
}

/** Service areas as a tradesperson lists them: the city first (the Find screen shows the first), then towns. */
export function serviceAreas(
  rng: Random,
  area: CityArea,
  base: { lat: number; lng: number },
  extra: number,
): string[] {
  const geo = getGeoDirectory();
  const near = [...area.towns]
    .sort((a, b) => geo.distanceMiles(a, base) - geo.distanceMiles(b, base))
    .slice(0, extra + 3)
    .map((t) => t.place);
  return [area.city, ...rng.sample([...new Set(near)], extra)];
}
