// In-memory UK geography built from the tables in data/uk-postcodes (see its README for sources,
// coverage and licences). Pure: the server adapter reads and parses the CSVs and hands the rows in,
// so lookups never touch the database and the same code can run anywhere.
import { CITIES } from '../catalog/catalog';
import { type GeoPoint, haversineMiles } from './distance';
import { type PostcodeMessage, parseOutcode, parsePostcode } from './postcode';

export type Country = 'England' | 'Scotland' | 'Wales' | 'Northern Ireland';

export interface SectorRow extends GeoPoint {
  /** `AL1 1`: outward code, one space, first digit of the inward code. */
  sector: string;
  postcodes: number;
}

export interface DistrictRow extends GeoPoint {
  /** Outward code, e.g. `AL1`. */
  district: string;
  postcodes: number;
  /** GeoNames place chosen for the district centroid, e.g. `St Albans`. */
  place: string;
}

export interface AreaRow extends GeoPoint {
  /** Leading letters, e.g. `AL`. */
  area: string;
  postcodes: number;
}

export interface PlaceRow extends GeoPoint {
  place: string;
  country: Country;
  /** 0 where GeoNames gives none (administrative seats such as Bromley). */
  population: number;
}

export interface GeoTables {
  sectors: readonly SectorRow[];
  districts: readonly DistrictRow[];
  areas: readonly AreaRow[];
  places: readonly PlaceRow[];
}

/**
 * How the point was found: the mean of the postcode's sector, the mean of its district when the
 * sector is not in the data, or a nearby town for Northern Ireland, whose postcode coordinates are
 * not open data.
 */
export type Precision = 'sector' | 'district' | 'approximate';

export interface PostcodeLocation extends GeoPoint {
  postcode: string;
  outcode: string;
  sector: string;
  precision: Precision;
  /** Human place name for the district, e.g. `St Albans`. */
  place: string;
  country: Country;
}

export interface OutcodeLocation extends GeoPoint {
  outcode: string;
  precision: Exclude<Precision, 'sector'>;
  place: string;
  country: Country;
}

export interface ResolvedLocation extends GeoPoint {
  kind: 'postcode' | 'sector' | 'outcode' | 'place';
  /** The query in canonical form: `SW1A 1AA`, `SW1A 1`, `M1` or the place's own name. */
  label: string;
  /** Nearest town for postcode queries; the place itself for a place query. */
  place: string;
  country: Country;
  /** `place` when the point is a GeoNames town point rather than a postcode centroid. */
  precision: Precision | 'place';
}

/** The postcode district whose centroid is nearest a point, and how far that centroid is. */
export interface NearestOutcode {
  outcode: string;
  place: string;
  miles: number;
}

export interface CityPoint extends GeoPoint {
  /** The name as listed (e.g. `Newcastle`). */
  city: string;
  /** The GeoNames place it resolved to (e.g. `Newcastle upon Tyne`). */
  place: string;
  country: Country;
}

/**
 * Not spec text (the spec has no wording for these): defaults for the API and the search screen,
 * kept here so that they are written once.
 */
export const GEO_MESSAGES = {
  postcodeNotFound: 'We could not find that postcode',
  locationNotFound: 'We could not find that place or postcode',
} as const;

export type GeoFailure =
  | { ok: false; reason: 'invalid'; message: PostcodeMessage }
  | { ok: false; reason: 'not_found'; message: string };

export type GeoResult<T> = ({ ok: true } & T) | GeoFailure;

export interface GeoDirectory {
  geocodePostcode(input: string): GeoResult<PostcodeLocation>;
  geocodeOutcode(input: string): GeoResult<OutcodeLocation>;
  /** Centroid of a postcode area such as `AL`, or undefined when the area is unknown. */
  geocodeArea(area: string): GeoPoint | undefined;
  placeForOutcode(outcode: string): string | undefined;
  findPlace(name: string): PlaceRow | undefined;
  resolveLocation(query: string): GeoResult<ResolvedLocation>;
  cityPoints(cities?: readonly string[]): CityPoint[];
  /**
   * The district whose centroid is nearest `point`, if it lies within `maxMiles`. Only districts with
   * at least NEAREST_OUTCODE_MIN_POSTCODES postcodes take part; Northern Ireland has no centroids.
   */
  nearestOutcode(point: GeoPoint, maxMiles: number): NearestOutcode | undefined;
  distanceMiles(a: GeoPoint, b: GeoPoint): number;
}

