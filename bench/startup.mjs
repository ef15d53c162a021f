// Time from `npm start` (web app already built) to the first 200 of the landing page, and the
// server's resident memory once started with demo data: embedded database (first start and a
// restart) and, when PostgreSQL is reachable, with DATABASE_URL.
// Targets: first 200 under 3 s; RSS under 400 MB embedded and under 200 MB with a database server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { findServerPid, fmt, freePort, npmStart, rssMb, sleep, waitFor200 } from './lib.mjs';

const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function measure(label, env) {
  const port = await freePort();
  const since = performance.now();
  const server = npmStart({ ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  try {
    const firstOk = await waitFor200(`http://127.0.0.1:${port}/`, since);
    // Let start-up work (demo-account listing, JIT) settle before reading memory.
    await sleep(1500);
    const pid = findServerPid(server.child.pid);
    const rss = pid ? rssMb(pid) : Number.NaN;
    // Exercise the API a little so the figure is not a cold process.
    for (let i = 0; i < 50; i++) {
      await (await fetch(`http://127.0.0.1:${port}/api/ready`)).arrayBuffer();
      await (await fetch(`http://127.0.0.1:${port}/api/v1/geo/postcodes/M1%201AE`)).arrayBuffer();
    }
    const rssWarm = pid ? rssMb(pid) : Number.NaN;
    const stopped = await server.stop();
    return {
      label,
      firstOkMs: firstOk,
      rssMb: rss,
      rssWarmMb: rssWarm,
      stopMs: stopped.ms,
      exit: stopped.code ?? stopped.signal,
    };
  } catch (err) {
    await server.stop();
    process.stderr.write(server.output());
    throw err;
  }
}

async function dropPostgresDatabase() {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query('drop database if exists tradenest_bench with (force)');
  await admin.end();
}

async function postgresDatabase() {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query('drop database if exists tradenest_bench with (force)');
  await admin.query('create database tradenest_bench');
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = '/tradenest_bench';
  return url.toString();
}

await ensureWebBuild();
const dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-bench-'));
const results = [];
try {
  results.push(
    await measure('embedded, first start (creates the database, loads demo data)', { DATA_DIR: dataDir }),
  );
  results.push(await measure('embedded, later start (demo data present)', { DATA_DIR: dataDir }));
  const url = await postgresDatabase();
  if (url) {
    results.push(
      await measure('PostgreSQL, first start (migrates, loads demo data)', {
        DATABASE_URL: url,
        SEED_DEMO_DATA: 'always',
        DATA_DIR: dataDir,
      }),
    );
    results.push(
      await measure('PostgreSQL, later start (demo data present)', { DATABASE_URL: url, DATA_DIR: dataDir }),
    );
    await dropPostgresDatabase();
  } else {
    process.stdout.write(`PostgreSQL not reachable at ${PG_ADMIN_URL}: skipped the DATABASE_URL runs\n`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

process.stdout.write(
  '\nnpm start → first 200 on /, and server RSS (targets: < 3 s; < 400 MB embedded, < 200 MB with DATABASE_URL)\n',
);
for (const r of results) {
  process.stdout.write(
    `  ${r.label}\n    first 200: ${fmt(r.firstOkMs)} ms   RSS after start: ${fmt(r.rssMb)} MB   after 100 API requests: ${fmt(r.rssWarmMb)} MB   Ctrl-C to exit: ${fmt(r.stopMs)} ms (exit ${r.exit})\n`,
  );
}
