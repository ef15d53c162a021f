import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';

// A tradesperson's figures over a period (docs/api/analytics.md). Thin: the service owns the rules.

export interface AnalyticsDeps {
  db: Database;
  clock: Clock;
}

export const analyticsRoutes =
  (_deps: AnalyticsDeps): FastifyPluginAsyncZod =>
  async () => {};
