import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MarketDeps } from '../jobs/jobs.service';

/** A customer's Saved Professionals (docs/api/tradespeople.md). */
export const savedProRoutes =
  (_deps: MarketDeps): FastifyPluginAsyncZod =>
  async (_app) => {};
