import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '../../../domain/errors';
import type { DatabaseAvailability } from '../../db/availability';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { openApiDoc } from '../../lib/route-docs';
import type { Lifecycle } from '../../plugins/lifecycle';

const doc = openApiDoc('health');

const Health = z.object({ status: z.literal('ok') });
// Readiness says ready or not, nothing about what the service runs on: that would help an attacker only.
const Ready = z.object({ status: z.literal('ready') });

const SHUTTING_DOWN: ErrorEnvelope = {
  error: { code: 'not_ready', message: 'The service is shutting down.' },
};

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
 * Liveness (the process answers) and readiness (the database answers too, and no stop has begun). A
 * failing readiness is logged by `availability` when it starts and when it ends, not at every probe.
 */
export const healthRoutes =
  (
    database: DatabaseHandle,
    { lifecycle, availability }: { lifecycle: Pick<Lifecycle, 'state'>; availability: DatabaseAvailability },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const ping = sharedPing(() => database.ping());
    app.get('/api/health', doc('Liveness', { response: { 200: Health } }), async () => ({
      status: 'ok' as const,
    }));

    app.get(
      '/api/ready',
      doc('Readiness: the database is reachable and the instance is not stopping', {
        response: { 200: Ready, 503: ErrorEnvelope },
      }),
      async (_request, reply) => {
        // From the signal on, so a balancer takes this instance out before it closes its port. Sent
        // here rather than thrown: the error handler would log an error for each of the balancer's probes.
        if (lifecycle.state !== 'serving') return reply.code(503).send(SHUTTING_DOWN);
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