/**
 * PO-box, large-user and retired districts (W1 has 1 postcode, BS98 17, E98 76) sit among real ones
 * and would win "nearest district" whenever their centroid happened to be closest, prefilling a
 * postcode nobody lives in. Every one of them has fewer postcodes than this; the few small rural
 * districts it also leaves out (CA18 Seascale, 28) just give way to a neighbour.
 */
export const NEAREST_OUTCODE_MIN_POSTCODES = 100;

// Retired districts big enough to pass that threshold: Aberdeen's AB1-AB5 were recoded into AB10-AB56
// in the 1990s, but the source still holds their terminated postcodes (data/uk-postcodes/README.md).
const RETIRED_DISTRICTS: ReadonlySet<string> = new Set(['AB1', 'AB2', 'AB3', 'AB4', 'AB5']);

// Postcode areas wholly in Scotland or Wales; areas not listed here or in CROSS_BORDER_AREAS are English.
const SCOTTISH_AREAS = new Set('AB DD DG EH FK G HS IV KA KW KY ML PA PH ZE'.split(' '));
const WELSH_AREAS = new Set(['CF', 'SA']);
// Areas whose districts straddle or sit on either side of a border (CH5-CH8 are Welsh, TD15 English ...).
// Without boundary data, such a district takes the country of its own place label, which the data
// build chose as the best-scoring nearby town.
const CROSS_BORDER_AREAS = new Set(['CA', 'CH', 'HR', 'LD', 'LL', 'NP', 'SY', 'TD']);

// Northern Ireland postcode coordinates need a separate licence from Land & Property Services for
// commercial use, so the bundled data has none (see data/uk-postcodes/README.md). A BT postcode is still
// a valid UK postcode, so it is placed at the post town of its district, or the nearest town that
// places.csv (GeoNames, freely licensed) has. Districts missing here (BT50, BT59, BT72, BT73, BT83-BT91,
// BT95+) are not in use and answer not_found.
export const NORTHERN_IRELAND_DISTRICTS: ReadonlyArray<readonly [from: number, to: number, town: string]> = [
  [1, 17, 'Belfast'], // BT16 Dundonald and BT17 Dunmurry share the Belfast post town
  [18, 18, 'Holywood'],
  [19, 20, 'Bangor'],
  [21, 21, 'Donaghadee'],
  [22, 23, 'Newtownards'], // BT22 is the Ards peninsula
  [24, 24, 'Ballynahinch'],
  [25, 25, 'Banbridge'], // Dromore, Co Down: places.csv's only Dromore is the Co Tyrone village
  [26, 26, 'Hillsborough'],
  [27, 28, 'Lisburn'],
  [29, 29, 'Crumlin'],
  [30, 30, 'Downpatrick'],
  [31, 31, 'Castlewellan'],
  [32, 32, 'Banbridge'],
  [33, 33, 'Newcastle'], // Newcastle, Co Down
  [34, 35, 'Newry'],
  [36, 37, 'Newtownabbey'],
  [38, 38, 'Carrickfergus'],
  [39, 39, 'Ballyclare'],
  [40, 40, 'Larne'],
  [41, 41, 'Antrim'],
  [42, 44, 'Ballymena'],
  [45, 45, 'Magherafelt'],
  [46, 46, 'Maghera'],
  [47, 48, 'Derry'], // Royal Mail post town Londonderry; GeoNames' point for the city is named Derry
  [49, 49, 'Limavady'],
  [51, 52, 'Coleraine'],
  [53, 53, 'Ballymoney'],
  [54, 54, 'Ballycastle'],
  [55, 55, 'Portstewart'],
  [56, 56, 'Portrush'],
  [57, 57, 'Bushmills'],
  [58, 58, 'Newtownabbey'], // non-geographic, served from Newtownabbey
  [60, 61, 'Armagh'],
  [62, 63, 'Portadown'],
  [64, 67, 'Craigavon'], // BT66 and BT67 are Lurgan, which GeoNames cities1000 lacks
  [68, 71, 'Dungannon'], // BT68 Caledon and BT69 Aughnacloy share the Dungannon area
  [74, 74, 'Enniskillen'],
  [75, 77, 'Fivemiletown'], // the Clogher Valley: Fivemiletown, Clogher, Augher
  [78, 79, 'Omagh'],
  [80, 80, 'Cookstown'],
  [81, 81, 'Castlederg'],
  [82, 82, 'Strabane'],
  [92, 92, 'Lisnaskea'],
  [93, 94, 'Enniskillen'],
];

