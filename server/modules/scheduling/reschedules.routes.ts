import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SchedulingDeps } from './deps';

// Proposals to move a booking to another date, and their answers (docs/api/scheduling.md). Thin: the services own the rules.

export const rescheduleRoutes =
  (_deps: SchedulingDeps): FastifyPluginAsyncZod =>
  async () => {};
