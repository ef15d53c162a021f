import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SupportDeps } from './support.service';

/** The person's side: /support/conversations, /support/handover, /support/guest. FOUNDATION. */
export const supportConversationRoutes =
  (_deps: SupportDeps): FastifyPluginAsyncZod =>
  async () => {};

/** The support team's side: /admin/support… FOUNDATION. */
export const supportInboxRoutes =
  (_deps: SupportDeps): FastifyPluginAsyncZod =>
  async () => {};
