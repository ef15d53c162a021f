import { AppError } from './app-error';

/**
 * The opaque cursor of a list read newest first by (timestamp, id): the last row's pair, so the next
 * page starts strictly after it whatever was added meanwhile.
 */
export const encodeCursor = (at: Date, id: string) =>
  Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The pair a cursor holds, or a 400 for anything `encodeCursor` cannot have written. The cursor comes
 * back from the client, so it is checked as strictly as any input: a time PostgreSQL cannot store
 * (year 0, or beyond 9999 as JavaScript allows) or an id that only looks like a uuid
 * ('------------------------------------') used to reach the query and answer 500.
 */
export function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [time, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(time ?? '');
  const year = at.getUTCFullYear();
  if (Number.isNaN(at.getTime()) || year < 1 || year > 9999 || !id || !UUID.test(id) || rest.length > 0) {
    throw AppError.validation('That page link is not valid');
  }
  return { at, id };
}
