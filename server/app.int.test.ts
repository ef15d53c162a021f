import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
// @ts-expect-error: a build script in plain JavaScript, without type declarations.
import { precompress } from '../scripts/web-build.mjs';
import { PRODUCTION, testConfig } from '../test/config';
import { describeOnDatabases } from '../test/databases';
import { sessionFor } from '../test/http';
import { type App, buildApp } from './app';
import type { DatabaseHandle } from './db/client';
import { createCustomer, createJob, createTradesperson } from './seed/factories';

describeOnDatabases('the application shell', (ctx) => {
  it("answers liveness with a request id and the API's security headers", async () => {
    const app = await ctx.app();
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Document-only headers stay off JSON answers (decision 0021).
    expect(res.headers['permissions-policy']).toBeUndefined();
    // Errors carry the same set.
    const missing = await app.inject({ url: '/api/v1/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('lets the API docs page (development) keep its own policy', async () => {
    const app = await ctx.app();
    const res = await app.inject({ url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/html');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('sends HSTS only when the app is served over HTTPS', async () => {
    const app = await ctx.app({ APP_URL: 'https://tradenest.example' });
    const res = await app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('keeps a well-formed request id from a proxy', async () => {
    const app = await ctx.app();
    const res = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'edge-1234abcd' } });
    expect(res.headers['x-request-id']).toBe('edge-1234abcd');
  });

  it('reports readiness without naming the database engine', async () => {
    const app = await ctx.app();
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.body).not.toMatch(/pglite|postgres/i);
  });

  it('reports not ready, without internals, when the database does not answer', async () => {
    const broken: DatabaseHandle = {
      ...ctx.database(),
      ping: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2')),
    };
    const app = await buildApp({ config: testConfig(), database: broken, logger: false });
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: { code: 'not_ready', message: 'The service is starting or its database is unavailable.' },
    });
    await app.close();
  });

  it('answers unknown API paths with a JSON 404 whatever the method or Accept header', async () => {
    const app = await ctx.app();
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/health/x'],
    ] as const) {
      const res = await app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });

  it('publishes an OpenAPI document generated from the route schemas, browsable at /api/docs', async () => {
    const app = await ctx.app();
    const doc = await app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const body = doc.json();
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/ready',
        '/api/v1/geo/postcodes/{postcode}',
        '/api/v1/geo/locations',
      ]),
    );
    const ui = await app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it("serves the OpenAPI document in production under the API's CSP, and no browsable UI", async () => {
    const app = await ctx.app(PRODUCTION);
    const doc = await app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe('3.1.0');
    expect(doc.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/index.html']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-eval');
    }
  });

  it('rate-limits the API per client and leaves liveness alone', async () => {
    const app = await ctx.app({ RATE_LIMIT_MAX: '3' });
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    const limited = await app.inject({ url: '/api/ready' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
    });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('compresses API answers over 1 KB in one call with a 256 KB brotli window, and leaves liveness alone', async () => {
    const app = await ctx.app();
    const db = ctx.database().db;
    const customer = await createCustomer(db);
    for (let i = 0; i < 40; i++) await createJob(db, { customerId: customer.id });
    const cookie = await sessionFor(db, (await createTradesperson(db)).id);
    const url = '/api/v1/jobs/open?limit=40';
    const plain = await app.inject({ url, headers: { cookie } });
    // Over the plugin's own 8 KB cut-over to a stream on 2 cores: this page too is compressed in one call.
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    const res = await app.inject({ url, headers: { cookie, 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    // A stream would have dropped the length and sent the answer chunked.
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
    // RFC 7932 9.1: the stream's first bits give its window; 1 then 3 bits n means 2^(17 + n) bytes.
    const first = res.rawPayload[0] ?? 0;
    expect(first & 1).toBe(1);
    expect(17 + ((first >> 1) & 7)).toBe(18);
    const health = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describeOnDatabases('error envelope and bad input', (ctx) => {
  async function appWithTestRoutes(overrides: Record<string, string> = {}) {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info', ...overrides }),
      database: ctx.database(),
      logStream: { write: (line) => lines.push(line) },
    });
    app.post(
      '/api/v1/test/echo',
      {
        schema: {
          body: z.object({
            name: z.string().min(2, 'Name must be at least 2 characters'),
            age: z.number().int(),
          }),
        },
      },
      async (request) => request.body,
    );
    app.get('/api/v1/test/boom', async () => {
      throw new Error('relation "users" does not exist at /srv/app/server/db.ts:42 password=hunter2');
    });
    await app.ready();
    return { app, lines };
  }

  /** POST /api/v1/test/echo, the test route that checks its body against a schema. */
  const echo = (app: App, payload: string | object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/v1/test/echo', headers, payload });

  it('answers a schema failure with the first message and per-field details', async () => {
    const { app } = await appWithTestRoutes();
    const res = await echo(app, { name: 'A', age: 'x' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_error');
    expect(body.error.message).toBe('Name must be at least 2 characters');
    expect(body.error.details).toContainEqual({
      field: 'name',
      message: 'Name must be at least 2 characters',
    });
    await app.close();
  });

  it('answers malformed JSON, a wrong content type and an oversized body with 4xx envelopes', async () => {
    const { app } = await appWithTestRoutes({ BODY_LIMIT_BYTES: '2048' });
    const broken = await echo(app, '{"name": "Ann", ', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      error: { code: 'bad_request', message: 'The request body is not valid JSON.' },
    });

    const wrongType = await echo(app, 'hello', { 'content-type': 'application/x-unknown' });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error.code).toBe('unsupported_media_type');

    const huge = await echo(app, { name: 'x'.repeat(5000), age: 1 });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request is too large.' },
    });
    await app.close();
  });

  it('hides internals of unexpected failures from the response but logs them with the request id', async () => {
    const { app, lines } = await appWithTestRoutes();
    const res = await app.inject({ url: '/api/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(res.body).not.toContain('relation');
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(logged?.reqId).toBe(res.headers['x-request-id']);
    await app.close();
  });

  it('does not log an error for a client that hung up before the rate limit was checked', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database: ctx.database(),
      logStream: { write: (line) => lines.push(line) },
    });
    // Node forgets a socket's address once it closes; an app-level hook runs before the rate
    // limiter's route-level one, so this stands in for a client that has just gone.
    app.addHook('onRequest', async (request) => {
      Object.defineProperty(request, 'ip', { value: undefined });
    });
    await app.ready();
    const res = await app.inject({ url: '/api/v1/support/contact' });
    expect(res.statusCode).toBeLessThan(500);
    expect(lines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50)).toEqual([]);
    await app.close();
  });

  it('logs one line per request when it completes, and a failure at error level', async () => {
    const { app, lines } = await appWithTestRoutes();
    const ok = await app.inject({ url: '/api/health' });
    const requestLines = () =>
      lines
        .map((l) => JSON.parse(l))
        .filter((l) => l.msg === 'request completed' || l.msg === 'incoming request');
    expect(requestLines()).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        reqId: ok.headers['x-request-id'],
        req: expect.objectContaining({ method: 'GET', url: '/api/health' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    lines.length = 0;
    await app.inject({ url: '/api/v1/test/boom' });
    expect(requestLines()).toEqual([
      expect.objectContaining({ level: 50, msg: 'request completed', res: { statusCode: 500 } }),
    ]);
    await app.close();
  });

  it('never writes cookies, tokens or passwords into the logs', async () => {
    const { app, lines } = await appWithTestRoutes();
    await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo?token=tok-secret-1&page=2',
      headers: { cookie: 'session=cookie-secret-2', authorization: 'Bearer bearer-secret-3' },
      payload: { name: 'Ann', age: 3, password: 'pw-secret-4' },
    });
    const all = lines.join('\n');
    expect(all).toContain('/api/v1/test/echo?token=%5BREDACTED%5D&page=2');
    for (const secret of ['tok-secret-1', 'cookie-secret-2', 'bearer-secret-3', 'pw-secret-4']) {
      expect(all).not.toContain(secret);
    }
    await app.close();
  });
});

describeOnDatabases('serving the built web app', (ctx) => {
  function fakeBuild(): string {
    const dist = mkdtempSync(path.join(tmpdir(), 'tradenest-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en-GB"><title>TradeNest</title><div id="root"></div>',
    );
    writeFileSync(
      path.join(dist, 'assets', 'index-AbC123.js'),
      `console.info(${JSON.stringify('x'.repeat(4000))});`,
    );
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    return dist;
  }

  it('sends pages and files the document security headers', async () => {
    const app = await ctx.app({ WEB_DIST_DIR: fakeBuild() });
    // A revalidation whose copy is stale gets them too: for one, they are added as the answer leaves.
    const cases = ['/', '/jobs/new', '/assets/index-AbC123.js', '/assets/gone-123.js'].flatMap((url) => [
      { url, headers: { accept: 'text/html' } },
      { url, headers: { accept: 'text/html', 'if-none-match': 'W/"an-old-build"' } },
    ]);
    for (const { url, headers } of cases) {
      const res = await app.inject({ url, headers });
      expect(res.statusCode, url).toBe(url.includes('gone') ? 404 : 200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['permissions-policy'], url).toContain('geolocation=()');
      expect(res.headers['permissions-policy'], url).toContain('payment=()');
    }
    // The API keeps its own set on a revalidation too, its unknown paths (the web app's not-found
    // handler answers them) included.
    for (const url of ['/api/health', '/api/v1/no-such-route']) {
      const api = await app.inject({ url, headers: { 'if-none-match': 'W/"x"' } });
      expect(api.statusCode, url).toBe(url === '/api/health' ? 200 : 404);
      expect(api.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(api.headers['permissions-policy'], url).toBeUndefined();
    }
  });

  it('caches hashed assets for a year, compressed, and revalidates everything else', async () => {
    const app = await ctx.app({ WEB_DIST_DIR: fakeBuild() });
    const asset = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers client-side routes with the app shell and missing assets with a 404', async () => {
    const app = await ctx.app({ WEB_DIST_DIR: fakeBuild() });
    for (const url of ['/', '/job/123', '/no-such-page?x=1']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const missing = await app.inject({ url: '/assets/gone-123.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 404 for a file a new build removed after the start, not a 500', async () => {
    const dist = fakeBuild();
    const app = await ctx.app({ WEB_DIST_DIR: dist });
    // Files are read on their first request: these two never were before they went.
    rmSync(path.join(dist, 'assets', 'index-AbC123.js'));
    rmSync(path.join(dist, 'favicon.svg'));
    for (const url of ['/assets/index-AbC123.js', '/favicon.svg']) {
      const res = await app.inject({ url, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });

  it('answers curl, uptime monitors and link-preview bots (no Accept, or */*) with the page, HEAD too', async () => {
    const app = await ctx.app({ WEB_DIST_DIR: fakeBuild() });
    for (const headers of [
      {},
      { accept: '*/*' },
      { accept: 'text/*' },
      { 'user-agent': 'Slackbot-LinkExpanding 1.0' },
    ]) {
      for (const url of ['/', '/tradesperson/123', '/browse?service=plumber']) {
        const get = await app.inject({ url, headers });
        expect(get.statusCode, `GET ${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(get.headers['content-type']).toContain('text/html');
        expect(get.body).toContain('<div id="root">');
        const head = await app.inject({ method: 'HEAD', url, headers });
        expect(head.statusCode, `HEAD ${url}`).toBe(200);
        expect(head.headers['content-type']).toContain('text/html');
        expect(head.body).toBe('');
      }
    }
    // Files that are not there, and clients that ask for something other than a page, still get a 404.
    for (const [url, accept] of [
      ['/favicon.ico', undefined],
      ['/wp-login.php', '*/*'],
      ['/robots.txt', undefined],
      ['/browse', 'application/json'],
      ['/logo.png', 'image/*'],
    ] as const) {
      const res = await app.inject({ url, headers: accept ? { accept } : {} });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('sends visitors without a session the pre-rendered landing page, and everyone else the shell', async () => {
    const dist = fakeBuild();
    writeFileSync(
      path.join(dist, 'landing.html'),
      '<!doctype html><html lang="en-GB"><title>TradeNest</title><div id="root"><h1>Pre-rendered</h1></div>',
    );
    const app = await ctx.app({ WEB_DIST_DIR: dist });
    const visitor = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(visitor.body).toContain('<h1>Pre-rendered</h1>');
    expect(visitor.headers.vary).toContain('Cookie');
    for (const cookie of ['tn_session=abc', 'theme=dark; __Host-tn_session=abc']) {
      const signedIn = await app.inject({ url: '/', headers: { accept: 'text/html', cookie } });
      expect(signedIn.body, cookie).not.toContain('Pre-rendered');
      expect(signedIn.body).toContain('<div id="root"></div>');
    }
    // The build-time landing page is for / alone: in a build without a server render (this fake one has
    // no dist/ssr) every other page is the shell. The rendered pages: plugins/server-render.int.test.ts.
    const other = await app.inject({ url: '/browse', headers: { accept: 'text/html' } });
    expect(other.body).not.toContain('Pre-rendered');
    // Pages are compressed like everything else, although no route serves them.
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await app.inject({
        url: '/',
        headers: { accept: 'text/html', 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(decode(res.rawPayload).toString()).toContain('<h1>Pre-rendered</h1>');
    }
  });

  it('sends the compressed copies the build made, with an ETag, and 304 to a visitor who has the page', async () => {
    const dist = fakeBuild();
    writeFileSync(
      path.join(dist, 'landing.html'),
      `<!doctype html><html lang="en-GB"><title>TradeNest</title><div id="root"><h1>Pre-rendered</h1>${'<p>Find a trade</p>'.repeat(100)}</div>`,
    );
    expect(await precompress(dist)).toBe(2);
    const app = await ctx.app({ WEB_DIST_DIR: dist });
    const browser = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
    const first = await app.inject({ url: '/', headers: browser });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.rawPayload.equals(readFileSync(path.join(dist, 'landing.html.br')))).toBe(true);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await app.inject({ url: '/', headers: { ...browser, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers.vary).toBe('Accept, Accept-Encoding, Cookie');
    // Only what updates the stored copy: its own headers (security ones included) stay as they were.
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect(again.headers['content-type']).toBeUndefined();
    expect(again.headers['x-request-id']).toBeDefined();
    // A signed-in visitor's page is the shell: its own ETag, so the landing page's does not match it.
    const signedIn = await app.inject({
      url: '/',
      headers: { ...browser, cookie: 'tn_session=abc', 'if-none-match': etag },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers.etag).not.toBe(etag);

    const asset = await app.inject({ url: '/assets/index-AbC123.js', headers: browser });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'index-AbC123.js.br')))).toBe(true);
    expect(asset.headers.vary).toBe('Accept-Encoding');
    const cached = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { ...browser, 'if-none-match': String(asset.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
    // The compressed copies are chosen by Accept-Encoding, never asked for by name.
    expect((await app.inject({ url: '/assets/index-AbC123.js.br' })).statusCode).toBe(404);
  });

  it('explains how to build when the web app has not been built', async () => {
    const app = await ctx.app();
    const res = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight before closing', async () => {
    const { getTestDatabase } = await import('../test/databases');
    const app = await buildApp({
      config: testConfig(),
      database: await getTestDatabase('pglite'),
      logger: false,
    });
    let release: () => void = () => {};
    const started = new Promise<void>((resolveStarted) => {
      app.get('/api/v1/test/slow', async () => {
        resolveStarted();
        await new Promise<void>((r) => {
          release = r;
        });
        return { done: true };
      });
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const inFlight = fetch(`http://127.0.0.1:${port}/api/v1/test/slow`);
    await started;
    const closing = app.close();
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
