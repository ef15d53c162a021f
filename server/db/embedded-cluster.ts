import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StartupError } from '../lib/startup-error';
import { JOB_POLICIES, JOB_SCHEDULES, QUEUE_SCHEMA, queueDefinitions } from '../queue/jobs';
import { EMBEDDED_EXTENSIONS } from './embedded-extensions';
import { MIGRATIONS_FOLDER } from './migrations-folder';

// Creating an embedded PostgreSQL cluster (initdb) costs ~2.5 s and peaks near 850 MB, memory a process
// keeps once it has it; applying the migrations to it another ~0.5 s, installing pg-boss's schema and
// creating the job queues (a table each) ~0.7 s more. So they run once per machine, PGlite and pg-boss
// version, set of migrations and of queues, in a short-lived child process, into a template folder;
// every new database is a copy of it (~900 files; their creation is most of the ~0.3 s), and the server's own migration run and queue start then
// find nothing to do.

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

function packageVersion(name: string): string {
  const manifest = path.join(PROJECT_ROOT, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The queues and schedules the template holds, as the child process is given them. */
const QUEUES = JSON.stringify({ queues: queueDefinitions(JOB_POLICIES), schedules: JOB_SCHEDULES });
/** pg-boss's queue for schedules that fall due (its timekeeper's `__pgboss__send-it`). */
const SCHEDULE_QUEUE = '__pgboss__send-it';
/** What else the child does to the cluster; a change here makes a new template. */
const TEMPLATE_LAYOUT = 'without template0 and template1';

function schemaFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  }
  return hash.update(QUEUES).update(SCHEDULE_QUEUE).update(TEMPLATE_LAYOUT).digest('hex').slice(0, 12);
}

export function clusterTemplateDir(): string {
  return path.join(
    PROJECT_ROOT,
    'node_modules/.cache/tradenest',
    `pglite-${packageVersion('@electric-sql/pglite')}-migrated-${schemaFingerprint()}-pgboss-${packageVersion('pg-boss')}`,
  );
}

const isCluster = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

function initdbInChild(dataDir: string): Promise<void> {
  const script = `
    const { PGlite } = await import('@electric-sql/pglite');
    // EMBEDDED_EXTENSIONS, by name: each contrib module exports its extension under that name.
    const extensions = {};
    for (const name of JSON.parse(process.argv[6])) {
      extensions[name] = (await import(\`@electric-sql/pglite/contrib/\${name}\`))[name];
    }
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const db = await PGlite.create({ dataDir: process.argv[1], extensions });
    // The server uses one database, 'postgres', and never creates another: PostgreSQL's two template
    // databases were 600 of the 1,456 files under base/ that every new data folder copied.
    for (const name of ['template1', 'template0']) {
      await db.exec(\`alter database \${name} is_template false\`);
      await db.exec(\`drop database \${name}\`);
    }
    await migrate(drizzle({ client: db }), { migrationsFolder: process.argv[2] });
    // The job queue's tables too (server/queue), so a first start only checks their version, and its
    // queues and schedules, so a first start finds them as the server's queue start would make them.
    const { default: PgBoss } = await import('pg-boss');
    await db.exec(PgBoss.getConstructionPlans(process.argv[3]));
    // As server/queue/queue.ts's databaseAdapter does for PGlite (this script cannot import TypeScript).
    const executeSql = async (text, values) =>
      values?.length ? db.query(text, values.map((v) => v ?? null)) : { rows: (await db.exec(text)).findLast((r) => r.fields.length > 0)?.rows ?? [] };
    // Neither maintenance nor cron: the template must hold no job.
    const boss = new PgBoss({ schema: process.argv[3], db: { executeSql }, supervise: false, schedule: false });
    await boss.start();
    const { queues, schedules } = JSON.parse(process.argv[4]);
    for (const queue of queues) await boss.createQueue(queue.name, queue);
    for (const [name, cron] of Object.entries(schedules)) await boss.schedule(name, cron, {}, { tz: 'UTC' });
    // pg-boss's own queue for due schedules, which its cron creates at every start (a table, ~60-90 ms
    // the first time; a lookup after).
    await boss.createQueue(process.argv[5]);
    await boss.stop({ graceful: false, close: false });
    await db.close();
  `;
  return new Promise<void>((resolve, reject) => {
    // Run from the project root so the child resolves the same PGlite package as this process.
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        script,
        dataDir,
        MIGRATIONS_FOLDER,
        QUEUE_SCHEMA,
        QUEUES,
        SCHEDULE_QUEUE,
        JSON.stringify(EMBEDDED_EXTENSIONS),
      ],
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

/** Copies that a start killed mid-copy left beside `dataDir` (their process is gone). */
async function removeAbandonedCopies(dataDir: string): Promise<void> {
  const prefix = `${path.basename(dataDir)}.tmp-`;
  for (const entry of readdirSync(path.dirname(dataDir))) {
    if (!entry.startsWith(prefix)) continue;
    const pid = Number(entry.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && !processAlive(pid)) {
      await rm(path.join(path.dirname(dataDir), entry), { recursive: true, force: true });
    }
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, as someone else's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Creates the embedded cluster in `dataDir` from the template unless one is already there. The copy
 * (43 MB in ~1,400 files) is made beside its place and renamed into it, so a start killed mid-copy
 * leaves no half a database that the next start would take for whole. It is a plain synchronous copy,
 * three to four times quicker than fs.promises.cp here; the database's thread loads PGlite meanwhile
 * (openDatabase starts it first).
 */
export async function ensureEmbeddedCluster(dataDir: string): Promise<void> {
  if (isCluster(dataDir)) return;
  const template = await prepareClusterTemplate();
  await mkdir(path.dirname(dataDir), { recursive: true });
  await removeAbandonedCopies(dataDir);
  const scratch = `${dataDir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  cpSync(template, scratch, { recursive: true });
  // An empty folder in its place (made by hand, or by an older version) gives way; anything else stays.
  if (existsSync(dataDir) && readdirSync(dataDir).length === 0) rmSync(dataDir, { recursive: true });
  try {
    renameSync(scratch, dataDir);
  } catch (err) {
    await rm(scratch, { recursive: true, force: true });
    if (isCluster(dataDir)) return; // another process made it first
    throw new StartupError(
      `${dataDir} holds files that are not a database; move them away and start again.`,
      {
        cause: err,
      },
    );
  }
}
