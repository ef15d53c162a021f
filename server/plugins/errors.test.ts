import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DatabaseAvailability } from '../db/availability';
import { registerErrorHandling, UNAVAILABLE_RETRY_AFTER_S } from './errors';

/** An app whose routes throw what a query would, logging JSON lines into `lines`. */
async function appThrowing() {
  const lines: { level: number; msg: string }[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    disableRequestLogging: true,
  });
  const availability = new DatabaseAvailability(() => new Promise(() => {}), app.log, 60_000);
  registerErrorHandling(app, availability);
  const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:5432'), { code: 'ECONNREFUSED' });
  app.get('/refused', async () => {
    throw new Error('Failed query: select 1', { cause: refused });
  });
  app.get('/shutdown', async () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  });
  app.get('/bug', async () => {
    throw new Error('undefined is not a function');
  });
  app.get('/unique', async () => {
    throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
  });
  await app.ready();
  return { app, lines, availability };
}

describe('error handling when the database cannot be reached', () => {
  it('answers 503 with the envelope and Retry-After, saying nothing internal', async () => {
    const { app, availability } = await appThrowing();
    for (const url of ['/refused', '/shutdown']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
      expect(res.json()).toEqual({
        error: {
          code: 'service_unavailable',
          message: 'The service is briefly unavailable. Please try again in a few seconds.',
        },
      });
      expect(res.body).not.toMatch(/10\.0\.0\.7|ECONNREFUSED|administrator/);
    }
    availability.close();
    await app.close();
  });

  it('logs the outage once for any number of failed requests', async () => {
    const { app, lines, availability } = await appThrowing();
    for (let i = 0; i < 20; i++) expect((await app.inject({ url: '/refused' })).statusCode).toBe(503);
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors.map((l) => l.msg)).toEqual([
      'database unavailable: readiness answers 503 and requests that need it get 503',
    ]);
    availability.close();
    await app.close();
  });

  it('keeps other failures a 500 (with its log line), and a broken rule a 500 too', async () => {
    const { app, lines, availability } = await appThrowing();
    for (const url of ['/bug', '/unique']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(500);
      expect(res.headers['retry-after']).toBeUndefined();
      expect(res.json().error.code).toBe('internal_error');
    }
    expect(lines.filter((l) => l.msg === 'unhandled error')).toHaveLength(2);
    expect(availability.available).toBe(true);
    availability.close();
    await app.close();
  });
});
