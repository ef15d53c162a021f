import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { getGeoDirectory } from '../../adapters/geo/uk-geography';

describeOnDatabases('postcode and place lookups', (ctx) => {
  it('normalises and locates a postcode at sector level with its place name', async () => {
    const app = await ctx.app();
    const res = await app.inject({ url: '/api/v1/geo/postcodes/sw1a1aa' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      postcode: 'SW1A 1AA',
      outcode: 'SW1A',
      place: 'London',
      country: 'England',
      precision: 'sector',
    });
  });

  it("refuses a malformed postcode with the spec's messages", async () => {
    const app = await ctx.app();
    const bad = await app.inject({ url: `/api/v1/geo/postcodes/${encodeURIComponent('NOT A CODE')}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'validation_error',
      message: 'Invalid UK postcode format',
    });
    const long = await app.inject({ url: `/api/v1/geo/postcodes/${encodeURIComponent('SW1A 1AA 1234')}` });
    expect(long.json().error.message).toBe('Postcode is too long');
  });

  it('answers 404 for a well-formed postcode it cannot place', async () => {
    const app = await ctx.app();
    const res = await app.inject({ url: '/api/v1/geo/postcodes/JE2%203AB' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('resolves a town name, a district and a postcode to points', async () => {
    const app = await ctx.app();
    for (const [q, place] of [
      ['Leeds', 'Leeds'],
      ['AL1', 'St Albans'],
      ['M1 1AE', 'Manchester'],
    ] as const) {
      const res = await app.inject({ url: `/api/v1/geo/locations?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, q).toBe(200);
      expect(res.json().place).toBe(place);
    }
    const blank = await app.inject({ url: '/api/v1/geo/locations?q=%20%20' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Enter a town, city or postcode');
  });
});

describeOnDatabases("the visitor's location from their IP address", (ctx) => {
  // 81.2.69.160 is a GB address in MaxMind's test data that geoip-lite ships; the expected town and point
  // come from the same database, so the test does not break when geoip-lite updates its data.
  const GB_ADDRESS = '81.2.69.160';

  it('names the town and nearest postcode district of a UK address forwarded by a trusted proxy', async () => {
    const app = await ctx.app({ TRUST_PROXY: 'true' });
    const res = await app.inject({
      url: '/api/v1/geo/visitor',
      headers: { 'x-forwarded-for': GB_ADDRESS },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');

    const geoip = (await import('geoip-lite')).default;
    const record = geoip.lookup(GB_ADDRESS);
    expect(record?.country).toBe('GB');
    const [lat, lng] = record!.ll;
    const nearest = getGeoDirectory().nearestOutcode({ lat, lng }, 15);
    expect(res.json()).toEqual({ city: record!.city, district: nearest?.outcode });
    expect(res.json().district).toMatch(/^[A-Z]{1,2}[0-9][A-Z0-9]?$/);
  });

  it('says nothing for loopback, private, non-UK and unknown addresses', async () => {
    const app = await ctx.app({ TRUST_PROXY: 'true' });
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.10', '8.8.8.8', 'not-an-address']) {
      const res = await app.inject({ url: '/api/v1/geo/visitor', headers: { 'x-forwarded-for': ip } });
      expect(res.statusCode, ip).toBe(200);
      expect(res.json(), ip).toEqual({ city: null, district: null });
    }
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is on', async () => {
    const app = await ctx.app();
    const res = await app.inject({ url: '/api/v1/geo/visitor', headers: { 'x-forwarded-for': GB_ADDRESS } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ city: null, district: null });
  });
});
