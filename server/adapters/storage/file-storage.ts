import type { Readable } from 'node:stream';

// Where uploaded files live (ARCHITECTURE: file storage, local folder | S3-compatible). Keys are chosen
// by the server ('avatars/<uuid>.webp'); every adapter still refuses a key that could escape its folder
// or bucket prefix, so a bug upstream cannot turn into a path traversal.

export interface StoredFile {
  body: Readable | Buffer;
  contentType: string;
  /** Bytes, when the store knows it without reading the file. */
  size?: number | undefined;
}

export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under this key. */
  get(key: string): Promise<StoredFile | null>;
  /** Deleting a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}

export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
}

const MAX_KEY_LENGTH = 300;
// Up to eight '/'-separated segments of letters, digits, '_', '-' and '.', none starting with a dot:
// no '..', no hidden files, no absolute paths, no backslashes, no empty segments.
const SEGMENT = '[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}';
const SAFE_KEY = new RegExp(`^${SEGMENT}(?:/${SEGMENT}){0,7}$`);

export function isSafeKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && SAFE_KEY.test(key);
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new InvalidStorageKeyError(`Refused storage key ${JSON.stringify(key)}`);
}
