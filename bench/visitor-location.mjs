// What the visitor's town costs a server that users reach (issue 40): the landing page asks
// GET /api/v1/geo/visitor, and the first public address a server sees makes it load its geolocation
// data (server/adapters/geo/ip-location.ts). Loopback and private addresses never load it, so no other
// benchmark saw this memory until the mixed load's visitors came from public addresses.
//
// For each run: `npm start` on the embedded default (demo data, TRUST_PROXY on, as behind a proxy), its
// RSS once the start's work has settled, then the first lookup of a UK address (X-Forwarded-For) and its
// time, 200 more over twenty addresses, and the RSS once settled again. Two starts a run: the first with
// no UK cut of the data on disk (what the first visitor after an install waits for), the second with the
// cut the first one made. The reference beside them is the same server's RSS before the first lookup.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureServerBuild } from '../scripts/server-build.mjs';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
  findServerPid,
  fmt,
  freePort,
  median,
  npmStart,
  root,
  rssMb,
  runDeadline,
  sleep,
  waitFor200,
} from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Settled: RSS moved by less than this over two seconds. */
const SETTLED_MB = 1;
// Addresses geoip-lite 1.4.10's data places in UK towns (the same as mixed-load.mjs's visitors).
const UK_ADDRESSES = ['2.16.34.127', '5.148.98.99', '46.249.219.255', '51.219.244.175', '77.102.111.127'];
const MORE_ADDRESSES = ['2.31.11.63', '31.50.72.255', '62.232.221.255', '81.108.113.255', '86.30.78.255'];
const cacheRoot = path.join(root, 'node_modules/.cache/tradenest');

async function settledRss(pid) {
  let last = rssMb(pid);
  for (let i = 0; i < 30; i++) {
    await sleep(2000);
    const now = rssMb(pid);
    if (Math.abs(now - last) < SETTLED_MB) return now;
    last = now;
  }
  return last;
}

async function lookup(base, address) {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/geo/visitor`, {
    headers: { 'x-forwarded-for': address, accept: 'application/json', 'accept-encoding': 'br, gzip' },
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`GET /api/v1/geo/visitor answered ${res.status}`);
  return { ms: performance.now() - started, body };
}

async function oneStart({ cutOnDisk }) {
  if (!cutOnDisk)
    for (const dir of existsSync(cacheRoot) ? readdirSync(cacheRoot) : [])
      if (dir.startsWith('geoip-uk-')) rmSync(path.join(cacheRoot, dir), { recursive: true, force: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = npmStart({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  });
  try {
    await waitFor200(`${base}/api/ready`, performance.now(), 120_000);
    await server.waitForOutput(/demo document files/, 30_000);
    const pid = findServerPid(server.child.pid);
    const before = await settledRss(pid);
    const first = await lookup(base, UK_ADDRESSES[0]);
    if (!first.body.city) throw new Error(`${UK_ADDRESSES[0]} found no town: ${JSON.stringify(first.body)}`);
    const times = [];
    for (let i = 0; i < 200; i++)
      times.push((await lookup(base, [...UK_ADDRESSES, ...MORE_ADDRESSES][i % 10])).ms);
    const after = await settledRss(pid);
    return { before, after, firstMs: first.ms, laterMs: median(times), town: first.body.city };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const cancel = runDeadline(RUNS * 4 * 60_000, () => {});
await ensureServerBuild();
await ensureWebBuild();
const rows = [];
for (let run = 1; run <= RUNS; run++) {
  for (const cutOnDisk of [false, true]) {
    const r = await oneStart({ cutOnDisk });
    rows.push({ cutOnDisk, ...r });
    process.stdout.write(
      `run ${run}, ${cutOnDisk ? 'cut on disk  ' : 'no cut on disk'}: RSS ${fmt(r.before, 1)} MB before the first public address (reference), ${fmt(r.after, 1)} MB after (+${fmt(r.after - r.before, 1)} MB); first lookup ${fmt(r.firstMs)} ms (${r.town}), later ${fmt(r.laterMs, 2)} ms\n`,
    );
  }
}
cancel();
process.stdout.write('\nmedians:\n');
for (const cutOnDisk of [false, true]) {
  const of = rows.filter((r) => r.cutOnDisk === cutOnDisk);
  const m = (k) => median(of.map((r) => r[k]));
  process.stdout.write(
    `  ${cutOnDisk ? 'cut on disk  ' : 'no cut on disk'}: RSS ${fmt(m('before'), 1)} → ${fmt(m('after'), 1)} MB (+${fmt(median(of.map((r) => r.after - r.before)), 1)} MB); first lookup ${fmt(m('firstMs'))} ms; later ${fmt(m('laterMs'), 2)} ms\n`,
  );
}
