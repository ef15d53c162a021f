import { describe, expect, it } from 'vitest';
import { type IpRecord, isPlaceableAddress, loadIpLookup, visitorLocation } from './ip-location';
import { getGeoDirectory } from './uk-geography';

// The rules that turn a geoip-lite record into the API's answer, on the bundled postcode data.
// The real database is exercised by server/modules/geo/geo.int.test.ts.
const geo = getGeoDirectory();

const record = (overrides: Partial<IpRecord>): IpRecord => ({
  country: 'GB',
  city: 'St Albans',
  ll: [51.753, -0.3256],
  ...overrides,
});

describe('visitorLocation', () => {
  it('gives a UK town and the postcode district nearest its point', () => {
    expect(visitorLocation(record({}), geo)).toEqual({ city: 'St Albans', district: 'AL1' });
    expect(visitorLocation(record({ city: 'Manchester', ll: [53.4808, -2.2426] }), geo)).toEqual({
      city: 'Manchester',
      district: 'M2',
    });
  });

  it('says nothing outside the UK, or without a record', () => {
    expect(visitorLocation(record({ country: 'FR', city: 'Paris', ll: [48.85, 2.35] }), geo)).toEqual({
      city: null,
      district: null,
    });
    expect(visitorLocation(null, geo)).toEqual({ city: null, district: null });
  });

  it('gives no district for a country-level record, whose point is just the middle of the UK', () => {
    expect(visitorLocation(record({ city: '', ll: [51.4964, -0.1224] }), geo)).toEqual({
      city: null,
      district: null,
    });
  });

  it('keeps the town when the point is missing or more than 15 miles from any district', () => {
    expect(visitorLocation(record({ ll: [null, null] }), geo)).toEqual({ city: 'St Albans', district: null });
    // Northern Ireland has no postcode centroids in the bundled data.
    expect(visitorLocation(record({ city: 'Belfast', ll: [54.5973, -5.9301] }), geo)).toEqual({
      city: 'Belfast',
      district: null,
    });
  });
});

describe('isPlaceableAddress', () => {
  it.each(['81.2.69.160', '8.8.8.8', '2a02:c7c::1', '::ffff:81.2.69.160'])('looks up %s', (ip) => {
    expect(isPlaceableAddress(ip)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '::1',
    '::',
    '10.1.2.3',
    '172.20.0.5',
    '192.168.1.10',
    '169.254.0.1',
    '100.64.1.1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:192.168.0.1',
    'not-an-address',
    '',
  ])('does not look up %j, which no database can place', (ip) => {
    expect(isPlaceableAddress(ip)).toBe(false);
  });
});

describe('loadIpLookup', () => {
  // geoip-lite reads its files once per process, so the fallback to the whole database is tested in
  // ip-location-fallback.test.ts, a process of its own.
  it("searches the UK cut of geoip-lite's database, where an address outside the UK finds nothing", async () => {
    const lookup = await loadIpLookup();
    expect(lookup('81.2.69.160')).toMatchObject({ country: 'GB', city: expect.stringMatching(/\S/) });
    // The whole database places 8.8.8.8 in the US (ip-location-fallback.test.ts); the cut has no such range.
    expect(lookup('8.8.8.8')).toBeNull();
  });
});
