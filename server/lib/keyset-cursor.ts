import { AppError } from './app-error';

/**
 * The opaque cursor of a list read newest first by (timestamp, id): the last row's pair, so the next
 * page starts strictly after it whatever was added meanwhile. The time is a Date (to the millisecond)
 * or PostgreSQL's own text of a timestamptz as `json_build_object` writes it (to the microsecond): a
 * list whose rows carry that text keeps it exact, so a page ending between two rows of the same
 * millisecond does not skip the second (see `exact` below).
 */
export const encodeCursor = (at: Date | string, id: string) =>
  Buffer.from(`${typeof at === 'string' ? at : at.toISOString()}|${id}`).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** ISO 8601 as `toISOString` and PostgreSQL's JSON write it: seconds, up to 6 decimals, an offset. */
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The pair a cursor holds, or a 400 for anything `encodeCursor` cannot have written. The cursor comes
 * back from the client, so it is checked as strictly as any input: a time PostgreSQL cannot store
 * (year 0, or beyond 9999 as JavaScript allows) or an id that only looks like a uuid
 * ('------------------------------------') used to reach the query and answer 500. `exact` is the time
 * as the cursor wrote it, for a statement to compare as `::timestamptz` without losing microseconds.
 */
export function decodeCursor(cursor: string | undefined): { at: Date; exact: string; id: string } | null {
  if (!cursor) return null;
  const [time, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(time ?? '');
  const year = at.getUTCFullYear();
  if (
    !TIME.test(time ?? '') ||
    Number.isNaN(at.getTime()) ||
    year < 1 ||
    year > 9999 ||
    !id ||
    !UUID.test(id) ||
    rest.length > 0
  ) {
    throw AppError.validation('That page link is not valid');
  }
  return { at, exact: time!, id };
}

/**
 * A page of a list read with one row more than `size` (which says whether another page follows without
 * counting the rest): its first `size` rows and the cursor after the last of them, or null on the last page.
 */
export function keysetPage<T extends { createdAt: Date | string; id: string }>(rows: T[], size: number) {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > size && last ? encodeCursor(last.createdAt, last.id) : null };
}
