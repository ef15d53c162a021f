import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUEUE_SCHEMA } from '../queue/jobs';
import { MIGRATIONS_FOLDER } from './migrations-folder';

// Creating an embedded PostgreSQL cluster (initdb) costs ~2.5 s and peaks near 850 MB, memory a process
// keeps once it has it; applying the migrations to it another ~0.5 s, installing pg-boss's schema more.
// So they run once per machine, PGlite and pg-boss version and set of migrations, in a short-lived child process, into a template folder; every
// new database is a copy of it (~0.2 s), and the server's own migration run then finds nothing to do.

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

function packageVersion(name: string): string {
  const manifest = path.join(PROJECT_ROOT, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

export function clusterTemplateDir(): string {
  return path.join(
    PROJECT_ROOT,
    'node_modules/.cache/tradenest',
    `pglite-${packageVersion('@electric-sql/pglite')}-migrated-${migrationsFingerprint()}-pgboss-${packageVersion('pg-boss')}`,
  );
}

const isCluster = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

function initdbInChild(dataDir: string): Promise<void> {
  const script = `
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const db = await PGlite.create({ dataDir: process.argv[1], extensions: { pg_trgm } });
    await migrate(drizzle({ client: db }), { migrationsFolder: process.argv[2] });
    // The job queue's tables too (server/queue), so a first start only checks their version.
    const { default: PgBoss } = await import('pg-boss');
    await db.exec(PgBoss.getConstructionPlans(process.argv[3]));
    await db.close();
  `;
  return new Promise<void>((resolve, reject) => {
    // Run from the project root so the child resolves the same PGlite package as this process.
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', script, dataDir, MIGRATIONS_FOLDER, QUEUE_SCHEMA],
      {
        cwd: PROJECT_ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`could not create the embedded database: ${stderr.trim()}`)),
    );
  });
}

let preparing: Promise<string> | undefined;

/** Makes sure the empty-cluster template exists; safe to call repeatedly and concurrently. */
export function prepareClusterTemplate(): Promise<string> {
  preparing ??= (async () => {
    const template = clusterTemplateDir();
    if (isCluster(template)) return template;
    const scratch = `${template}.tmp-${process.pid}`;
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    await initdbInChild(scratch);
    // Another process may have finished first; either copy is as good.
    if (isCluster(template)) rmSync(scratch, { recursive: true, force: true });
    else renameSync(scratch, template);
    // Templates of older PGlite versions or migration sets are of no further use.
    const cache = path.dirname(template);
    for (const entry of readdirSync(cache)) {
      const stale =
        entry.startsWith('pglite-') && !entry.includes('.tmp-') && path.join(cache, entry) !== template;
      if (stale) rmSync(path.join(cache, entry), { recursive: true, force: true });
    }
    return template;
  })();
  preparing.catch(() => {
    preparing = undefined;
  });
  return preparing;
}

/** Creates the embedded cluster in `dataDir` from the template unless one is already there. */
export async function ensureEmbeddedCluster(dataDir: string): Promise<void> {
  if (isCluster(dataDir)) return;
  const template = await prepareClusterTemplate();
  mkdirSync(dataDir, { recursive: true });
  cpSync(template, dataDir, { recursive: true });
}
