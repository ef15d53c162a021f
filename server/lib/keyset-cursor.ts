import { AppError } from './app-error';

/**
 * The opaque cursor of a list read newest first by (timestamp, id): the last row's pair, so the next
 * page starts strictly after it whatever was added meanwhile.
 */
export const encodeCursor = (at: Date, id: string) =>
  Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

export function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(time ?? '');
  if (Number.isNaN(at.getTime()) || !id || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw AppError.validation('That page link is not valid');
  }
  return { at, id };
}
