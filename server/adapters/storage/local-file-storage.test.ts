import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidStorageKeyError, isSafeKey } from './file-storage';
import { LocalFileStorage, WHOLE_FILE_BYTES } from './local-file-storage';

let dir: string;
let storage: LocalFileStorage;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tradenest-files-'));
  storage = new LocalFileStorage(path.join(dir, 'files'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const read = async (body: Readable | Buffer) => (Buffer.isBuffer(body) ? body.toString() : text(body));

describe('local file storage', () => {
  it('stores a file with its content type and reads it back', async () => {
    await storage.put('avatars/a1.webp', Buffer.from('picture bytes'), 'image/webp');
    const file = await storage.get('avatars/a1.webp');
    expect(file).not.toBeNull();
    expect(file!.contentType).toBe('image/webp');
    expect(file!.size).toBe(13);
    expect(await read(file!.body)).toBe('picture bytes');
    expect(await readFile(path.join(dir, 'files', 'avatars', 'a1.webp'), 'utf8')).toBe('picture bytes');
  });

  it('reads a file up to WHOLE_FILE_BYTES whole, streams a larger one, and leaves no file open', async () => {
    const small = Buffer.alloc(WHOLE_FILE_BYTES, 7);
    const large = Buffer.alloc(WHOLE_FILE_BYTES + 1, 9);
    await storage.put('photos/small.webp', small, 'image/webp');
    await storage.put('documents/large.pdf', large, 'application/pdf');
    // Linux lists a process's open files in /proc; elsewhere the count is left out.
    const openFiles = async () => (await readdir('/proc/self/fd').catch(() => [])).length;
    const before = await openFiles();
    for (let i = 0; i < 20; i++) {
      const file = (await storage.get('photos/small.webp'))!;
      expect(Buffer.isBuffer(file.body)).toBe(true);
      expect(file.size).toBe(WHOLE_FILE_BYTES);
      expect((file.body as Buffer).equals(small)).toBe(true);
    }
    expect(await storage.get('photos')).toBeNull();
    expect(await openFiles()).toBe(before);

    const file = (await storage.get('documents/large.pdf'))!;
    expect(Buffer.isBuffer(file.body)).toBe(false);
    expect(file.size).toBe(WHOLE_FILE_BYTES + 1);
    expect(Buffer.concat(await (file.body as Readable).toArray()).equals(large)).toBe(true);
    // The stream closes its handle just after its end.
    await vi.waitFor(async () => expect(await openFiles()).toBe(before));
  });

  it('replaces a file written again under the same key, leaving no temporary files', async () => {
    await storage.put('documents/d1.pdf', Buffer.from('first'), 'application/pdf');
    await storage.put('documents/d1.pdf', Buffer.from('second'), 'application/pdf');
    expect(await read((await storage.get('documents/d1.pdf'))!.body)).toBe('second');
    expect((await readdir(path.join(dir, 'files', 'documents'))).filter((f) => f.includes('tmp'))).toEqual(
      [],
    );
  });

  it('answers null for a key that holds nothing, and deletes idempotently', async () => {
    expect(await storage.get('avatars/missing.webp')).toBeNull();
    await storage.put('avatars/a2.webp', Buffer.from('x'), 'image/webp');
    await storage.delete('avatars/a2.webp');
    await storage.delete('avatars/a2.webp');
    expect(await storage.get('avatars/a2.webp')).toBeNull();
    expect(await readdir(path.join(dir, 'files', 'avatars'))).toEqual([]);
  });

  it('answers null for a folder rather than a file', async () => {
    await storage.put('documents/d2.pdf', Buffer.from('x'), 'application/pdf');
    expect(await storage.get('documents')).toBeNull();
  });

  it.each([
    '../secret.txt',
    'avatars/../../secret.txt',
    '/etc/passwd',
    'avatars/./a.webp',
    'avatars//a.webp',
    '.hidden',
    'avatars\\..\\secret.txt',
    'avatars/a.webp~content-type',
    'avatars/%2e%2e/secret',
    '',
    'a'.repeat(301),
  ])('refuses the key %j on every operation', async (key) => {
    await writeFile(path.join(dir, 'secret.txt'), 'do not serve');
    expect(isSafeKey(key)).toBe(false);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(await readFile(path.join(dir, 'secret.txt'), 'utf8')).toBe('do not serve');
  });

  it('accepts the keys the server makes', () => {
    expect(isSafeKey('avatars/0b6c1b2e-4d8f-4a36-9c1e-2a6f8f1d9b10.webp')).toBe(true);
    expect(isSafeKey('documents/0b6c1b2e-4d8f-4a36-9c1e-2a6f8f1d9b10.pdf')).toBe(true);
    expect(isSafeKey('seed/documents/0b6c1b2e/passport.jpg')).toBe(true);
  });
});
