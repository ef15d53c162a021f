import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../test/databases';

const PATHS = [
  '/api/health',
  '/api/ready',
  '/api/v1/geo/postcodes/',
  '/api/v1/geo/locations?q=',
  '/api/v1/',
  '/api/docs/json',
  '/',
  '/assets/',
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'x/unknown',
];

describeOnDatabases('malformed requests', (ctx) => {
  it('never answer with a 5xx, whatever the method, path, headers or body', async () => {
    const app = await ctx.app({ RATE_LIMIT_MAX: '100000' });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...METHODS),
        fc.constantFrom(...PATHS),
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.constantFrom(...CONTENT_TYPES),
        fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.json()),
        async (method, path, suffix, contentType, body) => {
          const url = path + encodeURIComponent(suffix);
          const withBody = method !== 'GET' && method !== 'HEAD';
          const res = await app.inject({
            method,
            url,
            headers: { 'content-type': contentType, accept: 'application/json' },
            ...(withBody ? { payload: body } : {}),
          });
          expect(res.statusCode, `${method} ${url} (${contentType})`).toBeLessThan(500);
          if (res.statusCode >= 400 && method !== 'HEAD' && url.startsWith('/api/')) {
            expect(res.json().error.code, `${method} ${url}`).toEqual(expect.any(String));
          }
        },
      ),
      { numRuns: 300, seed: 20261121 },
    );
  });
});
