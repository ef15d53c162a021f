import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (data: unknown) => string;

describe('the response serializer', () => {
  const card = compile(
    z.object({
      id: z.string(),
      rating: z.number(),
      note: z.string().nullable(),
      booking: z.object({ amount: z.number().int() }).nullable(),
      tags: z.array(z.string()),
    }),
  );

  it('writes only what the schema declares, at any depth', () => {
    const body = card({
      id: 'a',
      rating: 4.5,
      note: null,
      booking: { amount: 1999, customerEmail: 'x@example.test' },
      tags: ['one'],
      passwordHash: 'never',
    });
    expect(JSON.parse(body)).toEqual({
      id: 'a',
      rating: 4.5,
      note: null,
      booking: { amount: 1999 },
      tags: ['one'],
    });
    expect(body).not.toContain('never');
    expect(body).not.toContain('customerEmail');
  });

  it('writes nullable fields both ways', () => {
    expect(JSON.parse(card({ id: 'b', rating: 0, note: 'hi', booking: null, tags: [] }))).toMatchObject({
      note: 'hi',
      booking: null,
    });
  });

  it('refuses a body missing a required property instead of sending half of it', () => {
    expect(() => card({ rating: 1, note: null, booking: null, tags: [] })).toThrow(/"id" is required/);
  });

  it('escapes strings as JSON', () => {
    const text = '</script><script>alert("x")</script>\u2028';
    expect(JSON.parse(card({ id: text, rating: 1, note: null, booking: null, tags: [] })).id).toBe(text);
  });
});
