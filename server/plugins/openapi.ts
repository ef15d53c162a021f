import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '../../domain/errors';
import type { Config } from '../config/config';
import { adminOnly } from './auth-context';

// A plain JSON value: OpenAPI 3.1 schemas are JSON Schema 2020-12, which is what zod writes.
const { $schema: _dialect, ...errorEnvelopeSchema } = JSON.parse(
  JSON.stringify(z.toJSONSchema(ErrorEnvelope, { io: 'output' })),
) as Record<string, unknown>;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The security scheme every signed-in operation names: the session cookie (decision 0007). */
export const SESSION_SCHEME = 'sessionCookie';

/**
 * What a route's schema says about sessions, as `security`. A route under /api/v1 that says nothing
 * needs a signed-in user (it calls `requireUser`, or is admin-only): that is the default, so a new
 * route is never documented as open by omission. A route that serves visitors says so:
 * - `NO_SESSION`: the answer does not depend on a session (sign-up, postcodes, health).
 * - `SESSION_OPTIONAL`: visitors are served, and a session, when sent, changes the answer (a
 *   tradesperson's own hidden profile, signing in again, the assistant's answers for a user).
 */
export const NO_SESSION: Record<string, string[]>[] = [];
export const SESSION_OPTIONAL: Record<string, string[]>[] = [{}, { [SESSION_SCHEME]: [] }];
const SIGNED_IN: Record<string, string[]>[] = [{ [SESSION_SCHEME]: [] }];
/** The payment provider's webhooks carry no session: the body's HMAC signature, in a header, is checked. */
export const WEBHOOK_SIGNATURE: Record<string, string[]>[] = [
  { stripeSignature: [] },
  { sandboxSignature: [] },
];
const signatureScheme = (header: string, provider: string) => ({
  type: 'apiKey' as const,
  in: 'header' as const,
  name: header,
  description:
    `${provider}'s signature of the raw body (a timestamped HMAC-SHA256 with the webhook secret), ` +
    'verified before the event is read; not a key the caller holds.',
});

// @fastify/rate-limit's headers, on every answer of a limited route (before the limit is reached and
// after), and Retry-After on its 429 (server/plugins/security.ts).
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed in the current window.',
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 2_147_483_647 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the window resets.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 },
  },
};
const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 },
  },
};
const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };

type Json = { [key: string]: unknown };
type Security = Record<string, string[]>[];

const isSignedInOnly = (security: unknown): boolean =>
  Array.isArray(security) && security.length > 0 && security.every((s) => SESSION_SCHEME in s);

const hooksOf = (hook: RouteOptions['preValidation']): unknown[] =>
  hook === undefined ? [] : Array.isArray(hook) ? hook : [hook];

/**
 * Each route's schema as zod writes it, plus what the route's options say and the document cannot see
 * otherwise: who may call it (`security`, `x-admin-only` for routes behind `adminOnly`) and whether the
 * rate limit answers it (`x-rate-limited`, read and removed by the document's transform below).
 */
function transformRoute(input: Parameters<typeof jsonSchemaTransform>[0]) {
  const transformed = jsonSchemaTransform(input);
  const route = input.route as RouteOptions;
  const declared = (input.schema as { security?: Security } | undefined)?.security;
  const schema = transformed.schema as Json;
  schema.security = declared ?? (input.url.startsWith('/api/v1/') ? SIGNED_IN : NO_SESSION);
  const hooks = [...hooksOf(route.onRequest), ...hooksOf(route.preValidation), ...hooksOf(route.preHandler)];
  // The admin console's routes: those behind `adminOnly` on the route, and the admin module's, which
  // adds it for all of its routes at once (a plugin hook the route's options do not show).
  if (hooks.includes(adminOnly) || input.url.startsWith('/api/v1/admin/')) schema['x-admin-only'] = true;
  if (route.config?.rateLimit !== false) schema['x-rate-limited'] = true;
  return transformed;
}

const INT32 = 2_147_483_647;

/**
 * What a schema's own constraints already imply, written out for OpenAPI tools. An integer's width
 * (`format`), which zod does not write, follows from its bounds: int32 when they fit in 32 bits, int64
 * otherwise (zod's default bounds are JavaScript's safe integers, which fit in 64). A uuid or a date
 * has a fixed length, which zod states as a pattern but not as `maxLength`.
 */
