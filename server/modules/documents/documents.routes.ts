import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MarketDeps } from '../jobs/jobs.service';

/** Verification documents a tradesperson uploads, and the stored files they and profile pictures point at (docs/api/tradespeople.md). */
export const documentRoutes =
  (_deps: MarketDeps): FastifyPluginAsyncZod =>
  async (_app) => {};
