import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';

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
