import { describe, expect, it } from 'vitest';
import { createGeoDirectory, type GeoTables, placeKey } from './directory';

// A hand-made slice of the bundled tables, so these tests pin the lookup rules rather than the data.
const tables: GeoTables = {
  sectors: [
    { sector: 'AL1 1', lat: 51.74473, lng: -0.32657, postcodes: 312 },
    { sector: 'M1 1', lat: 53.48236, lng: -2.23562, postcodes: 152 },
    { sector: 'SW1A 1', lat: 51.5026, lng: -0.13906, postcodes: 188 },
  ],
  districts: [
    { district: 'AL1', lat: 51.74863, lng: -0.31941, postcodes: 2000, place: 'St Albans' },
    { district: 'M1', lat: 53.47768, lng: -2.23674, postcodes: 1000, place: 'Manchester' },
    { district: 'SW1A', lat: 51.50197, lng: -0.13386, postcodes: 400, place: 'London' },
    { district: 'CH5', lat: 53.20508, lng: -3.03826, postcodes: 1500, place: 'Deeside' },
    { district: 'CH1', lat: 53.19, lng: -2.89, postcodes: 1500, place: 'Chester' },
    { district: 'EH1', lat: 55.95226, lng: -3.19212, postcodes: 300, place: 'Edinburgh' },
  ],
  areas: [
    { area: 'AL', lat: 51.77558, lng: -0.28319, postcodes: 11453 },
    { area: 'M', lat: 53.47, lng: -2.24, postcodes: 30000 },
  ],
  places: [
    { place: 'London', country: 'England', lat: 51.50853, lng: -0.12574, population: 7556900 },
    { place: 'Belfast', country: 'Northern Ireland', lat: 54.59682, lng: -5.92541, population: 274770 },
    { place: 'Newcastle upon Tyne', country: 'England', lat: 54.97328, lng: -1.61396, population: 192382 },
    { place: 'St Albans', country: 'England', lat: 51.75, lng: -0.33333, population: 84561 },
    { place: 'Derry', country: 'Northern Ireland', lat: 54.9981, lng: -7.30934, population: 83652 },
    { place: 'Chester', country: 'England', lat: 53.1905, lng: -2.89189, population: 78000 },
    { place: 'Bangor', country: 'Northern Ireland', lat: 54.65338, lng: -5.66895, population: 60385 },
    { place: 'Saint Andrews', country: 'Scotland', lat: 56.33871, lng: -2.79902, population: 16800 },
    { place: 'Bangor', country: 'Wales', lat: 53.22647, lng: -4.13459, population: 15060 },
    { place: 'Deeside', country: 'Wales', lat: 53.21, lng: -3.05, population: 10000 },
    { place: 'Newcastle', country: 'Northern Ireland', lat: 54.21804, lng: -5.88979, population: 7444 },
    { place: 'Bo’ness', country: 'Scotland', lat: 56.01667, lng: -3.61667, population: 14000 },
    { place: 'Saint Andrews Quay', country: 'England', lat: 53.72722, lng: -0.37618, population: 100 },
    { place: 'Bromley', country: 'England', lat: 51.40606, lng: 0.01519, population: 0 },
  ],
};

const geo = createGeoDirectory(tables);

describe('geocodePostcode', () => {
  it('places a postcode at its sector when the sector is known', () => {
    expect(geo.geocodePostcode('al1 1aa')).toEqual({
      ok: true,
      postcode: 'AL1 1AA',
      outcode: 'AL1',
      sector: 'AL1 1',
      lat: 51.74473,
      lng: -0.32657,
      precision: 'sector',
      place: 'St Albans',
      country: 'England',
    });
  });

  it('falls back to the district when the sector is missing', () => {
    expect(geo.geocodePostcode('M1 8AA')).toMatchObject({
      ok: true,
      sector: 'M1 8',
      lat: 53.47768,
      lng: -2.23674,
      precision: 'district',
      place: 'Manchester',
    });
  });

  it('places a Belfast postcode approximately at Belfast', () => {
    expect(geo.geocodePostcode('BT1 5GS')).toEqual({
      ok: true,
      postcode: 'BT1 5GS',
      outcode: 'BT1',
      sector: 'BT1 5',
      lat: 54.59682,
      lng: -5.92541,
      precision: 'approximate',
      place: 'Belfast',
      country: 'Northern Ireland',
    });
  });

  it('uses the Northern Ireland Bangor for BT20, not the Welsh one', () => {
    expect(geo.geocodePostcode('BT20 3AA')).toMatchObject({
      place: 'Bangor',
      lat: 54.65338,
      precision: 'approximate',
    });
  });

  it('leaves a BT district unplaced when its town is not in the places table', () => {
    expect(geo.geocodePostcode('BT74 6AA')).toMatchObject({ ok: false, reason: 'not_found' });
  });

  it.each(['BT50 1AA', 'BT99 1AA', 'BT1A 1AA'])('does not place the unused district in %s', (postcode) => {
    expect(geo.geocodePostcode(postcode)).toMatchObject({ ok: false, reason: 'not_found' });
  });

  it.each(['JE2 3AB', 'GY1 1AA', 'IM1 1AA', 'GIR 0AA', 'ZZ1 1AA'])(
    'answers not_found for the well-formed but unmapped %s',
    (postcode) => {
      expect(geo.geocodePostcode(postcode)).toEqual({
        ok: false,
        reason: 'not_found',
        message: 'We could not find that postcode',
      });
    },
  );

  it('answers invalid with the spec messages', () => {
    expect(geo.geocodePostcode('SW1')).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Invalid UK postcode format',
    });
    expect(geo.geocodePostcode('SW1A 1AA 1AA')).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Postcode is too long',
    });
  });

  it('takes the country of a cross-border district from its place label', () => {
    expect(geo.geocodePostcode('CH5 1AA')).toMatchObject({ ok: true, country: 'Wales' });
    expect(geo.geocodePostcode('CH1 1AA')).toMatchObject({ ok: true, country: 'England' });
    expect(geo.geocodePostcode('EH1 1AA')).toMatchObject({ ok: true, country: 'Scotland' });
  });
});

