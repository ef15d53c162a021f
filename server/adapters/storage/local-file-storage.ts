import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type FileStorage, InvalidStorageKeyError, type StoredFile } from './file-storage';

// Each file's content type is kept beside it, because a file's name must never decide how it is
// served. The suffix contains '~', which keys cannot, so no key can read or overwrite a sidecar.
const TYPE_SUFFIX = '~content-type';

/**
 * Files up to this size come back as one Buffer, read in one call; larger ones as a stream. A stream
 * costs two reads, a close and a pipe into the socket for every file, whatever its size, and photos'
 * copies are asked for on every page that shows them. A display copy of pure noise, the worst case, is
 * 1.3-1.8 MB and streams, as large documents do. At most this much is held per request in flight.
 */
export const WHOLE_FILE_BYTES = 1024 * 1024;

/** Files in a folder on this machine (by default DATA_DIR/files). */
export class LocalFileStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    // The key pattern already rules traversal out; this is the belt to its braces.
    if (!full.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(`Key escapes root: ${key}`);
    return full;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const temp = `${file}.${randomUUID()}~tmp`;
    try {
      await writeFile(`${temp}${TYPE_SUFFIX}`, contentType);
      await writeFile(temp, bytes);
      await rename(`${temp}${TYPE_SUFFIX}`, `${file}${TYPE_SUFFIX}`);
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      await rm(`${temp}${TYPE_SUFFIX}`, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    let streaming = false;
    try {
      const [stats, contentType] = await Promise.all([
        handle.stat(),
        readFile(`${file}${TYPE_SUFFIX}`, 'utf8').catch((err) => {
          if (isMissing(err)) return 'application/octet-stream';
          throw err;
        }),
      ]);
      if (!stats.isFile()) return null;
      if (stats.size > WHOLE_FILE_BYTES) {
        // The stream owns the handle from here and closes it when done or destroyed.
        streaming = true;
        return { body: handle.createReadStream(), contentType, size: stats.size };
      }
      const body = await readWhole(handle, stats.size);
      return { body, contentType, size: body.length };
    } finally {
      if (!streaming) await handle.close();
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    await rm(`${file}${TYPE_SUFFIX}`, { force: true });
  }
}

/** The file's `size` bytes (files are replaced by a rename, never written in place, so it stays that size). */
async function readWhole(handle: FileHandle, size: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const { bytesRead } = await handle.read(buffer, filled, size - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === size ? buffer : buffer.subarray(0, filled);
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
