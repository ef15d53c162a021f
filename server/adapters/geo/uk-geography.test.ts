import { describe, expect, it } from 'vitest';
import { CITIES } from '../../../domain/catalog/catalog';
import { NORTHERN_IRELAND_DISTRICTS } from '../../../domain/geo/directory';
import { getGeoDirectory, loadGeoTables, parseCsv } from './uk-geography';

describe('parseCsv', () => {
  it('splits plain lines on commas and skips blank lines', () => {
    expect(parseCsv('a,b,c\n1,2,3\n\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('keeps commas and doubled quotes inside quoted fields', () => {
    expect(parseCsv('"Basford, Stoke-on-Trent",England,53.01628\n"say ""hi""",x,\r\n')).toEqual([
      ['Basford, Stoke-on-Trent', 'England', '53.01628'],
      ['say "hi"', 'x', ''],
    ]);
  });
});

describe('bundled UK geography', () => {
  const tables = loadGeoTables();
  const geo = getGeoDirectory();

  it('loads every row the data README lists', () => {
    expect(tables.sectors).toHaveLength(12_005);
    expect(tables.districts).toHaveLength(2_995);
    expect(tables.areas).toHaveLength(120);
    expect(tables.places).toHaveLength(4_301);
  });

  it('reads the quoted place name with a comma intact', () => {
    expect(tables.places).toContainEqual({
      place: 'Basford, Stoke-on-Trent',
      country: 'England',
      lat: 53.01628,
      lng: -2.2123,
      population: 7321,
    });
  });

  it('builds the directory once per process', () => {
    expect(getGeoDirectory()).toBe(geo);
  });

  // The reference checks in data/uk-postcodes/README.md.
  it.each([
    ['AL1', 51.74863, -0.31941, 'St Albans'],
    ['M1', 53.47768, -2.23674, 'Manchester'],
    ['EH1', 55.95226, -3.19212, 'Edinburgh'],
    ['CF10', 51.47367, -3.17727, 'Cardiff'],
    ['SW1A', 51.50197, -0.13386, 'London'],
    ['LS1', 53.79737, -1.55312, 'Leeds'],
    ['G1', 55.86048, -4.24908, 'Glasgow'],
    ['B1', 52.47961, -1.90783, 'Birmingham'],
    ['NE1', 54.97251, -1.61303, 'Newcastle upon Tyne'],
    ['ZE1', 60.15161, -1.16875, 'Lerwick'],
  ])('places district %s at %d, %d (%s)', (outcode, lat, lng, place) => {
    expect(geo.geocodeOutcode(outcode)).toMatchObject({ ok: true, lat, lng, place, precision: 'district' });
    expect(geo.placeForOutcode(outcode)).toBe(place);
  });

  it('gives the README check distance from sector SW1A 1 to sector M1 1', () => {
    const london = geo.geocodePostcode('SW1A 1AA');
    const manchester = geo.geocodePostcode('M1 1AE');
    expect(london).toMatchObject({ ok: true, precision: 'sector', lat: 51.5026, lng: -0.13906 });
    expect(manchester).toMatchObject({ ok: true, precision: 'sector', lat: 53.48236, lng: -2.23562 });
    if (!london.ok || !manchester.ok) return;
    expect(Math.round(geo.distanceMiles(london, manchester) * 10) / 10).toBe(162.7);
  });

  it('falls back to the district for a well-formed postcode in a sector the data lacks', () => {
    // M1 has sectors 1-7 and 9 only.
    expect(geo.geocodePostcode('M1 8AA')).toMatchObject({
      ok: true,
      precision: 'district',
      lat: 53.47768,
      lng: -2.23674,
      place: 'Manchester',
    });
  });

  it('names the country of each nation and of border districts', () => {
    expect(geo.geocodePostcode('CF10 1AA')).toMatchObject({ country: 'Wales' });
    expect(geo.geocodePostcode('EH1 1AA')).toMatchObject({ country: 'Scotland' });
    expect(geo.geocodePostcode('CH5 1AA')).toMatchObject({ country: 'Wales', place: 'Deeside' });
    expect(geo.geocodePostcode('CH1 1AA')).toMatchObject({ country: 'England', place: 'Chester' });
    expect(geo.geocodePostcode('TD15 1AA')).toMatchObject({ country: 'England' });
    expect(geo.geocodePostcode('TD9 1AA')).toMatchObject({ country: 'Scotland' });
    expect(geo.geocodePostcode('SY23 1AA')).toMatchObject({ country: 'Wales' });
    expect(geo.geocodePostcode('SY1 1AA')).toMatchObject({ country: 'England' });
  });

  it('places Northern Ireland postcodes approximately at a nearby town', () => {
    expect(geo.geocodePostcode('BT1 1AA')).toMatchObject({
      ok: true,
      precision: 'approximate',
      place: 'Belfast',
      country: 'Northern Ireland',
      lat: 54.59682,
      lng: -5.92541,
    });
    expect(geo.geocodePostcode('BT48 7AA')).toMatchObject({
      ok: true,
      precision: 'approximate',
      place: 'Derry',
    });
    expect(geo.geocodePostcode('BT33 0AA')).toMatchObject({
      place: 'Newcastle',
      country: 'Northern Ireland',
    });
    expect(geo.geocodePostcode('BT19 1AA')).toMatchObject({ place: 'Bangor', country: 'Northern Ireland' });
  });

  it('finds every town of the Northern Ireland table in places.csv', () => {
    const districts = NORTHERN_IRELAND_DISTRICTS.flatMap(([from, to, town]) =>
      Array.from({ length: to - from + 1 }, (_, i) => [`BT${from + i}`, town] as const),
    );
    // 81 districts, as the data README counts for its BT build.
    expect(districts).toHaveLength(81);
    for (const [outcode, town] of districts) {
      expect(geo.geocodeOutcode(outcode)).toMatchObject({
        ok: true,
        place: town,
        country: 'Northern Ireland',
      });
    }
  });

  it('answers not_found for the Crown Dependencies', () => {
    for (const postcode of ['JE2 3AB', 'GY1 1AA', 'IM1 1AA']) {
      expect(geo.geocodePostcode(postcode)).toMatchObject({ ok: false, reason: 'not_found' });
    }
  });

  it.each([
    ['newcastle', 'Newcastle upon Tyne', 'England'],
    ['St Albans', 'St Albans', 'England'],
    ['st albans', 'St Albans', 'England'],
    ['saint andrews', 'Saint Andrews', 'Scotland'],
    ['St Andrews', 'Saint Andrews', 'Scotland'],
    ['St. Andrews', 'Saint Andrews', 'Scotland'],
    ['hull', 'Kingston upon Hull', 'England'],
    ['belfast', 'Belfast', 'Northern Ireland'],
  ])('finds the place %j', (query, place, country) => {
    expect(geo.findPlace(query)).toMatchObject({ place, country });
  });

  it('resolves all 15 cities of Browse by Location', () => {
    const points = geo.cityPoints(CITIES);
    expect(points.map((point) => point.city)).toEqual([...CITIES]);
    expect(points.find((point) => point.city === 'Newcastle')).toMatchObject({
      place: 'Newcastle upon Tyne',
    });
    expect(points.find((point) => point.city === 'Belfast')).toMatchObject({ country: 'Northern Ireland' });
    expect(points.find((point) => point.city === 'Cardiff')).toMatchObject({ country: 'Wales' });
  });

  it('resolves a postcode, a district and a town for search', () => {
    expect(geo.resolveLocation('al1 3aa')).toMatchObject({ ok: true, kind: 'postcode', place: 'St Albans' });
    expect(geo.resolveLocation('EH1')).toMatchObject({ ok: true, kind: 'outcode', place: 'Edinburgh' });
    expect(geo.resolveLocation('Leeds')).toMatchObject({ ok: true, kind: 'place', country: 'England' });
  });
});
