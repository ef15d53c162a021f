import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import type { StreamHub } from './stream-hub';

const doc = openApiDoc('messaging');

/** `GET /api/v1/events`: the signed-in user's Server-Sent Events stream (docs/api/messaging.md). */
export const eventRoutes =
  (hub: StreamHub): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/events', doc('Server-Sent Events for the signed-in user'), async (request, reply) => {
      const auth = requireUser(request);
      // The response is written by the hub for as long as the browser keeps it open. Headers set so
      // far (the security headers) go with it: a hijacked reply no longer sends them itself.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      hub.open(auth.user.id, auth.sessionHash, reply.raw, request.id);
    });
  };
