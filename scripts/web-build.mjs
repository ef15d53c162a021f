// Builds the web app when dist/web is missing or older than its sources, so `npm start` always serves
// what is in the working tree without rebuilding on every start.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['web', 'domain', 'vite.config.ts', 'package.json'];

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

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
    await vite.build({
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: quiet ? 'error' : 'warn',
    });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  return true;
}
