import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidStorageKeyError } from './file-storage';
import { S3FileStorage } from './s3-file-storage';

// A few lines of S3's REST API (path-style PUT, GET and DELETE of objects), enough to check that the
// adapter speaks it the way MinIO and other S3-compatible services expect.
const objects = new Map<string, { body: Buffer; type: string }>();
const requests: { method: string; url: string; auth: string }[] = [];
let server: Server;
let endpoint: string;

async function handle(
  req: IncomingMessage,
): Promise<{ status: number; headers?: Record<string, string>; body?: Buffer | string }> {
  requests.push({ method: req.method!, url: req.url!, auth: String(req.headers.authorization ?? '') });
  const key = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
  if (req.method === 'PUT') {
    objects.set(key, { body: await buffer(req), type: String(req.headers['content-type']) });
    return { status: 200, headers: { etag: '"1"' } };
  }
  if (req.method === 'GET') {
    const found = objects.get(key);
    if (!found) {
      return {
        status: 404,
        headers: { 'content-type': 'application/xml' },
        body: '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>',
      };
    }
    return {
      status: 200,
      headers: { 'content-type': found.type, 'content-length': String(found.body.length) },
      body: found.body,
    };
  }
  if (req.method === 'DELETE') {
    objects.delete(key);
    return { status: 204 };
  }
  return { status: 405 };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void handle(req).then(({ status, headers, body }) => {
      res.writeHead(status, headers);
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const storage = () =>
  new S3FileStorage({
    bucket: 'uploads',
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
    forcePathStyle: true,
  });

describe('S3-compatible file storage', () => {
  it('puts, gets and deletes objects in the bucket, signed with the configured key', async () => {
    const s3 = storage();
    await s3.put('avatars/a1.webp', Buffer.from('picture bytes'), 'image/webp');
    expect(objects.get('/uploads/avatars/a1.webp')).toEqual({
      body: Buffer.from('picture bytes'),
      type: 'image/webp',
    });
    expect(requests.at(-1)!.auth).toContain('Credential=test-key/');

    const file = await s3.get('avatars/a1.webp');
    expect(file?.contentType).toBe('image/webp');
    expect((await buffer(file!.body as Readable)).toString()).toBe('picture bytes');

    await s3.delete('avatars/a1.webp');
    expect(objects.has('/uploads/avatars/a1.webp')).toBe(false);
    expect(await s3.get('avatars/a1.webp')).toBeNull();
  });

  it('refuses unsafe keys without calling the service', async () => {
    const before = requests.length;
    await expect(storage().get('../other-bucket/x')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(requests.length).toBe(before);
  });
});
