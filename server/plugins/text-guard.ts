import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

// PostgreSQL cannot store U+0000 in text or jsonb: such a value failed at the INSERT, after validation
// had passed it, and answered 500 (for an upload, after the file was stored). No field of ours has a
// use for it, so it is refused on the way in, in every part of every request, before any route reads
// it: one rule here instead of one per field, which also covers fields added later.

export const NUL_MESSAGE = 'Text cannot contain null characters';

const isBytes = (value: object) => ArrayBuffer.isView(value) || value instanceof ArrayBuffer;

/**
 * The path of the first string holding U+0000 in `value` ('specialties.1', as validation details name
 * fields), keys included, or null. Iterative: a deeply nested JSON body must not overflow the stack.
 * Bytes are not text and are skipped: a raw body (the webhook route's, kept as a Buffer for its
 * signature) would otherwise be walked one index at a time, seconds for a megabyte on a route anyone
 * may post to; such a route checks what it parses from its bytes itself.
 */
export function findNul(value: unknown, path = ''): string | null {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return at;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], at ? `${at}.${i}` : `${i}`]);
    } else if (current !== null && typeof current === 'object' && !isBytes(current)) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const field = at ? `${at}.${key}` : key;
        if (key.includes('\u0000')) return field;
        stack.push([child, field]);
      }
    }
  }
  return null;
}

/** Throws the usual 400 validation answer when any of `parts` holds U+0000. */
export function refuseNul(...parts: unknown[]): void {
  for (const part of parts) {
    const field = findNul(part);
    if (field !== null) throw AppError.validation(NUL_MESSAGE, [{ field, message: NUL_MESSAGE }]);
  }
}

/**
 * Path parameters, the query string and a parsed body, for every route. Multipart text fields are
 * read later, inside the upload routes, and checked there with `refuseNul`.
 */
export function registerTextGuard(app: FastifyInstance): void {
  // Callback style: it runs on every request, and an async hook costs a promise each time.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseNul(request.params, request.query, request.body);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}
