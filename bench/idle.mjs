// What a started server costs while nobody uses it: the CPU `npm start` spends each second with the demo
// data and no requests, on the embedded default and (when reachable) on PostgreSQL, where the backends
// serving its database are counted too. Its background work runs as in production: the job queue's
// polls (every second), pg-boss's maintenance and schedules, and the table upkeep.
// A reference, raw node:http started by `node -e`, idles over the same window in the same run, so a
// reader sees what the machine charges for a process that does nothing.
// Three runs (BENCH_RUNS), each on a fresh start, measured over BENCH_IDLE_SECONDS (60) once the start's
// own work has ended (untilStartWorkEnded); medians last. No target: the figure is printed so a change that wakes the server more often shows up
// (issue 40).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureServerBuild } from '../scripts/server-build.mjs';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
  childrenOf,
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
/** Longest wait for the start's own work to end before a run fails. */
const SETTLE_DEADLINE_MS = 120_000;
/** CPU a second under which a started server counts as past its start-up work. */
const QUIET_MS_PER_S = 25;
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const DB = 'tradenest_idle';

/**
 * Resolves once the start's own work has ended: the server has no child process left (the demo
 * documents' writer) and two seconds in a row cost it under QUIET_MS_PER_S of CPU (the first seconds of
 * a start collect garbage, hand memory back and check the queues' schedules, at 50-100 ms a second).
 * Fails after SETTLE_DEADLINE_MS.
 */
async function untilStartWorkEnded(pid) {
  const deadline = performance.now() + SETTLE_DEADLINE_MS;
  const overdue = () => {
    if (performance.now() > deadline) throw new Error('the start-up work did not end within 2 minutes');
  };
  while (childrenOf(pid).length > 0) {
    overdue();
    await sleep(250);
  }
  for (;;) {
    overdue();
    const before = cpuMs(pid);
    await sleep(2000);
    if ((cpuMs(pid) - before) / 2 < QUIET_MS_PER_S) return;
  }
}

/** One start of the server with `env`: CPU a second of the server (and PostgreSQL) and of the reference. */
async function idleRun(env, withPostgres) {
  const port = await freePort();
  const reference = await referenceServer(RAW_OK_SERVER);
  const server = npmStart(
    { ...env, PORT: String(port) },
    { deadlineMs: (SETTLE_DEADLINE_MS / 1000 + IDLE_SECONDS + 240) * 1000 },
  );
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now(), 180_000);
    const pid = findServerPid(server.child.pid);
    if (!pid) throw new Error('server process not found');
    await untilStartWorkEnded(pid);
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

const perRunMs = (SETTLE_DEADLINE_MS / 1000 + IDLE_SECONDS + 240) * 1000;
const cancelDeadline = runDeadline(RUNS * 2 * perRunMs + 600_000, () => {});
await ensureWebBuild();
await ensureServerBuild();
process.stdout.write(
  `idle: CPU a second of a started server with no requests (${RUNS} run(s) of ${IDLE_SECONDS} s, once its start-up work has ended)\n`,
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
