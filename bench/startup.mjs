// Time from `npm start` (web app already built) to the first 200 of the landing page, the CPU the
// server's process tree spent getting there, and the server's resident memory once started with demo
// data: embedded database (first start and a later one) and, when PostgreSQL is reachable, with
// DATABASE_URL. Three runs (BENCH_RUNS), medians last; each run also times a reference, a bare node:http
// server spawned with `node -e` until it answers its first request, so a reader sees the machine's state.
// BENCH_MODES=start,serve also times `npm run serve` (the server run from its TypeScript sources by
// tsx), for the comparison behind decision 0022.
// Targets (issue 19): embedded first start ≤ 3 s, later ≤ 1.5 s, RSS ≤ 250 MB; with a database server,
// first 200 ≤ 3 s and RSS ≤ 200 MB.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureServerBuild } from '../scripts/server-build.mjs';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
  bareServerFirstAnswerMs,
  childrenOf,
  fmt,
  freePort,
  median,
  npmStart,
  rssMb,
  sleep,
  waitFor200,
} from './lib.mjs';

const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MODES = (process.env.BENCH_MODES ?? 'start').split(',');
const TICK_MS = 10; // /proc's clock ticks (USER_HZ = 100 on Linux)

const TARGETS = {
  'embedded first': { ms: 3000, rss: 250 },
  'embedded later': { ms: 1500, rss: 250 },
  'PostgreSQL first': { ms: 3000, rss: 200 },
  'PostgreSQL later': { ms: 3000, rss: 200 },
};

/** The process tree under `pid` (npm, its shell, the server), with each one's command line. */
function tree(pid) {
  const all = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift();
    try {
      all.push({ pid: p, cmd: readFileSync(`/proc/${p}/cmdline`, 'utf8') });
    } catch {
      continue;
    }
    queue.push(...childrenOf(p));
  }
  return all;
}

/** CPU (user + system) the processes have used so far, in ms. */
function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks * TICK_MS;
}

const isServer = (cmd) =>
  /(^|\/)node\0/.test(cmd) && (cmd.includes('scripts/start.mjs') || cmd.includes('server/main.ts'));

async function measure(mode, env) {
  const port = await freePort();
  const since = performance.now();
  const script = mode === 'start' ? ['start'] : ['run', 'serve'];
  const server = npmStart({ ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, { script });
  try {
    const firstOk = await waitFor200(`http://127.0.0.1:${port}/`, since);
    const processes = tree(server.child.pid);
    const cpu = cpuMs(processes.map((p) => p.pid));
    const pid = processes.find((p) => isServer(p.cmd))?.pid;
    // Let start-up work (demo-account listing, JIT, the first queue polls) settle before reading memory.
    await sleep(1500);
    const rss = pid ? rssMb(pid) : Number.NaN;
    // Exercise the API a little so the figure is not a cold process.
    for (let i = 0; i < 50; i++) {
      await (await fetch(`http://127.0.0.1:${port}/api/ready`)).arrayBuffer();
      await (await fetch(`http://127.0.0.1:${port}/api/v1/geo/postcodes/M1%201AE`)).arrayBuffer();
    }
    const rssWarm = pid ? rssMb(pid) : Number.NaN;
    const stopped = await server.stop();
    return { firstOkMs: firstOk, cpuMs: cpu, rssMb: rss, rssWarmMb: rssWarm, stopMs: stopped.ms };
  } catch (err) {
    await server.stop();
    process.stderr.write(server.output());
    throw err;
  }
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

async function dropPostgresDatabase() {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query('drop database if exists tradenest_bench with (force)');
  await admin.end();
}

// Built before timing: the figures are of starts with the web app and the server already compiled
// (what `npm run build` leaves, and every `npm start` after the first).
await ensureWebBuild();
await ensureServerBuild();
const rows = []; // { run, label, ...figures }
let postgresSkipped = false;
for (let run = 1; run <= RUNS; run++) {
  rows.push({ run, label: 'reference', firstOkMs: await bareServerFirstAnswerMs() });
  for (const mode of MODES) {
    const name = (what) =>
      MODES.length > 1 ? `${what} (npm ${mode === 'start' ? 'start' : 'run serve'})` : what;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-bench-'));
    try {
      rows.push({ run, label: name('embedded first'), ...(await measure(mode, { DATA_DIR: dataDir })) });
      rows.push({ run, label: name('embedded later'), ...(await measure(mode, { DATA_DIR: dataDir })) });
      const url = await postgresDatabase();
      if (url) {
        const env = { DATABASE_URL: url, DATA_DIR: dataDir };
        rows.push({
          run,
          label: name('PostgreSQL first'),
          ...(await measure(mode, { ...env, SEED_DEMO_DATA: 'always' })),
        });
        rows.push({ run, label: name('PostgreSQL later'), ...(await measure(mode, env)) });
        await dropPostgresDatabase();
      } else {
        postgresSkipped = true;
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const line = (r) =>
    r.label === 'reference'
      ? `  run ${run}  reference: bare node:http, first 200 ${fmt(r.firstOkMs)} ms\n`
      : `  run ${run}  ${r.label}: first 200 ${fmt(r.firstOkMs)} ms, CPU ${fmt(r.cpuMs)} ms, RSS ${fmt(r.rssMb)} MB (${fmt(r.rssWarmMb)} MB after 100 API requests), Ctrl-C ${fmt(r.stopMs)} ms\n`;
  for (const r of rows.filter((x) => x.run === run)) process.stdout.write(line(r));
}
if (postgresSkipped) {
  process.stdout.write(`PostgreSQL not reachable at ${PG_ADMIN_URL}: skipped the DATABASE_URL runs\n`);
}

const labels = [...new Set(rows.map((r) => r.label))];
const ok = (value, limit) => (limit === undefined ? '' : value <= limit ? ' ✓' : ' ✗');
process.stdout.write(
  `\nnpm start → first 200 on /, medians of ${RUNS} run(s); CPU is the process tree's (npm and the server) until then\n`,
);
for (const label of labels) {
  const of = (key) => median(rows.filter((r) => r.label === label).map((r) => r[key]));
  if (label === 'reference') {
    process.stdout.write(`  reference (bare node:http, node -e): first 200 ${fmt(of('firstOkMs'))} ms\n`);
    continue;
  }
  const target = TARGETS[label.replace(/ \(.*\)$/, '')];
  process.stdout.write(
    `  ${label}: first 200 ${fmt(of('firstOkMs'))} ms${ok(of('firstOkMs'), target?.ms)} (target ≤ ${fmt(target.ms)})` +
      `   CPU ${fmt(of('cpuMs'))} ms   RSS ${fmt(of('rssMb'))} MB${ok(of('rssMb'), target?.rss)} (target ≤ ${target.rss})` +
      `, ${fmt(of('rssWarmMb'))} MB after 100 API requests   Ctrl-C ${fmt(of('stopMs'))} ms\n`,
  );
}