describe('geocodeOutcode and placeForOutcode', () => {
  it('places a district at its centroid', () => {
    expect(geo.geocodeOutcode('sw1a')).toEqual({
      ok: true,
      outcode: 'SW1A',
      lat: 51.50197,
      lng: -0.13386,
      precision: 'district',
      place: 'London',
      country: 'England',
    });
  });

  it('places a Derry district approximately', () => {
    expect(geo.geocodeOutcode('BT48')).toMatchObject({ ok: true, precision: 'approximate', place: 'Derry' });
  });

  it('names the place of a district, or nothing for an unknown one', () => {
    expect(geo.placeForOutcode('AL1')).toBe('St Albans');
    expect(geo.placeForOutcode('BT9')).toBe('Belfast');
    expect(geo.placeForOutcode('JE2')).toBeUndefined();
    expect(geo.placeForOutcode('not an outcode')).toBeUndefined();
  });

  it('finds an area centroid', () => {
    expect(geo.geocodeArea('al')).toEqual({ lat: 51.77558, lng: -0.28319 });
    expect(geo.geocodeArea('QQ')).toBeUndefined();
  });
});

describe('findPlace', () => {
  it.each([
    ['newcastle', 'Newcastle upon Tyne'],
    ['Newcastle-upon-Tyne', 'Newcastle upon Tyne'],
    ['St Albans', 'St Albans'],
    ['st. albans', 'St Albans'],
    ['Saint Albans', 'St Albans'],
    ['saint andrews', 'Saint Andrews'],
    ['St Andrews', 'Saint Andrews'],
    ["Bo'ness", 'Bo’ness'],
    ['Londonderry', 'Derry'],
    ['  LONDON ', 'London'],
    ['bromley', 'Bromley'],
  ])('finds %j as %s', (query, place) => {
    expect(geo.findPlace(query)?.place).toBe(place);
  });

  it('picks the most populous of places with the same name', () => {
    expect(geo.findPlace('Bangor')).toMatchObject({ country: 'Northern Ireland', population: 60385 });
  });

  it('does not guess from a partial name', () => {
    expect(geo.findPlace('Albans')).toBeUndefined();
    expect(geo.findPlace('')).toBeUndefined();
  });

  it('treats punctuation and St/Saint alike when building keys', () => {
    expect(placeKey('St. Helens')).toBe(placeKey('Saint Helens'));
    expect(placeKey('Stoke-on-Trent')).toBe('stoke on trent');
  });
});

describe('resolveLocation', () => {
  it('resolves a full postcode', () => {
    expect(geo.resolveLocation('sw1a1aa')).toEqual({
      ok: true,
      kind: 'postcode',
      label: 'SW1A 1AA',
      lat: 51.5026,
      lng: -0.13906,
      place: 'London',
      country: 'England',
      precision: 'sector',
    });
  });

  it('resolves a sector written with its space', () => {
    expect(geo.resolveLocation('m1 1')).toMatchObject({
      ok: true,
      kind: 'sector',
      label: 'M1 1',
      precision: 'sector',
    });
    expect(geo.resolveLocation('M1 8')).toMatchObject({ ok: true, kind: 'sector', precision: 'district' });
  });

  it('resolves a district', () => {
    expect(geo.resolveLocation('M1')).toMatchObject({
      ok: true,
      kind: 'outcode',
      label: 'M1',
      place: 'Manchester',
    });
  });

  it('resolves a town name', () => {
    expect(geo.resolveLocation('Newcastle')).toEqual({
      ok: true,
      kind: 'place',
      label: 'Newcastle upon Tyne',
      lat: 54.97328,
      lng: -1.61396,
      place: 'Newcastle upon Tyne',
      country: 'England',
      precision: 'place',
    });
  });

  it('answers not_found for a name it does not know and for an unmapped postcode', () => {
    expect(geo.resolveLocation('Atlantis')).toEqual({
      ok: false,
      reason: 'not_found',
      message: 'We could not find that place or postcode',
    });
    expect(geo.resolveLocation('JE2 3AB')).toMatchObject({ ok: false, reason: 'not_found' });
    expect(geo.resolveLocation('JE2')).toMatchObject({ ok: false, reason: 'not_found' });
  });
});

