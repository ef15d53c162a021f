import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SchedulingDeps } from './deps';

// The tradesperson's calendar, and its private .ics feed (docs/api/scheduling.md). Thin: the services own the rules.

export const calendarRoutes =
  (_deps: SchedulingDeps): FastifyPluginAsyncZod =>
  async () => {};
