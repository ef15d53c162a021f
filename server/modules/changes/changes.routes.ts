import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentDeps } from '../payments';

// Propose, accept, decline, withdraw and pay changes (docs/api/changes.md). Thin: the service owns the rules.
export const changeRoutes =
  (_deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (_app) => {};
