// The JavaScript each of the five server-rendered public pages (issue 40) loads before it is usable,
// gzipped and brotli-compressed as the server's build sends it. Loads each page in the system Chromium
// (a phone-sized window; the job page signed in as the demo tradesperson) against the built app and
// sums every script fetched until the network is idle. Target: at most 120 KB gzipped on each.
// Beside it, the same measure of a page made of the web stack's libraries alone (js-floor.mjs): what
// no change to our own code can take off.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { stackFloor } from './js-floor.mjs';
import { fmt, freePort, npmStart, waitFor200 } from './lib.mjs';
import { cookieList, publicPages } from './public-pages.mjs';

const TARGET_KB = 120;
const DEADLINE_MS = 6 * 60_000;

const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
if (!chromiumPath) {
  process.stdout.write('landing-js: no Chromium (install Debian chromium or set CHROMIUM_PATH): skipped\n');
  process.exit(0);
}

await ensureWebBuild();
const dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const since = performance.now();
const server = npmStart({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
let browser;
const deadline = setTimeout(async () => {
  process.stderr.write(`landing-js: gave up after ${DEADLINE_MS / 1000} s\n`);
  await browser?.close().catch(() => {});
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}, DEADLINE_MS);

// As the build writes them (scripts/web-build.mjs precompress): brotli at best quality, gzip level 9.
const sizes = (body) => ({
  raw: body.length,
  gzip: gzipSync(body, { level: 9 }).length,
  br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
const kb = (bytes) => fmt(bytes / 1024, 1).padStart(7);

try {
  await waitFor200(`${base}/`, since);
  const pages = await publicPages(base);
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const totals = [];
  for (const { name, path: pagePath, cookie } of pages) {
    // A fresh context per page: nothing cached from the page before.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    if (cookie) await context.addCookies(cookieList(cookie, base));
    const page = await context.newPage();
    const scripts = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push({ url: res.url(), body: await res.body() });
    });
    await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle', timeout: 60_000 });
    await context.close();
    const total = { raw: 0, gzip: 0, br: 0 };
    process.stdout.write(`\n${name} (${pagePath}):\n`);
    for (const s of scripts) {
      const size = sizes(s.body);
      for (const k of Object.keys(total)) total[k] += size[k];
      process.stdout.write(
        `  ${new URL(s.url).pathname.padEnd(48)} ${kb(size.raw)} KB  gzip ${kb(size.gzip)} KB  br ${kb(size.br)} KB\n`,
      );
    }
    totals.push({ name, files: scripts.length, ...total });
  }
  process.stdout.write(`\nfirst-load JavaScript per page (target <= ${TARGET_KB} KB gzipped):\n`);
  for (const t of totals) {
    const verdict = t.gzip / 1024 <= TARGET_KB ? 'met' : 'MISSED';
    process.stdout.write(
      `  ${t.name.padEnd(28)} ${String(t.files).padStart(3)} files  ${kb(t.raw)} KB raw  ${kb(t.gzip)} KB gzip  ${kb(t.br)} KB br  ${verdict}\n`,
    );
  }
  process.stdout.write(
    '\nthe web stack alone (a one-page app that uses each library as ours does; entry chunk):\n',
  );
  for (const f of await stackFloor()) {
    const left = TARGET_KB - f.gzip / 1024;
    process.stdout.write(
      `  ${f.name.padEnd(28)}            ${kb(f.raw)} KB raw  ${kb(f.gzip)} KB gzip  ${kb(f.br)} KB br  leaves ${fmt(left, 1)} KB for the app\n`,
    );
  }
} catch (error) {
  process.stderr.write(`landing-js: ${error instanceof Error ? error.message : error}\n`);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await browser?.close().catch(() => {});
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
