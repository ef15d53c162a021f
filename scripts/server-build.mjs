// Compiles the server (server/ and domain/, TypeScript) into JavaScript in dist/server when it is missing
// or older than its sources, so `npm start` loads a few plain files instead of transpiling ~250 modules
// on every start (decision 0021). Packages stay in node_modules (imported from there at run time), all
// but Drizzle: see `PACKAGES_INSIDE`.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_DIST_DIR = path.join(root, 'dist/server');
// What the bundle is made of: its sources, the packages it was compiled against, and this recipe.
const SOURCES = [
  'server',
  'domain',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/server-build.mjs',
];
// The entry points: the listening server, the embedded database's thread (see compiledWorker), the
// embedded database's template (which `npm start` prepares beside the web build, before the server
// opens the database), and the child process that writes the demo documents' sample files after a
// first start (server/seed/sample-documents.ts).
const ENTRIES = {
  main: 'server/main.ts',
  'embedded-worker': 'server/db/embedded-worker.ts',
  'embedded-cluster': 'server/db/embedded-cluster.ts',
  'sample-documents-child': 'server/seed/sample-documents-child.ts',
  'uk-ip-data': 'server/adapters/geo/uk-ip-data.ts',
};
const OLD_CHUNK_MS = 24 * 60 * 60 * 1000;

/** The compiled entry point's file (what `npm start` imports). */
export const serverEntry = (name) => path.join(SERVER_DIST_DIR, `${name}.js`);

export function serverBuildIsCurrent() {
  const built = Object.keys(ENTRIES).map((name) => serverEntry(name));
  if (!built.every((file) => existsSync(file))) return false;
  const oldest = Math.min(...built.map((file) => statSync(file).mtimeMs));
  return SOURCES.every((s) => !existsSync(path.join(root, s)) || newestMtime(path.join(root, s)) <= oldest);
}

/**
 * Packages compiled into the bundle rather than imported from node_modules. Drizzle's ~250 ESM files
 * each make Node re-read the `exports` map of its 179 KB package.json to learn the file's format, which
 * cost ~440 ms of the ~840 ms the server's modules took to load (CPU profile, Node 22.23); inside the
 * bundle they cost nothing of the sort. Drizzle is only ever imported by our code, so there is still
 * one copy of it in the process.
 */
const PACKAGES_INSIDE = /^drizzle-orm(\/|$)/;

const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    // A bare specifier names a package (or a Node built-in); relative ones are our own files.
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      PACKAGES_INSIDE.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Source files that name their own location (`import.meta.url`: the migrations folder, the postcode
 * data, the project root) keep naming it once compiled: the expression becomes that file's URL, worked
 * out from the compiled file's own, so the project folder may still be moved or copied.
 */
const ownLocation = (outdir) => ({
  name: 'own-location',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
});

/**
 * The embedded database's thread (server/db/embedded-worker.ts) runs compiled, beside the compiled
 * server, rather than from its TypeScript source: Node's type stripping loaded a WebAssembly compiler
 * into the thread, 15 MB resident and 30-40 ms of each start. The client names the source; once
 * compiled (and its location rewritten by ownLocation), that name becomes the compiled file's, which
 * sits beside every chunk.
 */
const WORKER_SOURCE_URL =
  /new URL\("\.\/embedded-worker\.ts", new URL\("[^"]*server\/db\/embedded-client\.ts", import\.meta\.url\)\.href\)/g;
const compiledWorker = {
  name: 'compiled-worker',
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length > 0) return;
      let found = false;
      for (const file of readdirSync(build.initialOptions.outdir).filter((f) => f.endsWith('.js'))) {
        const full = path.join(build.initialOptions.outdir, file);
        const code = readFileSync(full, 'utf8');
        if (code.search(WORKER_SOURCE_URL) === -1) continue;
        found = true;
        writeFileSync(
          full,
          code.replaceAll(WORKER_SOURCE_URL, 'new URL("./embedded-worker.js", import.meta.url)'),
        );
      }
      // A reworded client must not quietly go back to the TypeScript source.
      if (!found)
        throw new Error("scripts/server-build.mjs: the embedded worker's URL was not found in the build");
    });
  },
};

/** Compiles the server into `outdir` (dist/server; tests build elsewhere); returns the milliseconds taken. */
export async function buildServer({ outdir = SERVER_DIST_DIR } = {}) {
  const esbuild = await import('esbuild');
  const started = Date.now();
  // Written beside, then moved in file by file, the entries last: a server starting meanwhile (another
  // `npm start`) reads either the previous build or this one, never half of one.
  const scratch = `${outdir}.tmp-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: ENTRIES,
      outdir: scratch,
      bundle: true,
      // Lazily imported modules (the Stripe and OpenAI adapters, ...) stay in chunks of their own, so
      // their packages load only when configured, as they do from the sources.
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      chunkNames: 'chunk-[hash]',
      sourcemap: 'linked',
      // Class and function names stay as written: logs, errors and `constructor.name` checks read them.
      keepNames: true,
      logLevel: 'warning',
      plugins: [packagesOutside, ownLocation(outdir), compiledWorker],
    });
    mkdirSync(outdir, { recursive: true });
    const entries = new Set(Object.keys(ENTRIES).flatMap((name) => [`${name}.js`, `${name}.js.map`]));
    const files = readdirSync(scratch);
    for (const file of [...files.filter((f) => !entries.has(f)), ...files.filter((f) => entries.has(f))]) {
      renameSync(path.join(scratch, file), path.join(outdir, file));
    }
    // Chunks of earlier builds stay a day, for a server still running that loads one of them lazily.
    for (const file of readdirSync(outdir)) {
      const full = path.join(outdir, file);
      if (!files.includes(file) && Date.now() - statSync(full).mtimeMs > OLD_CHUNK_MS) rmSync(full);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return Date.now() - started;
}

/** Builds dist/server unless it is current; returns whether it built. */
export async function ensureServerBuild({ force = false } = {}) {
  if (!force && serverBuildIsCurrent()) return false;
  await buildServer();
  return true;
}
