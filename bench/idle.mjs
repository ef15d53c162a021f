// What a started server costs while nobody uses it: the CPU `npm start` spends each second with the demo
// data and no requests, on the embedded default and (when reachable) on PostgreSQL, where the backends
// serving its database are counted too. Its background work runs as in production: the job queue's
// polls (every second), pg-boss's maintenance and schedules, and the table upkeep.
// A reference, raw node:http started by `node -e`, idles over the same window in the same run, so a
// reader sees what the machine charges for a process that does nothing.
// Three runs (BENCH_RUNS), each on a fresh start after SETTLE seconds (BENCH_SETTLE_SECONDS, 15, past
// the start's own work), measured over BENCH_IDLE_SECONDS (60); medians last. No target: the figure
// is printed so a change that wakes the server more often shows up (issue 40).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureServerBuild } from '../scripts/server-build.mjs';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
  cpuMs,
  findServerPid,
  fmt,
  freePort,
  loadServerEnv,
  median,
  npmStart,
  postgresBackendsCpuMs,
  RAW_OK_SERVER,
  referenceServer,
  runDeadline,
  scratchDatabase,
  sleep,
  waitFor200,
} from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 15);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const DB = 'tradenest_idle';

/** One start of the server with `env`: CPU a second of the server (and PostgreSQL) and of the reference. */
async function idleRun(env, withPostgres) {
  const port = await freePort();
  const reference = await referenceServer(RAW_OK_SERVER);
  const server = npmStart(
    { ...env, PORT: String(port) },
    { deadlineMs: (SETTLE_SECONDS + IDLE_SECONDS + 240) * 1000 },
  );
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now(), 180_000);
    const pid = findServerPid(server.child.pid);
    if (!pid) throw new Error('server process not found');
    await sleep(SETTLE_SECONDS * 1000);
    const before = {
      server: cpuMs(pid),
      postgres: postgresBackendsCpuMs(DB),
      reference: cpuMs(reference.pid),
    };
    const started = performance.now();
    await sleep(IDLE_SECONDS * 1000);
    const seconds = (performance.now() - started) / 1000;
    // A backend that ended in the window takes its time with it: the PostgreSQL figure is a lower bound.
    const perSecond = (now, then) => Math.max(0, now - then) / seconds;
    return {
      server: perSecond(cpuMs(pid), before.server),
      postgres: withPostgres ? perSecond(postgresBackendsCpuMs(DB), before.postgres) : null,
      reference: perSecond(cpuMs(reference.pid), before.reference),
    };
  } finally {
    await server.stop();
    reference.stop();
  }
}

function line(label, r) {
  const pg = r.postgres === null ? '' : `, PostgreSQL backends ${fmt(r.postgres, 1)} ms`;
  return `  ${label.padEnd(28)} server ${fmt(r.server, 1).padStart(6)} ms${pg} (${fmt((r.server + (r.postgres ?? 0)) / 10, 2)}% of a core); raw node:http ${fmt(r.reference, 1)} ms\n`;
}

/** RUNS starts with `env`, each printed, then their medians. */
async function section(label, env, withPostgres) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await idleRun(env, withPostgres);
    runs.push(r);
    process.stdout.write(line(`${label}, run ${i + 1}`, r));
  }
  const of = (key) => median(runs.map((r) => r[key]));
  process.stdout.write(
    line(`${label}, median`, {
      server: of('server'),
      postgres: withPostgres ? of('postgres') : null,
      reference: of('reference'),
    }),
  );
}

const perRunMs = (SETTLE_SECONDS + IDLE_SECONDS + 240) * 1000;
const cancelDeadline = runDeadline(RUNS * 2 * perRunMs + 600_000, () => {});
await ensureWebBuild();
await ensureServerBuild();
process.stdout.write(
  `idle: CPU a second of a started server with no requests (${RUNS} run(s) of ${IDLE_SECONDS} s, after ${SETTLE_SECONDS} s to settle)\n`,
);
// The server as `npm start` runs it in production, demo data seeded on the first start. The log level
// stays at its default (info): an idle server writes nothing at that level unless its work says so.
const {
  DATABASE_URL: _url,
  LOG_LEVEL: _level,
  ...common
} = {
  ...loadServerEnv(undefined, 0),
  SEED_DEMO_DATA: 'auto',
  NODE_ENV: 'production',
};
const dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-idle-'));
try {
  await section('embedded (PGlite)', { ...common, DATA_DIR: dataDir }, false);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
// Skips (exit 0) when no PostgreSQL server answers.
const scratch = await scratchDatabase(DB, 'idle');
try {
  await scratch.prepare();
  await section('PostgreSQL', { ...common, DATABASE_URL: scratch.url }, true);
} finally {
  await scratch.finish();
  cancelDeadline();
}
