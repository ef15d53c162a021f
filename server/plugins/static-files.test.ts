import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without type declarations.
import { precompress } from '../../scripts/web-build.mjs';
import { acceptedEncodings } from '../lib/accept-encoding';
import { loadBuild, sendStatic } from './static-files';

function build(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'tradenest-static-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'assets', 'index-AbC123.js'),
    `console.info(${JSON.stringify('x'.repeat(4000))});`,
  );
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'logo.png'), Buffer.alloc(2048, 7));
  return dist;
}

describe('the build compressed once', () => {
  it('writes brotli and gzip copies of text files over 1 KB, and nothing for small or binary files', async () => {
    const dist = build();
    expect(await precompress(dist)).toBe(1);
    const files = loadBuild(dist);
    expect([...files.keys()].sort()).toEqual(['/assets/index-AbC123.js', '/favicon.svg', '/logo.png']);
    const script = files.get('/assets/index-AbC123.js')?.read();
    expect(script?.type).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(script?.br as Buffer).equals(script?.body as Buffer)).toBe(true);
    expect(gunzipSync(script?.gzip as Buffer).equals(script?.body as Buffer)).toBe(true);
    expect(files.get('/favicon.svg')?.read()?.br).toBeUndefined();
    expect(files.get('/logo.png')?.read()?.gzip).toBeUndefined();
  });
});

describe('the files of a build', () => {
  it('are read on first use and then held, and one removed since the start reads as null', async () => {
    const dist = build();
    const files = loadBuild(dist);
    const favicon = files.get('/favicon.svg');
    const script = files.get('/assets/index-AbC123.js');
    // Listed at start, read only when asked for: a file changed before its first request is read as it is then.
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" id="new"/>');
    const first = favicon?.read();
    expect(first?.body.toString()).toContain('id="new"');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    expect(favicon?.read()).toBe(first);
    rmSync(path.join(dist, 'assets', 'index-AbC123.js'));
    expect(script?.read()).toBeNull();
  });
});

describe('content negotiation', () => {
  it.each([
    ['gzip, deflate, br, zstd', { br: true, gzip: true }],
    ['gzip', { br: false, gzip: true }],
    ['br;q=0, gzip;q=0.5', { br: false, gzip: true }],
    ['br;q=0.000', { br: false, gzip: false }],
    ['*', { br: true, gzip: true }],
    ['identity', { br: false, gzip: false }],
    ['', { br: false, gzip: false }],
  ])('Accept-Encoding %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });

  it('sends the encoding asked for, the same weak ETag for each, and 304 when the client has it', async () => {
    const dist = build();
    await precompress(dist);
    const file = loadBuild(dist).get('/assets/index-AbC123.js')?.read();
    if (!file) throw new Error('not loaded');
    const app = Fastify();
    app.get('/f', (request, reply) => sendStatic(request, reply, file));
    const br = await app.inject({ url: '/f', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(file.br as Buffer)).toBe(true);
    const gz = await app.inject({ url: '/f', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/f' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(file.body.toString());
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(1);
    expect(br.headers.etag).toMatch(/^W\/"[\w-]+"$/);

    for (const match of [
      br.headers.etag,
      `"other", ${br.headers.etag}`,
      String(br.headers.etag).slice(2),
      '*',
    ]) {
      const again = await app.inject({ url: '/f', headers: { 'if-none-match': match as string } });
      expect(again.statusCode, match).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(br.headers.etag);
    }
    const changed = await app.inject({ url: '/f', headers: { 'if-none-match': 'W/"older-build"' } });
    expect(changed.statusCode).toBe(200);
    await app.close();
  });
});
