// Signed-in reads on the embedded default (`npm start` with no DATABASE_URL: PGlite in DATA_DIR, demo
// data), as a browser asks for them: `Accept-Encoding: br, gzip` and the session cookie. Each route runs
// under autocannon (20 connections, BENCH_DURATION seconds after a 2 s warm-up) beside raw node:http
// measured in the same run, with the server's CPU per request. Target (issue 40): every signed-in GET
// ≥ 5% of raw and p99 ≤ 100 ms on the embedded default.
//   node bench/embedded-reads.mjs            BENCH_DURATION=8 BENCH_RUNS=1 BENCH_ROUTES=dashboard,my-jobs
// Exits 1 on any error, non-2xx answer or timeout, and after a hard deadline rather than hang.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureServerBuild } from '../scripts/server-build.mjs';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
  findServerPid,
  fmt,
  freePort,
  measureRoute,
  median,
  npmStart,
  RAW_OK_SERVER,
  referenceServer,
  rssMb,
  signInDemo,
  waitFor200,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const CONNECTIONS = 20;
const BROWSER = { 'accept-encoding': 'br, gzip', accept: 'application/json' };

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The heaviest signed-in pages' reads, by the role that opens them. */
const ROUTES = [
  ['dashboard', 'tradesperson', '/api/v1/tradesperson/dashboard'],
  ['open jobs', 'tradesperson', '/api/v1/jobs/open'],
  ['my quotes', 'tradesperson', '/api/v1/quotes/mine'],
  ['pro bookings', 'tradesperson', '/api/v1/bookings/mine'],
  ['calendar', 'tradesperson', `/api/v1/calendar?from=${day(-7)}&to=${day(27)}`],
  ['pro notifications', 'tradesperson', '/api/v1/notifications'],
  ['my jobs', 'customer', '/api/v1/jobs/mine'],
  ['my bookings', 'customer', '/api/v1/bookings/mine'],
  ['subscriptions', 'customer', '/api/v1/subscriptions'],
  ['conversations', 'customer', '/api/v1/conversations'],
];
const only = process.env.BENCH_ROUTES?.split(',');
const routes = only ? ROUTES.filter(([name]) => only.includes(name.replaceAll(' ', '-'))) : ROUTES;

const deadline = setTimeout(
  () => {
    process.stderr.write('embedded-reads: deadline passed, giving up\n');
    process.exit(1);
  },
  (60 + RUNS * (routes.length + 1) * (DURATION + 4)) * 1000,
);
deadline.unref();

await ensureServerBuild();
await ensureWebBuild();
const raw = await referenceServer(RAW_OK_SERVER);
const dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-embedded-reads-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = npmStart(
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
  },
  { deadlineMs: (120 + RUNS * (routes.length + 1) * (DURATION + 4)) * 1000 },
);
let failed = false;
try {
  await waitFor200(`${base}/api/ready`, performance.now(), 90_000);
  const pid = findServerPid(server.child.pid);
  const cookies = {
    tradesperson: await signInDemo(base, 'tradesperson'),
    customer: await signInDemo(base, 'customer'),
  };
  for (const [name, role, route] of routes) {
    const res = await fetch(`${base}${route}`, { headers: { ...BROWSER, cookie: cookies[role] } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${name} (${route}) answered ${res.status}`);
  }
  const results = new Map();
  for (let run = 1; run <= RUNS; run++) {
    const ref = await measureRoute(raw.url, { connections: CONNECTIONS, duration: DURATION });
    process.stdout.write(
      `\nrun ${run} of ${RUNS}, ${CONNECTIONS} connections, ${DURATION} s, embedded (PGlite), accept-encoding: br, gzip\n` +
        `${'raw node:http {"status":"ok"}'.padEnd(44)} ${fmt(ref.rps).padStart(7)} req/s  p99 ${fmt(ref.p99).padStart(4)} ms\n`,
    );
    for (const [name, role, route] of routes) {
      const r = await measureRoute(`${base}${route}`, {
        headers: { ...BROWSER, cookie: cookies[role] },
        pid,
        connections: CONNECTIONS,
        duration: DURATION,
      });
      const ratio = r.rps / ref.rps;
      const row = { ...r, ratio };
      results.set(name, [...(results.get(name) ?? []), row]);
      const met = ratio >= 0.05 && r.p99 <= 100;
      process.stdout.write(
        `${`${name} (${role})`.padEnd(44)} ${fmt(r.rps).padStart(7)} req/s  p99 ${fmt(r.p99).padStart(4)} ms  ` +
          `${fmt(ratio * 100, 1).padStart(5)}% of raw  ${fmt(r.cpuPerReq, 2)} ms CPU/req  ${met ? 'met' : 'MISSED'}\n`,
      );
    }
  }
  if (RUNS > 1) {
    process.stdout.write('\nmedians\n');
    for (const [name, rows] of results) {
      process.stdout.write(
        `${name.padEnd(44)} ${fmt(median(rows.map((r) => r.rps))).padStart(7)} req/s  p99 ${fmt(median(rows.map((r) => r.p99))).padStart(4)} ms  ${fmt(median(rows.map((r) => r.ratio)) * 100, 1).padStart(5)}% of raw\n`,
      );
    }
  }
  process.stdout.write(`\nserver RSS after the run: ${fmt(rssMb(pid))} MB\n`);
} catch (err) {
  failed = true;
  process.stderr.write(`embedded-reads: ${err.stack ?? err}\n${server.output().slice(-2000)}\n`);
} finally {
  await server.stop();
  raw.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
