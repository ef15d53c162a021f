import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { DatabaseAvailability } from '../../db/availability';
import type { DatabaseHandle } from '../../db/client';
import { registerErrorHandling } from '../../plugins/errors';
import { healthRoutes } from './health.routes';

describe('readiness logging', () => {
  it('logs a change of state once (ready → not ready with the error, then ready), not every probe', async () => {
    const lines: { level: number; msg: string; err?: { message: string } }[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
      disableRequestLogging: true,
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    let up = true;
    const database = {
      ping: () => (up ? Promise.resolve() : Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'))),
    } as DatabaseHandle;
    // No rechecks of its own in this test: only the probes tell it.
    const availability = new DatabaseAvailability(database.ping, app.log, 3_600_000);
    registerErrorHandling(app, availability);
    await app.register(healthRoutes(database, { lifecycle: { state: 'serving' }, availability }));

    const probe = async () => (await app.inject({ url: '/api/ready' })).statusCode;
    for (let i = 0; i < 5; i++) expect(await probe()).toBe(200);
    expect(lines).toEqual([]);

    up = false;
    for (let i = 0; i < 30; i++) expect(await probe()).toBe(503);
    // Probes at once, as a balancer's several checkers send them.
    expect(await Promise.all(Array.from({ length: 10 }, probe))).toEqual(Array(10).fill(503));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'database unavailable: readiness answers 503 and requests that need it get 503',
      err: { message: 'connect ECONNREFUSED 127.0.0.1:5432' },
    });

    up = true;
    for (let i = 0; i < 30; i++) expect(await probe()).toBe(200);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 30, msg: 'database reachable again' });

    up = false;
    expect(await probe()).toBe(503);
    expect(lines).toHaveLength(3);
    availability.close();
    await app.close();
  });
});
