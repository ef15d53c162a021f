import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config/config';

/** The OpenAPI document is generated from the routes' zod schemas and browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TradeNest API',
        description:
          'The JSON API behind the TradeNest web app. Errors are `{ error: { code, message, details } }`.',
        version: '1',
      },
      servers: [{ url: config.appUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Serves its own CSP with hashes for the UI's inline code, so the app-wide CSP stays strict.
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
