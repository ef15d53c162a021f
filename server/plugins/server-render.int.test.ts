import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureWebBuild } from '../../scripts/web-build.mjs';
import { describeOnDatabases } from '../../test/databases';
import { sessionFor } from '../../test/http';
import { tradespersonProfiles } from '../db/schema';
import { createCustomer, createJob, createTradesperson } from '../seed/factories';
import { IN_PROCESS_HEADER } from './security';

// The public pages rendered on the server (issue 40), with the real build: its server-render entry in
// dist/ssr beside dist/web. Built here when missing or stale, as `npm start` does.
const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = path.join(root, 'dist/web');
beforeAll(() => ensureWebBuild({ quiet: true }), 300_000);

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));

it('renders with the React bundled into the build, not the one NODE_ENV picks at run time', () => {
  // `npm start` runs as development by default, where react-dom/server from node_modules is React's
  // development build: slower and larger (bench/README.md, issue 40).
  const ssr = path.join(root, 'dist/ssr');
  const files = readdirSync(ssr, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
  const bare = files.flatMap((f) =>
    [...readFileSync(path.join(ssr, f), 'utf8').matchAll(/from\s*"(react[^"]*)"/g)].map((m) => m[1]),
  );
  expect(files.length).toBeGreaterThan(0);
  expect(bare).toEqual([]);
});

describeOnDatabases('server-rendered public pages', (ctx) => {
  const db = () => ctx.database().db;
  const page = async (url: string, cookie?: string) => {
    const app = await ctx.app({ WEB_DIST_DIR: dist });
    return app.inject({ url, headers: { accept: 'text/html', ...(cookie && { cookie }) } });
  };

  it('answers the landing, browse, profile and reviews pages with their content and data', async () => {
    const pro = await createTradesperson(db(), {
      verified: true,
      fullName: 'Priya Rendered',
      trade: 'Plumber',
    });
    const landing = await page('/');
    expect(landing.statusCode).toBe(200);
    expect(rootOf(landing.body)).toContain('Find a trusted local tradesperson');
    expect(landing.body).toContain('id="tn-ssr-state"');

    const browse = await page('/browse');
    expect(browse.statusCode).toBe(200);
    expect(rootOf(browse.body)).toContain('Find Tradespeople');
    expect(rootOf(browse.body)).toContain('Priya Rendered');

    const profile = await page(`/tradesperson/${pro.id}`);
    expect(profile.statusCode).toBe(200);
    // The head tags of a profile (social-meta) and its content, both.
    expect(profile.body).toMatch(/<title>Priya Rendered/);
    expect(rootOf(profile.body)).toContain('<h1');
    expect(rootOf(profile.body)).toContain('Priya Rendered');

    const reviews = await page(`/reviews?tradesperson=${pro.id}`);
    expect(reviews.statusCode).toBe(200);
    expect(rootOf(reviews.body)).toContain('Priya Rendered');
  });

  it('shows a tradesperson a job they may see, and a job they may not see as not found with a 404', async () => {
    const customer = await createCustomer(db());
    const pro = await createTradesperson(db(), { verified: true });
    const open = await createJob(db(), { customerId: customer.id, title: 'Leaking kitchen tap rendered' });
    const hidden = await createJob(db(), {
      customerId: customer.id,
      // Not open and not quoted on by them: invisible to them (marketplace/policy.ts).
      title: 'Cancelled job rendered',
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    const cookie = await sessionFor(db(), pro.id);

    const seen = await page(`/job/${open.id}`, cookie);
    expect(seen.statusCode).toBe(200);
    expect(rootOf(seen.body)).toContain('Leaking kitchen tap rendered');
    // The quote form is in the page, to be filled in while the app starts.
    expect(rootOf(seen.body)).toContain('Send a quote');
    expect(seen.headers['cache-control']).toBe('no-cache');
    // The app's code is fetched at low priority: what the first paint needs comes first.
    const preloads = seen.body.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(0);
    expect(preloads.filter((link) => !link.includes('fetchpriority="low"'))).toEqual([]);

    // Compressed for this one answer, as the browser asks.
    const app = await ctx.app({ WEB_DIST_DIR: dist });
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const compressed = await app.inject({
        url: `/job/${open.id}`,
        headers: { accept: 'text/html', 'accept-encoding': encoding, cookie },
      });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(decode(compressed.rawPayload).toString()).toContain('Leaking kitchen tap rendered');
    }

    const refused = await page(`/job/${hidden.id}`, cookie);
    expect(refused.statusCode).toBe(404);
    expect(rootOf(refused.body)).toContain('Job not found');
    expect(refused.body).not.toContain('Cancelled job rendered');
  });

  it('sends anyone signed in on another page, and a visitor on a job, the plain shell', async () => {
    const customer = await createCustomer(db());
    const pro = await createTradesperson(db(), { verified: true, businessName: 'Signed In Ltd' });
    const open = await createJob(db(), { customerId: customer.id, title: 'Leaking kitchen tap rendered' });
    const cookie = await sessionFor(db(), pro.id);
    for (const url of ['/browse', `/tradesperson/${pro.id}`]) {
      const signedIn = await page(url, cookie);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body).toContain('<div id="root"></div>');
    }
    // A visitor is sent to sign in by the app: the plain shell, nothing of the job.
    const visitor = await page(`/job/${open.id}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain('<div id="root"></div>');
    expect(visitor.body).not.toContain('Leaking kitchen tap rendered');
  });
});

describeOnDatabases('server-rendered pages, shared and unmetered', (ctx) => {
  const db = () => ctx.database().db;
  const visit = (app: Awaited<ReturnType<typeof ctx.app>>, url: string, cookie?: string) =>
    app.inject({ url, headers: { accept: 'text/html', ...(cookie && { cookie }) } });

  it("keeps a visitor's page for every visitor until a tradesperson's change clears it", async () => {
    const app = await ctx.app({ WEB_DIST_DIR: dist, PUBLIC_CACHE_MS: '60000' });
    const pro = await createTradesperson(db(), {
      verified: true,
      basePostcode: 'LS1 4AP',
      businessName: 'Shared Page Ltd',
    });
    const url = `/tradesperson/${pro.id}`;
    expect(rootOf((await visit(app, url)).body)).toContain('Shared Page Ltd');
    // Changed without the app knowing: visitors still get the kept page, which shows it is shared.
    await db()
      .update(tradespersonProfiles)
      .set({ businessName: 'Unannounced Ltd' })
      .where(eq(tradespersonProfiles.userId, pro.id));
    expect(rootOf((await visit(app, url)).body)).toContain('Shared Page Ltd');
    // Someone signed in gets the app's shell, never the visitors' page.
    const customer = await sessionFor(db(), (await createCustomer(db())).id);
    expect((await visit(app, url, customer)).body).not.toContain('Shared Page Ltd');

    const saved = await app.inject({
      method: 'PUT',
      url: '/api/v1/tradesperson/setup/details',
      headers: { cookie: await sessionFor(db(), pro.id) },
      payload: {
        businessName: 'Announced Ltd',
        phone: '07700 900123',
        basePostcode: 'LS1 4AP',
        serviceRadiusMiles: 25,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(rootOf((await visit(app, url)).body)).toContain('Announced Ltd');
  });

  it("does not count a render's own API requests against the visitor's rate limit", async () => {
    const app = await ctx.app({ WEB_DIST_DIR: dist, RATE_LIMIT_MAX: '2' });
    // Each render asks the API at least twice (the session, the page's data): six requests at least.
    for (let i = 0; i < 3; i++) expect((await visit(app, '/browse')).statusCode).toBe(200);
    const own = () => app.inject({ url: '/api/v1/auth/session' });
    expect((await own()).statusCode).toBe(200);
    // The header without this process's secret is no way around the limit.
    const forged = () =>
      app.inject({ url: '/api/v1/auth/session', headers: { [IN_PROCESS_HEADER]: 'guess' } });
    expect((await forged()).statusCode).toBe(200);
    expect((await forged()).statusCode).toBe(429);
  });
});

describeOnDatabases('a server render that fails', (ctx) => {
  // A build whose render throws: the page must still load, as the plain shell.
  const base = mkdtempSync(path.join(tmpdir(), 'tradenest-ssr-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('falls back to the plain shell, never a 500', async () => {
    const web = path.join(base, 'web');
    mkdirSync(web);
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    mkdirSync(path.join(base, 'ssr'));
    writeFileSync(
      path.join(base, 'ssr', 'page.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(base, 'ssr', 'server-render.js'),
      `export const rendersOnServer = () => true;
export async function renderPage() { throw new Error('render broke'); }`,
    );
    const app = await ctx.app({ WEB_DIST_DIR: web });
    const res = await app.inject({
      url: '/browse',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.etag).toBeDefined();
  });
});