function addImpliedBounds(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) addImpliedBounds(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Json;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer') && schema.format === undefined) {
    const min = typeof schema.minimum === 'number' ? schema.minimum : Number.NEGATIVE_INFINITY;
    const max = typeof schema.maximum === 'number' ? schema.maximum : Number.POSITIVE_INFINITY;
    schema.format = min >= -INT32 - 1 && max <= INT32 ? 'int32' : 'int64';
  }
  // zod's uuid and date formats come with a pattern of exactly 36 and 10 characters.
  const implied = schema.format === 'uuid' ? 36 : schema.format === 'date' ? 10 : undefined;
  if (implied !== undefined && types.includes('string') && schema.maxLength === undefined) {
    schema.maxLength = implied;
  }
  for (const value of Object.values(schema)) addImpliedBounds(value);
}

/** A name for the server's audience and environment, in the words OpenAPI tools look for. */
const ENVIRONMENT = { production: 'production', test: 'test', development: 'local development' } as const;

/**
 * The OpenAPI document is generated from the routes' zod schemas and browsable at /api/docs. Any
 * operation may answer an error, so each gets a `default` response: the envelope, whose `code` is the
 * closed list of domain/errors.ts. Signed-in operations name the session cookie as their security
 * scheme (docs/api/openapi.md).
 */
export async function registerOpenApi(
  app: FastifyInstance,
  config: Config,
  { sessionCookie }: { sessionCookie: string },
): Promise<void> {
  // Public: the web app and anyone's browser call it; nothing here is for internal callers only.
  // (`x-internal` is a vendor extension, which the plugin's types do not list.)
  const server = {
    url: config.appUrl,
    description: `TradeNest, ${ENVIRONMENT[config.env]}`,
    'x-internal': false,
  } as { url: string; description: string };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TradeNest API',
        description:
          'The JSON API behind the TradeNest web app. Errors are `{ error: { code, message, details } }`.',
        version: '1',
      },
      servers: [server],
      components: {
        schemas: { ErrorEnvelope: errorEnvelopeSchema },
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookie,
            description:
              'The session cookie set by signing in (HttpOnly, SameSite=Lax; `__Host-` prefixed over HTTPS). ' +
              'Unsafe methods (POST, PUT, PATCH, DELETE) are also refused with 403 `cross_site_request` ' +
              'when the browser says the request comes from another site (Origin, Sec-Fetch-Site).',
          },
          stripeSignature: signatureScheme('stripe-signature', 'Stripe'),
          sandboxSignature: signatureScheme('sandbox-signature', 'The payments sandbox'),
        },
      },
    },
    transform: transformRoute,
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      for (const pathItem of Object.values(openapiObject.paths ?? {})) {
        for (const method of HTTP_METHODS) {
          const operation = pathItem?.[method] as (Json & { responses?: Record<string, Json> }) | undefined;
          if (!operation) continue;
          const limited = operation['x-rate-limited'] === true;
          delete operation['x-rate-limited'];
          const responses: Record<string, Json> = { ...operation.responses };
          // The errors every operation of its kind can answer, named so clients need not guess: a
          // request the schemas refuse, a signed-in route called without a session (admin-only routes
          // answer 404 instead, to everyone else), and the unexpected.
          if (operation.parameters || operation.requestBody) {
            responses['400'] ??= {
              description: 'The request does not match the schema',
              content: ERROR_CONTENT,
            };
          }
          if (operation['x-admin-only'] !== true && isSignedInOnly(operation.security)) {
            responses['401'] ??= { description: 'Not signed in', content: ERROR_CONTENT };
          }
          responses['500'] ??= { description: 'Unexpected server error', content: ERROR_CONTENT };
          responses.default = { description: 'Error', content: ERROR_CONTENT };
          if (limited) {
            responses['429'] ??= {
              description: 'Too many requests',
              headers: RETRY_AFTER,
              content: ERROR_CONTENT,
            };
            // The limit's hook runs first of all (it is registered at the root before anything else), so
            // every answer of a limited route carries its headers, errors included.
            for (const response of Object.values(responses)) {
              response.headers = { ...(response.headers as Json | undefined), ...RATE_LIMIT_HEADERS };
            }
          }
          operation.responses = responses;
        }
      }
      addImpliedBounds(openapiObject.paths);
      addImpliedBounds(openapiObject.components);
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