describe('cityPoints', () => {
  it('maps each listed city to a place', () => {
    expect(geo.cityPoints(['Newcastle', 'Belfast'])).toEqual([
      { city: 'Newcastle', place: 'Newcastle upon Tyne', country: 'England', lat: 54.97328, lng: -1.61396 },
      { city: 'Belfast', place: 'Belfast', country: 'Northern Ireland', lat: 54.59682, lng: -5.92541 },
    ]);
  });

  it('fails loudly when a listed city has no place', () => {
    expect(() => geo.cityPoints(['Atlantis'])).toThrow('Atlantis');
  });
});

describe('distanceMiles', () => {
  it('measures between two resolved locations', () => {
    const london = geo.resolveLocation('SW1A 1AA');
    const manchester = geo.resolveLocation('M1 1AA');
    if (!london.ok || !manchester.ok) throw new Error('fixture postcodes should resolve');
    expect(geo.distanceMiles(london, manchester)).toBeCloseTo(162.7, 1);
  });
});

describe('nearestOutcode', () => {
  // Its own tables: stub districts near real ones, to pin which districts may answer.
  const nearby = createGeoDirectory({
    ...tables,
    districts: [
      { district: 'AL1', lat: 51.74863, lng: -0.31941, postcodes: 2000, place: 'St Albans' },
      { district: 'AL3', lat: 51.7746, lng: -0.37807, postcodes: 2500, place: 'St Albans' },
      { district: 'SW1A', lat: 51.50197, lng: -0.13386, postcodes: 400, place: 'London' },
      // A retired one-postcode district right next to SW1A's centroid.
      { district: 'W1', lat: 51.502, lng: -0.1339, postcodes: 1, place: 'London' },
      { district: 'M1', lat: 53.47768, lng: -2.23674, postcodes: 1000, place: 'Manchester' },
      // Aberdeen before its 1990s recoding, still in the data with thousands of terminated postcodes.
      { district: 'AB1', lat: 57.12691, lng: -2.13644, postcodes: 2655, place: 'Aberdeen' },
      { district: 'AB10', lat: 57.13488, lng: -2.11742, postcodes: 900, place: 'Aberdeen' },
    ],
  });

  it('finds the district whose centroid is nearest, with its distance', () => {
    const point = { lat: 51.753, lng: -0.3256 };
    const found = nearby.nearestOutcode(point, 15);
    expect(found).toMatchObject({ outcode: 'AL1', place: 'St Albans' });
    expect(found?.miles).toBeCloseTo(nearby.distanceMiles(point, { lat: 51.74863, lng: -0.31941 }), 9);
    expect(nearby.nearestOutcode({ lat: 51.78, lng: -0.39 }, 15)?.outcode).toBe('AL3');
    expect(nearby.nearestOutcode({ lat: 53.48, lng: -2.24 }, 15)?.outcode).toBe('M1');
  });

  it('skips districts with too few postcodes to be somewhere people live', () => {
    expect(nearby.nearestOutcode({ lat: 51.502, lng: -0.1339 }, 15)?.outcode).toBe('SW1A');
  });

  it('skips retired districts', () => {
    expect(nearby.nearestOutcode({ lat: 57.1269, lng: -2.1364 }, 15)?.outcode).toBe('AB10');
  });

  it('answers nothing beyond the distance limit', () => {
    // Northampton is about 45 miles from St Albans and further from the rest.
    expect(nearby.nearestOutcode({ lat: 52.2405, lng: -0.9027 }, 15)).toBeUndefined();
    expect(nearby.nearestOutcode({ lat: 52.2405, lng: -0.9027 }, 60)?.outcode).toBe('AL3');
  });

  it('answers nothing for a point that is not a number', () => {
    expect(nearby.nearestOutcode({ lat: Number.NaN, lng: 0 }, 15)).toBeUndefined();
  });

  it('answers nothing when there are no districts', () => {
    expect(
      createGeoDirectory({ ...tables, districts: [] }).nearestOutcode({ lat: 51.5, lng: 0 }, 15),
    ).toBeUndefined();
  });
});
