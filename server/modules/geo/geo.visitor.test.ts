import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, expect, it, vi } from 'vitest';
import { geoRoutes } from './geo.routes';

// The lookup failing outright (its database missing or unreadable) must still answer 200 with nulls:
// the landing page then says 'your area'. The real lookup is in geo.int.test.ts.
vi.mock('../../adapters/geo/ip-location', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../adapters/geo/ip-location')>()),
  locateIp: vi.fn(async () => {
    throw new Error('geoip-lite data missing');
  }),
}));

const logged: string[] = [];
const app = Fastify({
  logger: { level: 'debug', stream: { write: (line: string) => logged.push(line) } },
});
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
await app.register(geoRoutes, { prefix: '/api/v1' });
afterAll(() => app.close());

it('answers nulls, cacheable, and logs the failure at debug level when the lookup fails', async () => {
  const res = await app.inject({ url: '/api/v1/geo/visitor' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ city: null, district: null });
  expect(res.headers['cache-control']).toBe('private, max-age=3600');
  const entry = logged
    .map((line) => JSON.parse(line))
    .find((e) => e.msg === 'visitor location lookup failed');
  expect(entry).toMatchObject({ level: 20, err: { message: 'geoip-lite data missing' } });
});
