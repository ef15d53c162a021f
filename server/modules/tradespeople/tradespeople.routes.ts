import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MarketDeps } from '../jobs/jobs.service';

/** Public tradesperson search, featured professionals, public profiles, their reviews and generated avatars (docs/api/tradespeople.md). */
export const tradespeopleRoutes =
  (_deps: MarketDeps): FastifyPluginAsyncZod =>
  async (_app) => {};
