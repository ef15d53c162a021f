import type { FastifySchema } from 'fastify';

/** What every documented route's schema starts with: its OpenAPI tag and one-line summary. */
type Documented<Parts> = { schema: { tags: string[]; summary: string } & Parts };

/**
 * A module's route documentation, its OpenAPI tag written once:
 * `const doc = openApiDoc('reviews')`, then for each route
 * `app.get(path, doc(summary, { querystring, response }, { preValidation }), handler)`.
 *
 * `doc(summary, parts, options)` is the route's options: `options` (hooks, config) as given, and
 * `schema: { tags: [tag], summary, ...parts }`. The result keeps the zod schemas' own types, so the
 * type provider still types the handler's `request.params`, `request.query` and `request.body`.
 */
export function openApiDoc(tag: string) {
  return <Parts extends FastifySchema = Record<never, never>, Options extends object = Record<never, never>>(
    summary: string,
    parts?: Parts,
    options?: Options,
  ): Options & Documented<Parts> =>
    ({ ...options, schema: { tags: [tag], summary, ...parts } }) as Options & Documented<Parts>;
}
