import type { FileStorage } from '../adapters/storage';

// Stored files are served at /api/v1/files/<key>. Profile pictures live under avatars/ and are public;
// every other key belongs to a verification document and is shown to its owner and admins only.

export const FILES_URL_PREFIX = '/api/v1/files/';
export const AVATAR_PREFIX = 'avatars/';
export const DOCUMENT_PREFIX = 'documents/';

export const fileUrl = (key: string) => `${FILES_URL_PREFIX}${key}`;

/** The storage key behind one of our file URLs, or null for anything else (an old external URL). */
export function keyOfFileUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(FILES_URL_PREFIX)) return null;
  return url.slice(FILES_URL_PREFIX.length) || null;
}

export interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * Deletes a file whose row is already gone. A failure leaves an orphaned file, which costs storage but
 * no correctness, so it is logged rather than failing a request that has otherwise succeeded.
 */
export async function deleteQuietly(storage: FileStorage, key: string | null, log: Logger): Promise<void> {
  if (!key) return;
  try {
    await storage.delete(key);
  } catch (err) {
    log.warn({ err, key }, 'could not delete a stored file');
  }
}
