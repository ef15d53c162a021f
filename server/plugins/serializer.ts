import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Response bodies are written by a serializer compiled once per route from its zod response schema
 * (converted to JSON Schema), the way Fastify serializes by default, instead of parsing every body
 * with zod and then running JSON.stringify over it. On the open-jobs list that parse was a tenth of
 * the server's time under load (bench/README.md).
 *
 * What the schema does not name is left out, as zod's parse did: nothing a route did not declare
 * reaches the client. A missing required property fails the response (a 500), never sends a
 * half-formed body.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  // Compiled on the route's first response rather than when the route is registered: ~105 schemas cost
  // ~250-360 ms of CPU at every start (a third of building the app), most of them for routes a given
  // run may never answer; the first answer of each pays ~2 ms instead.
  let serialize: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    serialize ??= compile(schema);
    return serialize(data);
  };
};

function compile(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
  return fastJson(simplifyNullable(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

type Json = { [key: string]: unknown };

/**
 * zod writes `.nullable()` as `anyOf: [X, { type: 'null' }]`. fast-json-stringify resolves an anyOf by
 * validating the value against each branch at run time; a type list (`type: [X.type, 'null']`) is a
 * plain typeof check. Only branches with a single plain type are rewritten.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) out[key] = simplifyNullable(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((b) => isOnly(b, 'null'));
    const other = anyOf[1 - nullAt] as Json | undefined;
    if (nullAt !== -1 && other && typeof other.type === 'string' && !('anyOf' in other)) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

const isOnly = (branch: unknown, type: string) =>
  typeof branch === 'object' &&
  branch !== null &&
  (branch as Json).type === type &&
  Object.keys(branch as Json).length === 1;
