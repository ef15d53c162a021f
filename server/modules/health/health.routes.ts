import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseAvailability } from '../../db/availability';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../lib/app-error';

const Health = z.object({ status: z.literal('ok') });
// Readiness says ready or not, nothing about what the service runs on: that would help an attacker only.
const Ready = z.object({ status: z.literal('ready') });

/**
 * The database's ping, shared by the probes that arrive while one is on its way: under a burst of
 * probes (a load balancer's many checkers, or a load test) the database is asked once per round trip
 * instead of once per probe, and every answer still comes from a ping that ended after its probe came.
 */
export function sharedPing(ping: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | undefined;
  return () => {
    inFlight ??= ping().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

/**
 * Liveness (the process answers) and readiness (the database answers too). A failing readiness is logged
 * by `availability` when it starts and when it ends, not at every probe.
 */
export const healthRoutes =
  (database: DatabaseHandle, availability: DatabaseAvailability): FastifyPluginAsyncZod =>
  async (app) => {
    const ping = sharedPing(() => database.ping());
    app.get(
      '/api/health',
      { schema: { tags: ['health'], summary: 'Liveness', response: { 200: Health } } },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/api/ready',
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness: the database is reachable',
          response: { 200: Ready },
        },
      },
      async () => {
        try {
          await ping();
        } catch (err) {
          availability.lost(err);
          throw new AppError(503, 'not_ready', 'The service is starting or its database is unavailable.');
        }
        availability.reached();
        return { status: 'ready' as const };
      },
    );
  };
