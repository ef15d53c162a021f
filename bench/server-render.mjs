// Throughput of the server-rendered public pages (issue 40), as a browser asks for them (Accept:
// text/html, Accept-Encoding: br, gzip): the four visitor pages (landing, browse, a public profile, its
// reviews: rendered once per URL and then shared between visitors), a job's detail for the signed-in
// demo tradesperson (rendered for them on every request), the plain index.html shell, and raw node:http
// sending the landing page's bytes in the same run. autocannon, 20 connections, 8 s after a 2 s warm-up,
// medians of BENCH_RUNS runs (3 by default), with the server's CPU per request. Embedded default
// (PGlite, a fresh DATA_DIR with the demo data). Exit 1 on any error, non-2xx answer or the deadline.
// Targets (self-set, issue 40 part 'phones'): a shared visitor page ≥ 50% of the shell's req/s; the
// signed-in job detail's p99 < 100 ms at 20 connections.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
  cpuMs,
  findServerPid,
  fmt,
  freePort,
  median,
  npmStart,
  referenceServer,
  waitFor200,
} from './lib.mjs';
import { publicPages } from './public-pages.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = 20;
const WARMUP_S = 2;
const DURATION_S = 8;
// 7 targets × RUNS × 10 s, plus the build and the server's start; a hung run must not hold the machine.
const DEADLINE_MS = (7 * RUNS * (WARMUP_S + DURATION_S + 5) + 240) * 1000;
const BROWSER = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip' };

let server;
let raw;
let dataDir;
async function cleanUp() {
  raw?.stop();
  raw = undefined;
  await server?.stop();
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}
const deadline = setTimeout(async () => {
  process.stderr.write(`server-render: gave up after ${DEADLINE_MS / 1000} s\n`);
  await cleanUp();
  process.exit(1);
}, DEADLINE_MS);

/** One autocannon run; its figures, or a thrown error when any request failed or was not a 2xx. */
async function load(url, headers, duration) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const bad = r.errors + r.timeouts + r.non2xx;
  if (bad > 0) throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
  return { rps: r.requests.average, p99: r.latency.p99, requests: r.requests.total };
}

/** Medians of RUNS measured runs, each after its warm-up; with the server's CPU per request. */
async function measure(url, headers, pid) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    await load(url, headers, WARMUP_S);
    const cpuBefore = pid ? cpuMs(pid) : 0;
    const run = await load(url, headers, DURATION_S);
    runs.push({ ...run, cpuPerRequest: pid ? (cpuMs(pid) - cpuBefore) / run.requests : null });
  }
  return {
    rps: median(runs.map((r) => r.rps)),
    p99: median(runs.map((r) => r.p99)),
    cpuPerRequest: pid ? median(runs.map((r) => r.cpuPerRequest)) : null,
    all: runs.map((r) => fmt(r.rps)).join(' / '),
  };
}

try {
  await ensureWebBuild();
  dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = npmStart(
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    { deadlineMs: DEADLINE_MS },
  );
  await waitFor200(`${base}/`, performance.now());
  const pid = findServerPid(server.child.pid);

  // Raw node:http sending the landing page's compressed bytes, as the server sends them.
  const { bytes, encoding } = await sentBytes(`${base}/`);
  const bytesFile = path.join(dataDir, 'landing.bytes');
  writeFileSync(bytesFile, bytes);
  raw = await referenceServer(
    `const http = require('node:http');
const body = require('node:fs').readFileSync(process.argv[1]);
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': ${JSON.stringify(encoding)}, 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));`,
    [bytesFile],
  );

  const targets = [
    { name: 'raw node:http (landing bytes)', url: raw.url, headers: BROWSER, reference: true },
    { name: 'index.html shell', url: `${base}/index.html`, headers: BROWSER },
    ...(await publicPages(base)).map((p) => ({
      name: p.cookie ? `${p.name}, signed in` : `${p.name}, visitor`,
      url: `${base}${p.path}`,
      headers: p.cookie ? { ...BROWSER, cookie: p.cookie } : BROWSER,
    })),
  ];

  process.stdout.write(
    `server-render: embedded default, ${CONNECTIONS} connections, ${WARMUP_S} s + ${DURATION_S} s, ` +
      `medians of ${RUNS}, Accept-Encoding: br, gzip (landing sent as ${encoding}, ${fmt(bytes.length)} bytes)\n`,
  );
  const results = [];
  for (const t of targets) {
    const r = await measure(t.url, t.headers, t.reference ? null : pid);
    results.push({ ...t, ...r });
    process.stdout.write(`  ${t.name}: ${r.all} req/s\n`);
  }

  const rawRps = results[0].rps;
  const shellRps = results[1].rps;
  process.stdout.write(
    '\n| target | req/s (median) | p99 | of raw | of shell | server CPU / request |\n|---|---|---|---|---|---|\n',
  );
  for (const r of results) {
    process.stdout.write(
      `| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p99)} ms | ${fmt(r.rps / rawRps, 3)} | ${fmt(r.rps / shellRps, 2)} | ${
        r.cpuPerRequest === null ? '—' : `${fmt(r.cpuPerRequest, 2)} ms`
      } |\n`,
    );
  }
  const visitors = results.filter((r) => r.name.endsWith(', visitor'));
  const signedIn = results.filter((r) => r.name.endsWith(', signed in'));
  const slowVisitor = visitors.filter((r) => r.rps < 0.5 * shellRps).map((r) => r.name);
  const slowSignedIn = signedIn.filter((r) => r.p99 >= 100).map((r) => r.name);
  process.stdout.write(
    `\nvisitor pages ≥ 50% of the shell: ${slowVisitor.length ? `missed (${slowVisitor.join(', ')})` : 'met'}; ` +
      `signed-in p99 < 100 ms: ${slowSignedIn.length ? `missed (${slowSignedIn.join(', ')})` : 'met'}\n`,
  );
  await cleanUp();
  clearTimeout(deadline);
} catch (err) {
  process.stderr.write(`server-render: ${err.stack ?? err}\n`);
  await cleanUp();
  process.exit(1);
}

/** The bytes of `url` as sent (compressed: fetch would decode them) and their encoding. */
function sentBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ bytes: Buffer.concat(chunks), encoding: res.headers['content-encoding'] ?? 'identity' }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
