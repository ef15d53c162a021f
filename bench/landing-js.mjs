// The JavaScript the landing page loads before it is usable, gzipped as the server sends it.
// Loads / in the system Chromium against the built app and sums every script fetched until the
// network is idle. Target: under 150 KB gzipped.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { fmt, freePort, npmStart, waitFor200 } from './lib.mjs';

const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
if (!chromiumPath) {
  process.stdout.write('landing-js: no Chromium (install Debian chromium or set CHROMIUM_PATH): skipped\n');
  process.exit(0);
}

await ensureWebBuild();
const dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-bench-'));
const port = await freePort();
const since = performance.now();
const server = npmStart({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
try {
  await waitFor200(`http://127.0.0.1:${port}/`, since);
  const browser = await chromium.launch({
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
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const scripts = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.push({ url: res.url(), body: await res.body() });
  });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
  await browser.close();

  let raw = 0;
  let gz = 0;
  process.stdout.write('\nscripts the landing page loads:\n');
  for (const s of scripts) {
    const g = gzipSync(s.body).length;
    raw += s.body.length;
    gz += g;
    process.stdout.write(
      `  ${new URL(s.url).pathname.padEnd(48)} ${fmt(s.body.length / 1024, 1).padStart(8)} KB  gzip ${fmt(g / 1024, 1).padStart(7)} KB\n`,
    );
  }
  process.stdout.write(
    `landing page JavaScript: ${scripts.length} files, ${fmt(raw / 1024, 1)} KB raw, ${fmt(gz / 1024, 1)} KB gzipped (target < 150 KB)\n`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
