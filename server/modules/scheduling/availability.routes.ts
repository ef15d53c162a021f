import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SchedulingDeps } from './deps';

// A tradesperson's working pattern, lead time, jobs a day and time off (docs/api/scheduling.md). Thin: the services own the rules.

export const availabilityRoutes =
  (_deps: SchedulingDeps): FastifyPluginAsyncZod =>
  async () => {};
