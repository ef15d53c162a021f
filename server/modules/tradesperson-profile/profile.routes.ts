import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MarketDeps } from '../jobs/jobs.service';

/** A tradesperson's own profile, picture and Business Setup steps (docs/api/tradespeople.md). */
export const tradespersonProfileRoutes =
  (_deps: MarketDeps): FastifyPluginAsyncZod =>
  async (_app) => {};
