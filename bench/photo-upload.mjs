// Uploading a phone photo (POST /api/v1/photos, docs/api/photos.md): a 4,000 × 3,000 JPEG (~3 MB,
// with EXIF) checked, turned upright, re-encoded into the display copy and the thumbnail, both
// stored, the row written. On the embedded default (PGlite) and on PostgreSQL, each in a server of
// its own (`npm start`, files in a scratch DATA_DIR), beside raw node:http reading the same multipart
// body and answering 201 in the same run. Sequential uploads (each removed again with DELETE, untimed,
// so the 8-pending cap never bites): p50/p95 latency, and the server's resident memory before and
// after, as growth per upload. Three runs, medians last; a 15-minute deadline exits 1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
  findServerPid,
  fmt,
  freePort,
  loadServerEnv,
  median,
  npmStart,
  referenceServer,
  rssMb,
  scratchDatabase,
  waitFor200,
} from './lib.mjs';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 40);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DEADLINE_MS = 15 * 60_000;

const deadline = setTimeout(() => {
  process.stderr.write(`photo-upload: no result within ${DEADLINE_MS / 60_000} minutes\n`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

// Noise compresses like a photo's detail does (a flat colour would be a few kilobytes).
const jpeg = await sharp({
  create: { width: 4000, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 12 } },
})
  .jpeg({ quality: 85 })
  .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Bench 1' } })
  .toBuffer();

const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function form() {
  const body = new FormData();
  body.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  return body;
}

/** `count` uploads one after another; sorted latencies in ms. `after` runs untimed after each. */
async function uploads(url, cookie, count, after) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', body: form(), headers: cookie ? { cookie } : {} });
    const body = await res.json();
    times.push(performance.now() - started);
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
    await after?.(body);
  }
  return times.sort((a, b) => a - b);
}

// Raw node:http reading the whole multipart body and answering 201: the transport with no work.
const RAW_UPLOAD_SERVER = `
const http = require('node:http');
const answer = JSON.stringify({ photo: { id: '00000000-0000-4000-8000-000000000000' } });
http.createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': answer.length });
    res.end(answer);
  });
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
`;

async function signUp(base) {
  const res = await fetch(`${base}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-photos-${Date.now()}@example.test`,
      password: 'bench-photos-password-1',
      fullName: 'Bench Photographer',
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return res.headers.get('set-cookie').split(';')[0];
}

const results = new Map(); // label -> [{ p50, p95, rssPerUpload }]
function record(label, times, rssPerUpload) {
  if (!results.has(label)) results.set(label, []);
  results.get(label).push({ p50: at(times, 0.5), p95: at(times, 0.95), rssPerUpload });
  process.stdout.write(
    `  ${label.padEnd(40)} p50 ${fmt(at(times, 0.5))} ms, p95 ${fmt(at(times, 0.95))} ms` +
      (rssPerUpload === null
        ? ''
        : `, RSS ${rssPerUpload >= 0 ? '+' : ''}${fmt(rssPerUpload, 2)} MB per upload`) +
      '\n',
  );
}

/** One server on `env`: a user, three untimed uploads, then the timed ones with RSS around them. */
async function measure(label, env, port) {
  const server = npmStart(env, { deadlineMs: DEADLINE_MS });
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
    const base = `http://127.0.0.1:${port}`;
    const cookie = await signUp(base);
    const remove = async ({ photo }) => {
      const res = await fetch(`${base}/api/v1/photos/${photo.id}`, { method: 'DELETE', headers: { cookie } });
      if (res.status !== 204) throw new Error(`removing a photo answered ${res.status}`);
    };
    // Warm-up: sharp and the route's first run, outside the figures.
    await uploads(`${base}/api/v1/photos`, cookie, 3, remove);
    const pid = findServerPid(server.child.pid);
    const before = rssMb(pid);
    const times = await uploads(`${base}/api/v1/photos`, cookie, UPLOADS, remove);
    const after = rssMb(pid);
    record(`${label}: POST /api/v1/photos`, times, (after - before) / UPLOADS);
    process.stdout.write(`    server RSS ${fmt(before)} MB before, ${fmt(after)} MB after\n`);
  } finally {
    await server.stop();
  }
}

await ensureWebBuild();
process.stdout.write(
  `photo upload: a ${fmt(jpeg.length / 1e6, 1)} MB 4,000 × 3,000 JPEG, ${UPLOADS} sequential uploads after 3 untimed, ${RUNS} runs\n`,
);
const scratch = await scratchDatabase('tradenest_photo_upload', 'photo-upload');
const raw = await referenceServer(RAW_UPLOAD_SERVER);
try {
  for (let run = 1; run <= RUNS; run++) {
    process.stdout.write(`\nrun ${run} of ${RUNS}\n`);
    record('raw node:http, same body', await uploads(`${raw.url}/`, null, UPLOADS), null);

    const dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-photos-'));
    try {
      const port = await freePort();
      const env = { ...loadServerEnv(undefined, port), DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      await measure('embedded (PGlite)', env, port);

      await scratch.prepare();
      const pgPort = await freePort();
      await measure('PostgreSQL', { ...loadServerEnv(scratch.url, pgPort), DATA_DIR: dataDir }, pgPort);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  process.stdout.write(`\nmedian of ${RUNS} runs\n`);
  for (const [label, runs] of results) {
    const perUpload =
      runs[0].rssPerUpload === null
        ? ''
        : `, RSS ${fmt(median(runs.map((r) => r.rssPerUpload)), 2)} MB per upload`;
    process.stdout.write(
      `  ${label.padEnd(40)} p50 ${fmt(median(runs.map((r) => r.p50)))} ms, p95 ${fmt(median(runs.map((r) => r.p95)))} ms${perUpload}\n`,
    );
  }
} finally {
  raw.stop();
  await scratch.finish();
  clearTimeout(deadline);
}