// Names people type that do not match a GeoNames name. "Newcastle" means Newcastle upon Tyne on a UK
// marketplace (it is the spec's Browse by Location city), although GeoNames also has Newcastle, Co Down.
const PLACE_ALIASES: ReadonlyMap<string, string> = new Map([
  ['newcastle', 'newcastle upon tyne'],
  ['hull', 'kingston upon hull'],
  ['londonderry', 'derry'],
  ['derry londonderry', 'derry'],
]);

/** Matching key for place names: case, accents, punctuation and St/St./Saint do not matter. */
export function placeKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2018\u2019`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\bsaint\b/g, 'st');
}

// A bare sector ("SW1A 1") needs its space: without it "M11" would be ambiguous with district M11.
const SECTOR_QUERY = /^([A-Za-z]{1,2}[0-9][A-Za-z0-9]?)\s+([0-9])$/;

interface DistrictEntry extends GeoPoint {
  place: string;
  country: Country;
}

export function createGeoDirectory(tables: GeoTables): GeoDirectory {
  const sectors = new Map<string, GeoPoint>();
  for (const row of tables.sectors) sectors.set(row.sector, { lat: row.lat, lng: row.lng });

  const areas = new Map<string, GeoPoint>();
  for (const row of tables.areas) areas.set(row.area, { lat: row.lat, lng: row.lng });

  const { placesByKey, gbPlacesByName, northernIrelandTowns } = indexPlaces(tables.places);
  const districts = indexDistricts(tables.districts, gbPlacesByName);
  const northernIreland = indexNorthernIreland(northernIrelandTowns);

  /** District point and label; Northern Ireland only when the data itself has no BT rows. */
  const lookupDistrict = (outcode: string): (DistrictEntry & { approximate: boolean }) | undefined => {
    const district = districts.get(outcode);
    if (district) return { ...district, approximate: false };
    const bt = /^BT([0-9]{1,2})$/.exec(outcode);
    const town = bt ? northernIreland.get(Number(bt[1])) : undefined;
    if (!town) return undefined;
    return {
      lat: town.lat,
      lng: town.lng,
      place: town.place,
      country: 'Northern Ireland',
      approximate: true,
    };
  };

  /** Sector point when the data has it, else the district's. */
  const locateSector = (outcode: string, sector: string) => {
    const district = lookupDistrict(outcode);
    if (!district) return undefined;
    const point = district.approximate ? undefined : sectors.get(sector);
    const precision: Precision = district.approximate ? 'approximate' : point ? 'sector' : 'district';
    const { lat, lng } = point ?? district;
    return { lat, lng, precision, place: district.place, country: district.country };
  };

  const geocodePostcode = (input: string): GeoResult<PostcodeLocation> => {
    const parsed = parsePostcode(input);
    if (!parsed.ok) return { ok: false, reason: 'invalid', message: parsed.message };
    const found = locateSector(parsed.outcode, parsed.sector);
    if (!found) return POSTCODE_NOT_FOUND;
    return {
      ok: true,
      postcode: parsed.postcode,
      outcode: parsed.outcode,
      sector: parsed.sector,
      lat: found.lat,
      lng: found.lng,
      precision: found.precision,
      place: found.place,
      country: found.country,
    };
  };

  const geocodeOutcode = (input: string): GeoResult<OutcodeLocation> => {
    const parsed = parseOutcode(input);
    if (!parsed.ok) return { ok: false, reason: 'invalid', message: parsed.message };
    const district = lookupDistrict(parsed.outcode);
    if (!district) return POSTCODE_NOT_FOUND;
    return {
      ok: true,
      outcode: parsed.outcode,
      lat: district.lat,
      lng: district.lng,
      precision: district.approximate ? 'approximate' : 'district',
      place: district.place,
      country: district.country,
    };
  };

  const findPlace = (name: string): PlaceRow | undefined => {
    const key = placeKey(name);
    return placesByKey.get(PLACE_ALIASES.get(key) ?? key);
  };

  const resolveLocation = locationResolver({ geocodePostcode, geocodeOutcode, locateSector, findPlace });

  const cityPoints = (cities: readonly string[] = CITIES): CityPoint[] =>
    cities.map((city) => {
      const place = findPlace(city);
      // The city list is fixed product data; a miss means the list or places.csv changed, not bad input.
      if (!place) throw new Error(`No place in places.csv for city ${city}`);
      return { city, place: place.place, country: place.country, lat: place.lat, lng: place.lng };
    });

  const nearestOutcode = nearestOutcodeFinder(tables.districts);

  return {
    geocodePostcode,
    geocodeOutcode,
    geocodeArea: (area) => areas.get(area.trim().toUpperCase()),
    placeForOutcode: (outcode) => {
      const parsed = parseOutcode(outcode);
      return parsed.ok ? lookupDistrict(parsed.outcode)?.place : undefined;
    },
    findPlace,
    resolveLocation,
    cityPoints,
    nearestOutcode,
    distanceMiles: haversineMiles,
  };
}

/** Places by matching key (the most populous of a name), Great Britain's by name, Northern Ireland's towns. */
function indexPlaces(rows: readonly PlaceRow[]) {
  const placesByKey = new Map<string, PlaceRow>();
  const gbPlacesByName = new Map<string, PlaceRow[]>();
  const northernIrelandTowns = new Map<string, PlaceRow>();
  for (const row of rows) {
    const key = placeKey(row.place);
    const best = placesByKey.get(key);
    if (!best || row.population > best.population) placesByKey.set(key, row);
    if (row.country === 'Northern Ireland') {
      if (!northernIrelandTowns.has(row.place)) northernIrelandTowns.set(row.place, row);
    } else {
      const same = gbPlacesByName.get(row.place);
      if (same) same.push(row);
      else gbPlacesByName.set(row.place, [row]);
    }
  }
  return { placesByKey, gbPlacesByName, northernIrelandTowns };
}

/** A district's country: from its postcode area, or for areas across a border, its nearest place of its name. */
function countryOfDistrict(row: DistrictRow, gbPlacesByName: ReadonlyMap<string, PlaceRow[]>): Country {
  const area = /^[A-Z]+/.exec(row.district)?.[0] ?? '';
  if (SCOTTISH_AREAS.has(area)) return 'Scotland';
  if (WELSH_AREAS.has(area)) return 'Wales';
  if (!CROSS_BORDER_AREAS.has(area)) return 'England';
  let nearest: PlaceRow | undefined;
  for (const place of gbPlacesByName.get(row.place) ?? []) {
    if (!nearest || haversineMiles(row, place) < haversineMiles(row, nearest)) nearest = place;
  }
  return nearest?.country ?? 'England';
}

function indexDistricts(rows: readonly DistrictRow[], gbPlacesByName: ReadonlyMap<string, PlaceRow[]>) {
  const districts = new Map<string, DistrictEntry>();
  for (const row of rows) {
    districts.set(row.district, {
      lat: row.lat,
      lng: row.lng,
      place: row.place,
      country: countryOfDistrict(row, gbPlacesByName),
    });
  }
  return districts;
}

/** Northern Ireland's districts (BT1 to BT94) by number, placed at their towns. */
function indexNorthernIreland(towns: ReadonlyMap<string, PlaceRow>) {
  const northernIreland = new Map<number, PlaceRow>();
  for (const [from, to, town] of NORTHERN_IRELAND_DISTRICTS) {
    const place = towns.get(town);
    // A missing town leaves its districts unplaced (not_found) rather than failing the server;
    // the loader's tests check that the bundled places.csv has every town.
    if (!place) continue;
    for (let n = from; n <= to; n++) northernIreland.set(n, place);
  }
  return northernIreland;
}

const POSTCODE_NOT_FOUND: GeoFailure = {
  ok: false,
  reason: 'not_found',
  message: GEO_MESSAGES.postcodeNotFound,
};
const LOCATION_NOT_FOUND: GeoFailure = {
  ok: false,
  reason: 'not_found',
  message: GEO_MESSAGES.locationNotFound,
};

type SectorLocation = Omit<PostcodeLocation, 'ok' | 'postcode' | 'outcode' | 'sector'>;

/** What a free-text location query is: a full postcode, a sector, a district, or a place's name. */
function locationResolver({
  geocodePostcode,
  geocodeOutcode,
  locateSector,
  findPlace,
}: {
  geocodePostcode: (input: string) => GeoResult<PostcodeLocation>;
  geocodeOutcode: (input: string) => GeoResult<OutcodeLocation>;
  locateSector: (outcode: string, sector: string) => SectorLocation | undefined;
  findPlace: (name: string) => PlaceRow | undefined;
}) {
  return (query: string): GeoResult<ResolvedLocation> => {
    const postcode = parsePostcode(query);
    if (postcode.ok) {
      const found = geocodePostcode(postcode.postcode);
      if (!found.ok) return found;
      const { postcode: label, lat, lng, place, country, precision } = found;
      return { ok: true, kind: 'postcode', label, lat, lng, place, country, precision };
    }
    const sectorQuery = SECTOR_QUERY.exec(query.trim());
    if (sectorQuery) {
      const outcode = sectorQuery[1]!.toUpperCase();
      const label = `${outcode} ${sectorQuery[2]}`;
      const found = locateSector(outcode, label);
      if (!found) return POSTCODE_NOT_FOUND;
      return { ok: true, kind: 'sector', label, ...found };
    }
    const outcode = parseOutcode(query);
    if (outcode.ok) {
      const found = geocodeOutcode(outcode.outcode);
      if (!found.ok) return found;
      const { lat, lng, place, country, precision } = found;
      return { ok: true, kind: 'outcode', label: outcode.outcode, lat, lng, place, country, precision };
    }
    const place = findPlace(query);
    if (!place) return LOCATION_NOT_FOUND;
    return {
      ok: true,
      kind: 'place',
      label: place.place,
      lat: place.lat,
      lng: place.lng,
      place: place.place,
      country: place.country,
      precision: 'place',
    };
  };
}

/** The nearest live district to a point, within a distance. */
function nearestOutcodeFinder(rows: readonly DistrictRow[]) {
  // Parallel arrays for nearestOutcode: about 2,650 districts, scanned in some microseconds.
  const candidates = rows.filter(
    (row) => row.postcodes >= NEAREST_OUTCODE_MIN_POSTCODES && !RETIRED_DISTRICTS.has(row.district),
  );
  const candidateLat = Float64Array.from(candidates, (row) => row.lat);
  const candidateLng = Float64Array.from(candidates, (row) => row.lng);

  return (point: GeoPoint, maxMiles: number): NearestOutcode | undefined => {
    if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng)) return undefined;
    // Ranks by the flat-earth distance (longitude scaled by the cosine of the latitude), which needs
    // no trigonometry per district; over the few miles that matter here it differs from the
    // great-circle distance by far less than 1%, so only near-ties could swap. The winner is then
    // measured properly.
    const lngScale = Math.cos((point.lat * Math.PI) / 180);
    let best = -1;
    let bestSquared = Number.POSITIVE_INFINITY;
    for (let i = 0; i < candidateLat.length; i++) {
      const dLat = candidateLat[i]! - point.lat;
      const dLng = (candidateLng[i]! - point.lng) * lngScale;
      const squared = dLat * dLat + dLng * dLng;
      if (squared < bestSquared) {
        bestSquared = squared;
        best = i;
      }
    }
    const row = candidates[best];
    if (!row) return undefined;
    const miles = haversineMiles(point, row);
    return miles <= maxMiles ? { outcode: row.district, place: row.place, miles } : undefined;
  };
}
