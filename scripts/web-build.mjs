// Builds the web app when dist/web is missing or older than its sources, so `npm start` always serves
// what is in the working tree without rebuilding on every start.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { newestMtime } from './newest-mtime.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// This script too: how the app is built is part of what was built.
const SOURCES = ['web', 'domain', 'vite.config.ts', 'package.json', 'scripts/web-build.mjs'];

export function webBuildIsCurrent(distDir = path.join(root, 'dist/web')) {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return SOURCES.every((s) => !existsSync(path.join(root, s)) || newestMtime(path.join(root, s)) <= built);
}

export async function ensureWebBuild({ quiet = false, force = false } = {}) {
  if (!force && webBuildIsCurrent()) return false;
  let vite;
  try {
    vite = await import('vite');
  } catch {
    throw new Error(
      'dist/web is missing or stale and Vite is not installed: run `npm install` then `npm run build`.',
    );
  }
  if (!quiet) process.stdout.write('Building the web app (first start or changed sources)...\n');
  // Vite follows NODE_ENV, and test runners set it to 'test', which would ship React's development
  // build. What we serve is always the production build.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const configFile = path.join(root, 'vite.config.ts');
    const logLevel = quiet ? 'error' : 'warn';
    await vite.build({ configFile, mode: 'production', logLevel });
    await buildServerRender(vite, configFile, logLevel);
    await precompress(path.join(root, 'dist/web'));
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  return true;
}

/**
 * Builds the server-render entry (web/src/server-render.tsx) for Node into dist/ssr, where the server
 * loads it (server/plugins/web-app.ts), with the page it renders into: dist/ssr/page.html, the shell
 * with its stylesheet inline and the app's entry started after the first paint. Also renders the
 * landing page without data into dist/web/landing.html, what a visitor on / gets when no render is
 * available.
 */
async function buildServerRender(vite, configFile, logLevel) {
  const outDir = path.join(root, 'dist/ssr');
  await vite.build({
    configFile,
    mode: 'production',
    logLevel,
    build: {
      ssr: 'src/server-render.tsx',
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      // React, the router and the query cache in a chunk of their own, not in the entry: each build
      // imports the entry afresh (a new URL) and the route chunks import what they share from the
      // entry, so in that render those would be two instances with two routers' contexts.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/[^/]+)\//,
              },
            ],
          },
        },
      },
    },
    // Everything the render imports is bundled, React's production build included: left to Node,
    // react-dom/server follows the server's NODE_ENV, and `npm start` runs as development by default, so
    // every page was rendered by React's development build. Bundling also keeps only the icons used of
    // lucide-react, one CommonJS file of every icon that took 48 MB and 100 ms on the first page
    // rendered (bench/README.md, issue 40).
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  });
  const { renderLanding } = await import(
    `${pathToFileURL(path.join(outDir, 'server-render.js')).href}?t=${Date.now()}`
  );
  const indexFile = path.join(root, 'dist/web/index.html');
  const shell = readFileSync(indexFile, 'utf8');
  const marker = '<div id="root"></div>';
  if (!shell.includes(marker)) throw new Error(`dist/web/index.html has no ${marker}`);
  // The stylesheet goes inline too, so the first paint waits for nothing but this one response (the
  // CSP allows inline styles; the file stays cached for the pages that follow).
  const withCss = shell.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/,
    (link, file) => {
      const css = readFileSync(path.join(root, 'dist/web', file), 'utf8');
      return css.includes('</style') ? link : `<style>${css}</style>`;
    },
  );
  // The app's entry starts after the first paint (web/public/start-after-paint.js); its chunks are
  // still preloaded meanwhile, at low priority, so that they do not compete with the first paint.
  const page = withCss
    .replaceAll(
      '<link rel="modulepreload" crossorigin href=',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href=',
    )
    .replace(
      /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/,
      (_tag, entry) => `<script src="/start-after-paint.js" data-entry="${entry}" defer></script>`,
    );
  if (page === withCss) throw new Error('dist/web/index.html has no module entry script');
  writeFileSync(path.join(outDir, 'page.html'), page);
  writeFileSync(
    path.join(root, 'dist/web/landing.html'),
    page.replace(marker, `<div id="root">${await renderLanding()}</div>`),
  );
}

const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml)$/;

/**
 * Writes a `.br` (brotli, best quality) and a `.gz` (gzip, level 9) beside every text file of the build
 * over 1 KB, so the server sends bytes compressed once here instead of compressing on each request
 * (server/plugins/static-files.ts). Source maps are not served to browsers by default, so they are left.
 */
export async function precompress(distDir) {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (COMPRESSIBLE.test(entry.name) && statSync(full).size >= 1024) files.push(full);
    }
  };
  walk(distDir);
  // zlib's asynchronous calls run on libuv's thread pool, so the files compress in parallel.
  await Promise.all(
    files.map(async (file) => {
      const raw = readFileSync(file);
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gz(raw, { level: 9 }),
      ]);
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipped);
    }),
  );
  return files.length;
}
