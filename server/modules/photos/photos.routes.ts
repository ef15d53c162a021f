import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MarketDeps } from '../marketplace';

// Upload, remove and serve photos (docs/api/photos.md). Thin: the service owns the rules.
export const photoRoutes =
  (_deps: MarketDeps): FastifyPluginAsyncZod =>
  async (_app) => {};
