import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '../../domain/errors';
import type { Config } from '../config/config';

// A plain JSON value: OpenAPI 3.1 schemas are JSON Schema 2020-12, which is what zod writes.
const { $schema: _dialect, ...errorEnvelopeSchema } = JSON.parse(
  JSON.stringify(z.toJSONSchema(ErrorEnvelope, { io: 'output' })),
) as Record<string, unknown>;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The OpenAPI document is generated from the routes' zod schemas and browsable at /api/docs. Any
 * operation may answer an error, so each gets a `default` response: the envelope, whose `code` is the
 * closed list of domain/errors.ts.
 */
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
      components: { schemas: { ErrorEnvelope: errorEnvelopeSchema } },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      for (const pathItem of Object.values(openapiObject.paths ?? {})) {
        for (const method of HTTP_METHODS) {
          const operation = pathItem?.[method];
          if (!operation) continue;
          operation.responses = {
            ...operation.responses,
            default: {
              description: 'Error',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
            },
          };
        }
      }
      return openapiObject;
    },
  });
  // The browsable UI is a development tool: it needs a looser CSP of its own for its inline code, so
  // production serves the document alone (under the app's CSP) and keeps the UI out.
  if (config.env === 'production') {
    app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
    return;
  }
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
