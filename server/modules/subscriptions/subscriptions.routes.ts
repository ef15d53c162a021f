import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentDeps } from '../payments';

/** /subscriptions… for the customer and the tradesperson of a plan. FOUNDATION. */
export const subscriptionRoutes =
  (_deps: PaymentDeps): FastifyPluginAsyncZod =>
  async () => {};
