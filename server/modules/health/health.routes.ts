import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../lib/app-error';

const Health = z.object({ status: z.literal('ok') });
// Readiness says ready or not, nothing about what the service runs on: that would help an attacker only.
const Ready = z.object({ status: z.literal('ready') });

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes =
  (database: DatabaseHandle): FastifyPluginAsyncZod =>
  async (app) => {
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
      async (request) => {
        try {
          await database.ping();
        } catch (err) {
          request.log.warn({ err }, 'database not reachable');
          throw new AppError(503, 'not_ready', 'The service is starting or its database is unavailable.');
        }
        return { status: 'ready' as const };
      },
    );
  };
