import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SupportContactView } from '../../../domain/help/api';
import type { Config } from '../../config/config';
import { openApiDoc } from '../../lib/route-docs';
import { NO_SESSION } from '../../plugins/openapi';

const doc = openApiDoc('support');

/** How to reach support, for the Support page's Call Support button: public, from configuration. */
export const supportRoutes =
  ({ config }: { config: Config }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/support/contact',
      doc('The support phone number and email (SUPPORT_PHONE, SUPPORT_EMAIL)', {
        security: NO_SESSION,
        response: { 200: SupportContactView },
      }),
      async (_request, reply) => {
        // The same for everyone and changed only by a restart with new settings.
        reply.header('cache-control', 'public, max-age=300');
        return { phone: config.support.phone, email: config.support.email };
      },
    );
  };
