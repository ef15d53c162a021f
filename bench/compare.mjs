// The whole stack against the platform's limit, in one run on one machine: raw `node:http` and bare
// Fastify answering `{"status":"ok"}` are the references; TradeNest's trivial route, its landing page,
// a static asset, its public reads and EVERY GET route of its OpenAPI document (walked, so a new slow
// route shows up) are measured beside them and printed as a ratio to raw `node:http` from the same run.
// Three runs by default; the median of each figure is printed last. The machine (processor, cores,
// Node, kernel) is printed first: the ratios depend on it.
//
//   node bench/compare.mjs                      # demo data on a scratch PostgreSQL database
//   BENCH_SECTIONS=platform,public node bench/compare.mjs
//   BENCH_FILL=1 node bench/compare.mjs         # the demo data inside marketplace-load.mjs's 100k jobs
//   BENCH_DB=embedded node bench/compare.mjs    # the embedded default (PGlite in a fresh DATA_DIR)
//
// Every read of the walk carries what a browser sends: `Accept-Encoding: br, gzip` (BENCH_ENCODING
// replaces it, e.g. `identity`) and, signed in, the session cookie.
// Targets (issue 19): trivial route ≥ 60% of raw; landing HTML and static assets ≥ 50% of raw;
// public, viewer-independent reads ≥ 5,000 req/s on PostgreSQL. Issue 40: every signed-in GET ≥ 10%
// of raw with p99 ≤ 50 ms on PostgreSQL, ≥ 5% of raw with p99 ≤ 100 ms on the embedded default (which
// holds its public reads to the same).
// TradeNest runs at its default log level (info), its log written to a file as a shipper would read it.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
  cpuMs,
  fillMarketplace,
  findServerPid,
  fmt,
  freePort,
  loadServerEnv,
  machineLine,
  median,
  npmStart,
  referenceServer,
  root,
  scratchDatabase,
  signInDemo,
  waitFor200,
} from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
// The walk has ~50 routes: shorter windows keep a run within minutes.
const WALK_SECONDS = Number(process.env.BENCH_WALK_SECONDS ?? 3);
const WALK_WARMUP = Number(process.env.BENCH_WALK_WARMUP ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? 'platform,public,signed-in').split(','));
const DB = process.env.BENCH_DATABASE ?? 'tradenest_compare';
const EMBEDDED = process.env.BENCH_DB === 'embedded';
const ENCODING = process.env.BENCH_ENCODING ?? 'br, gzip';
// BENCH_ROUTES=admin,/jobs/mine walks only the routes whose path contains one of these (for a quick look).
const ROUTES = process.env.BENCH_ROUTES?.split(',').filter(Boolean);
const BROWSER = { accept: 'text/html,*/*', 'accept-encoding': 'br, gzip' };

// --- reference servers, each in a process of its own like the app -------------------------------

const dist = path.join(root, 'dist/web');
const entryAsset = () => {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  return /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
};

/** Raw node:http: the trivial route, and the same landing and asset bytes the app sends (brotli). */
const RAW_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const zlib = require('node:zlib');
const dist = process.argv[1];
const landing = zlib.brotliCompressSync(fs.readFileSync(dist + '/landing.html'));
const asset = zlib.brotliCompressSync(fs.readFileSync(dist + process.argv[2]));
const ok = JSON.stringify({ status: 'ok' });
http.createServer((req, res) => {
  if (req.url === '/landing') { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br' }); return res.end(landing); }
  if (req.url === '/asset') { res.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'br' }); return res.end(asset); }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(ok);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
`;

const BARE_FASTIFY = `
const fastify = require('fastify')();
fastify.get('/', async () => ({ status: 'ok' }));
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => process.send?.('ready'));
`;

// --- measurement ----------------------------------------------------------------------------------

/**
 * autocannon on `url`; with `pid`, also the CPU time that process spent per request (µs), which the
 * load generator's share of the cores does not skew as it skews req/s.
 */
async function load(url, { headers = {}, seconds = SECONDS, warmup = WARMUP, expect = 200, pid } = {}) {
  const opts = { url, connections: CONNECTIONS, headers };
  if (warmup > 0) await autocannon({ ...opts, duration: warmup });
  const cpuBefore = pid ? cpuMs(pid) : 0;
  const r = await autocannon({ ...opts, duration: seconds, expectBody: undefined });
  const cpuUs = pid && r.requests.total > 0 ? ((cpuMs(pid) - cpuBefore) * 1000) / r.requests.total : null;
  const wrong =
    r.errors +
    r.timeouts +
    (expect === 200 ? r.non2xx : r.requests.total - (r.statusCodeStats[expect]?.count ?? 0));
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    wrong,
    total: r.requests.total,
    cpuUs,
  };
}

const cpuText = (us) =>
  us === null || us === undefined ? '' : `  ${fmt(us, us < 100 ? 1 : 0).padStart(5)} µs CPU`;

const rows = new Map(); // label -> { section, target, runs: [{rps, p99, wrong, ratio, same}] }
/**
 * `raw` is this run's raw node:http trivial route; `same`, for a file, is raw node:http sending the same
 * bytes in the same run. A file's target is judged against `same`: sending 100 KB cannot match sending
 * 15 bytes, and the load generator, not the server, is then what limits both.
 */
function record(section, label, target, result, raw, same) {
  if (!rows.has(label)) rows.set(label, { section, target, runs: [] });
  const ratio = raw ? result.rps / raw : null;
  const vsSame = same ? result.rps / same : null;
  rows.get(label).runs.push({ ...result, ratio, same: vsSame });
  const pct =
    (ratio === null ? '' : `${(ratio * 100).toFixed(1).padStart(5)}% of raw`) +
    (vsSame === null ? '' : `, ${(vsSame * 100).toFixed(1)}% of raw sending the same bytes`);
  process.stdout.write(
    `  ${label.padEnd(58)} ${fmt(result.rps).padStart(7)} req/s  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(3)} ms${cpuText(result.cpuUs)}  ${pct}${result.wrong ? `  ${result.wrong} WRONG ANSWERS` : ''}\n`,
  );
}

// Routes that are not reads to load: a stream that never ends, downloads rate limited by design,
// development-only tools, and one-time links.
const NOT_WALKED = new Map([
  ['/api/v1/events', 'a server-sent event stream (bench/realtime.mjs measures it)'],
  ['/api/v1/dev/outbox', 'development only'],
  ['/api/v1/notifications/unsubscribe', 'a one-time link from an email'],
  ['/api/v1/files/{*}', 'uploaded files (static, private)'],
  ['/api/v1/sandbox/checkout/{id}', "the payments sandbox's own page, standing in for the provider's"],
  ['/api/v1/sandbox/intents/{id}', "the payments sandbox's own page, standing in for the provider's"],
  ['/api/v1/sandbox/onboarding/{id}', "the payments sandbox's own page, standing in for the provider's"],
]);
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
// Example query strings where a route is usually asked with one: the calendar's month grid (six weeks
// from the week before), and the booking calendar's next six weeks, as the web app asks them.
const QUERY = {
  '/api/v1/tradespeople': '?service=plumber&location=LS1%204AP',
  '/api/v1/geo/locations': '?q=Leeds',
  '/api/v1/calendar': `?from=${day(-7)}&to=${day(34)}`,
  '/api/v1/tradespeople/{id}/bookable-days': `?from=${day(0)}&to=${day(41)}`,
};

// --- the app --------------------------------------------------------------------------------------

await ensureWebBuild();
const asset = entryAsset();
if (!asset) throw new Error('dist/web/index.html names no entry script');
if (EMBEDDED && process.env.BENCH_FILL === '1') throw new Error('BENCH_FILL=1 fills PostgreSQL only');
const scratch = EMBEDDED ? null : await scratchDatabase(DB, 'compare');
const reused = scratch ? await scratch.prepare() : false;
const dataDir = EMBEDDED ? mkdtempSync(path.join(tmpdir(), 'tradenest-compare-')) : null;
const port = await freePort();
const logFile = path.join(tmpdir(), `tradenest-compare-${process.pid}.log`);
const logFd = openSync(logFile, 'w');
const { LOG_LEVEL: _quiet, DATABASE_URL: _url, ...env } = loadServerEnv(scratch?.url, port);
const appEnv = {
  ...env,
  ...(EMBEDDED ? { DATA_DIR: dataDir } : { DATABASE_URL: scratch.url }),
  SEED_DEMO_DATA: reused ? 'never' : 'always',
  // As `npm start` runs by default (development: one readable line per request); BENCH_NODE_ENV=production
  // measures the JSON log lines a deployment writes.
  ...(process.env.BENCH_NODE_ENV ? { NODE_ENV: process.env.BENCH_NODE_ENV } : {}),
};
let world;
if (EMBEDDED) {
  // A first start creates and seeds the embedded database; the walk's ids are read while no server
  // holds it (one owner at a time), then the measured server starts on the same folder.
  const first = npmStart(appEnv, { stdout: logFd, deadlineMs: 5 * 60_000 });
  await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now(), 180_000);
  await first.stop();
  world = await embeddedWorld(dataDir);
}
const app = npmStart(appEnv, { stdout: logFd, deadlineMs: 90 * 60_000 });
const base = `http://127.0.0.1:${port}`;
let raw;
let bare;
try {
  await waitFor200(`${base}/api/ready`, performance.now(), 180_000);
  if (process.env.BENCH_FILL === '1' && !reused) {
    const started = performance.now();
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await client.query('begin');
    await fillMarketplace(client);
    await client.query('commit');
    // As marketplace-load.mjs: measured on settled tables, not while autovacuum works through them.
    await client.query('vacuum analyze');
    const { rows } = await client.query('select count(*)::int as jobs from job_postings');
    await client.end();
    process.stdout.write(
      `filled in ${fmt((performance.now() - started) / 1000, 1)} s: ${rows[0].jobs} jobs\n`,
    );
  }
  // The server's own process (npm start runs it in-process, under npm): its CPU per request is printed.
  const appPid = findServerPid(app.child.pid);
  raw = await referenceServer(RAW_SERVER, [dist, asset]);
  bare = await referenceServer(BARE_FASTIFY);

  world ??= await worldOf((sql) => queryPostgres(scratch.url, sql));
  const sessions = {};
  for (const role of ['customer', 'tradesperson', 'admin']) sessions[role] = await signInDemo(base, role);
  if (SECTIONS.has('signed-in') || SECTIONS.has('public')) await madeThroughTheApi(base, world, sessions);
  const walk =
    SECTIONS.has('signed-in') || SECTIONS.has('public') ? await planWalk(base, world, sessions) : [];

  process.stdout.write(`${machineLine()}\n`);
  for (let run = 1; run <= RUNS; run++) {
    process.stdout.write(
      `\nrun ${run} of ${RUNS}: autocannon, ${CONNECTIONS} connections, ${EMBEDDED ? 'embedded database (PGlite)' : 'PostgreSQL'}, Accept-Encoding: ${ENCODING}\n`,
    );
    // The reference of this run: everything in it is divided by this figure.
    const ref = await load(raw.url, { pid: raw.pid });
    record('reference', 'raw node:http {"status":"ok"}', null, ref, ref.rps);
    const rawRps = ref.rps;
    if (SECTIONS.has('platform')) {
      record('reference', 'bare Fastify, same route', null, await load(bare.url, { pid: bare.pid }), rawRps);
      const rawLanding = await load(`${raw.url}/landing`, { pid: raw.pid });
      record('reference', 'raw node:http, landing HTML (same brotli bytes)', null, rawLanding, rawRps);
      const rawAsset = await load(`${raw.url}/asset`, { pid: raw.pid });
      record('reference', 'raw node:http, entry script (same brotli bytes)', null, rawAsset, rawRps);
      record(
        'platform',
        'GET /api/health (default log level)',
        0.6,
        await load(`${base}/api/health`, { pid: appPid }),
        rawRps,
      );
      const landing = await load(`${base}/`, { headers: BROWSER, pid: appPid });
      record('platform', 'GET / landing HTML (brotli)', 0.5, landing, rawRps, rawLanding.rps);
      const etag = (await fetch(`${base}/`, { headers: BROWSER })).headers.get('etag');
      if (etag) {
        const revalidate = await load(`${base}/`, {
          headers: { ...BROWSER, 'if-none-match': etag },
          expect: 304,
          pid: appPid,
        });
        record('platform', 'GET / revalidated (If-None-Match: 304)', 0.5, revalidate, rawRps);
      } else process.stdout.write('  GET / sends no ETag: revalidation not measured\n');
      const file = await load(`${base}${asset}`, { headers: BROWSER, pid: appPid });
      record('platform', `GET ${asset} (brotli)`, 0.5, file, rawRps, rawAsset.rps);
    }
    for (const step of walk) {
      if (!SECTIONS.has(step.section)) continue;
      if (ROUTES && !ROUTES.some((part) => step.label.includes(part))) continue;
      const headers = {
        'accept-encoding': ENCODING,
        ...(step.role === 'guest' ? {} : { cookie: sessions[step.role] }),
      };
      const result = await load(`${base}${step.url}`, {
        headers,
        pid: appPid,
        seconds: WALK_SECONDS,
        warmup: WALK_WARMUP,
      });
      record(step.section, `GET ${step.label} (${step.role})`, walkTarget(step.section), result, rawRps);
    }
  }
} finally {
  raw?.stop();
  bare?.stop();
  await app.stop();
  closeSync(logFd);
  await scratch?.finish();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

// --- summary ----------------------------------------------------------------------------------------

// The server's request log runs to hundreds of megabytes over a full run: kept only when asked.
if (process.env.BENCH_KEEP_LOG) process.stdout.write(`\nserver log: ${logFile}\n`);
else rmSync(logFile, { force: true });
process.stdout.write(`\nmedian of ${RUNS} run(s)\n`);
let missed = 0;
for (const [label, row] of rows) {
  const rps = median(row.runs.map((r) => r.rps));
  const p99 = median(row.runs.map((r) => r.p99));
  const ratio = row.runs[0].ratio === null ? null : median(row.runs.map((r) => r.ratio));
  const same = row.runs[0].same === null ? null : median(row.runs.map((r) => r.same));
  const wrong = row.runs.reduce((s, r) => s + r.wrong, 0);
  const cpuUs = row.runs[0].cpuUs === null ? null : median(row.runs.map((r) => r.cpuUs));
  let verdict = '';
  if (row.target !== null) {
    // A number is a share of raw (of raw sending the same bytes, for a file); an object may add an
    // absolute rate and a p99 bound.
    const t = typeof row.target === 'number' ? { ratio: row.target } : row.target;
    const met =
      wrong === 0 &&
      (t.ratio === undefined || (same ?? ratio) >= t.ratio) &&
      (t.rps === undefined || rps >= t.rps) &&
      (t.p99 === undefined || p99 <= t.p99);
    if (!met) missed++;
    const parts = [
      t.ratio === undefined
        ? null
        : `≥ ${t.ratio * 100}% of raw${same === null ? '' : ' sending the same bytes'}`,
      t.rps === undefined ? null : `≥ ${fmt(t.rps)} req/s`,
      t.p99 === undefined ? null : `p99 ≤ ${t.p99} ms`,
    ];
    verdict = `${met ? 'met' : 'NOT MET'} (${parts.filter(Boolean).join(', ')})`;
  }
  process.stdout.write(
    `  ${label.padEnd(58)} ${fmt(rps).padStart(7)} req/s  p99 ${String(p99).padStart(3)} ms${cpuText(cpuUs)}  ${ratio === null ? '' : `${(ratio * 100).toFixed(1).padStart(5)}% of raw  `}${same === null ? '' : `${(same * 100).toFixed(1)}% of same bytes  `}${wrong ? `${wrong} wrong  ` : ''}${verdict}\n`,
  );
}
process.stdout.write(`\n${missed === 0 ? 'every target met' : `${missed} target(s) not met`}\n`);

// --- helpers ------------------------------------------------------------------------------------------

/** The walk's targets: issue 19's public rate on PostgreSQL, issue 40's shares of raw and p99 bounds. */
function walkTarget(section) {
  if (EMBEDDED) return { ratio: 0.05, p99: 100 };
  return section === 'public' ? { rps: 5000 } : { ratio: 0.1, p99: 50 };
}

async function queryPostgres(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** The walk's ids from the embedded database, opened here while no server holds it. */
async function embeddedWorld(folder) {
  register();
  const { openDatabase, embeddedDatabaseDir } = await import('../server/db/client.ts');
  const handle = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(folder) });
  try {
    return await worldOf(async (text) => (await handle.client.query(text)).rows);
  } finally {
    await handle.close();
  }
}

/** Ids the walk's path parameters need, read from the demo data with `query` (SQL → rows). */
async function worldOf(query) {
  const one = async (text) => (await query(text))[0]?.id ?? null;
  const customer = `(select id from users where email = 'customer@tradenest.demo')`;
  const pro = `(select id from users where email = 'tradesperson@tradenest.demo')`;
  const world = {
    customerJob: await one(
      `select id from job_postings where customer_id = ${customer} order by created_at desc limit 1`,
    ),
    proQuote: await one(
      `select id from quotes where tradesperson_id = ${pro} order by created_at desc limit 1`,
    ),
    customerBooking: await one(
      `select b.id from bookings b where b.customer_id = ${customer} order by exists (select 1 from payment_milestones m where m.booking_id = b.id) desc, b.created_at desc limit 1`,
    ),
    customerConversation: await one(
      `select id from conversations where ${customer} in (participant_one_id, participant_two_id) order by created_at desc limit 1`,
    ),
    anyDispute: await one('select id from disputes order by created_at desc limit 1'),
    user: await one(`select id from users where email = 'customer@tradenest.demo'`),
    tradesperson: await one(
      `select p.id from profiles p join tradesperson_profiles t on t.user_id = p.id where t.verified order by p.review_count desc limit 1`,
    ),
    demoTradesperson: await one(`select id from users where email = 'tradesperson@tradenest.demo'`),
    // The customer's job with the most live quotes: what the comparison shows side by side.
    comparedJob: await one(
      `select j.id from job_postings j join quotes q on q.job_id = j.id and q.status = 'pending' where j.customer_id = ${customer} group by j.id having count(*) >= 2 order by count(*) desc, j.id limit 1`,
    ),
    pendingQuote: await one(
      `select id from quotes where tradesperson_id = ${pro} and status = 'pending' order by created_at desc limit 1`,
    ),
    // Changes are proposed on confirmed bookings only.
    confirmedBooking: await one(
      `select id from bookings where customer_id = ${customer} and status = 'confirmed' order by created_at desc limit 1`,
    ),
    customerPlan: await one(
      `select id from subscriptions where customer_id = ${customer} order by created_at desc limit 1`,
    ),
    customerSupport: await one(
      `select id from support_conversations where user_id = ${customer} order by created_at desc limit 1`,
    ),
  };
  return world;
}

/**
 * What the demo data has none of, made through the API as its users would: two revisions of the demo
 * tradesperson's pending quote, a photo uploaded by the customer, a change and a new date proposed on
 * the customer's booking, and the tradesperson's calendar feed. Each id lands in `world` for `fill`. A
 * step that fails is said: without a revision, a photo or a feed their routes are listed as not walked,
 * and a booking's changes and dates are walked with what the booking already has (a second run on a
 * reused database finds a change already waiting).
 */
async function madeThroughTheApi(base, world, sessions) {
  const call = async (role, method, url, body) => {
    const form = body instanceof FormData;
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        cookie: sessions[role],
        origin: base,
        ...(body && !form ? { 'content-type': 'application/json' } : {}),
      },
      body: body && !form ? JSON.stringify(body) : body,
    });
    const answer = await res.json().catch(() => null);
    if (!res.ok)
      throw new Error(`${method} ${url} as the ${role} answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const step = async (what, make) => {
    try {
      await make();
    } catch (err) {
      process.stdout.write(`  set-up: ${what} failed: ${err.message}\n`);
    }
  };
  await step('revising a quote', async () => {
    if (!world.pendingQuote) return;
    for (const amount of ['180', '175'])
      await call('tradesperson', 'PATCH', `/api/v1/quotes/${world.pendingQuote}`, {
        amount,
        message: `Revised after a second look: £${amount} all in, parts included.`,
      });
    world.revisedQuote = world.pendingQuote;
  });
  await step('uploading a photo', async () => {
    const { default: sharp } = await import('sharp');
    const jpeg = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 120, g: 140, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'leak.jpg');
    world.photo = (await call('customer', 'POST', '/api/v1/photos', form)).photo.id;
  });
  await step('proposing a change', async () => {
    if (!world.confirmedBooking) return;
    await call('customer', 'POST', `/api/v1/bookings/${world.confirmedBooking}/changes`, {
      description: 'Also replace the stopcock under the sink while the water is off',
      direction: 'increase',
      amount: '45',
    });
  });
  await step('proposing a new date', async () => {
    if (!world.customerBooking || !world.demoTradesperson) return;
    const { days } = await call(
      'customer',
      'GET',
      `/api/v1/tradespeople/${world.demoTradesperson}/bookable-days?from=${day(1)}&to=${day(42)}&exceptBooking=${world.customerBooking}`,
    );
    const free = days.find((d) => d.refusal === null);
    if (!free) throw new Error('no bookable day in the next six weeks');
    await call('customer', 'POST', `/api/v1/bookings/${world.customerBooking}/reschedules`, {
      date: free.date,
      note: 'We are away that week, could we move it?',
    });
  });
  await step("making the tradesperson's calendar feed", async () => {
    const created = await call('tradesperson', 'POST', '/api/v1/calendar/feed');
    world.feedToken = new URL(created.url).pathname
      .split('/')
      .pop()
      .replace(/\.ics$/, '');
  });
}

/** The value of each path parameter, by path; null where the demo data has none. */
function fill(pathTemplate, world) {
  const byPath = {
    '/api/v1/jobs/{id}': world.customerJob,
    '/api/v1/quotes/{id}': world.proQuote,
    '/api/v1/bookings/{id}/milestones': world.customerBooking,
    '/api/v1/bookings/{id}/money': world.customerBooking,
    '/api/v1/conversations/{id}': world.customerConversation,
    '/api/v1/conversations/{id}/messages': world.customerConversation,
    '/api/v1/disputes/{id}': world.anyDispute, // the demo customer has none: read by whoever may (an admin)
    '/api/v1/admin/disputes/{id}': world.anyDispute,
    '/api/v1/admin/users/{id}': world.user,
    '/api/v1/tradespeople/{id}': world.tradesperson,
    '/api/v1/tradespeople/{id}/reviews': world.tradesperson,
    '/api/v1/avatars/{id}.svg': world.user,
    '/api/v1/geo/postcodes/{postcode}': 'M1 1AE',
    '/api/v1/tradespeople/{id}/bookable-days': world.demoTradesperson,
    '/api/v1/jobs/{id}/quotes/compare': world.comparedJob,
    '/api/v1/quotes/{id}/revisions': world.revisedQuote ?? null,
    '/api/v1/bookings/{id}/changes': world.confirmedBooking,
    '/api/v1/bookings/{id}/reschedules': world.customerBooking,
    '/api/v1/photos/{id}/display': world.photo ?? null,
    '/api/v1/photos/{id}/thumb': world.photo ?? null,
    '/api/v1/subscriptions/{id}': world.customerPlan,
    '/api/v1/support/conversations/{id}': world.customerSupport,
    '/api/v1/admin/support/{id}': world.customerSupport,
    '/api/v1/calendar/feed/{token}.ics': world.feedToken ?? null,
  };
  if (!(pathTemplate in byPath)) return pathTemplate.includes('{') ? null : pathTemplate;
  const value = byPath[pathTemplate];
  return value === null ? null : pathTemplate.replace(/\{[^}]+\}/, encodeURIComponent(value));
}

/**
 * Every GET of the OpenAPI document, with who reads it: a guest when a guest gets 200 (public), else
 * the first demo account that gets 200 (signed-in). Routes no one can read here are listed, not hidden.
 */
async function planWalk(base, world, sessions) {
  const doc = await (await fetch(`${base}/api/docs/json`)).json();
  const steps = [];
  for (const [template, ops] of Object.entries(doc.paths)) {
    if (!ops.get) continue;
    if (NOT_WALKED.has(template)) {
      process.stdout.write(`  not walked: GET ${template}: ${NOT_WALKED.get(template)}\n`);
      continue;
    }
    const filled = fill(template, world);
    if (!filled) {
      process.stdout.write(`  not walked: GET ${template}: the demo data has nothing to fill it with\n`);
      continue;
    }
    const url = filled + (QUERY[template] ?? '');
    const guest = await fetch(`${base}${url}`, { redirect: 'manual' });
    await guest.arrayBuffer();
    if (guest.status === 200) {
      steps.push({ section: 'public', role: 'guest', url, label: template + (QUERY[template] ?? '') });
      continue;
    }
    const order = template.startsWith('/api/v1/admin') ? ['admin'] : ['customer', 'tradesperson', 'admin'];
    let found = null;
    const statuses = [];
    for (const role of order) {
      const res = await fetch(`${base}${url}`, { headers: { cookie: sessions[role] }, redirect: 'manual' });
      await res.arrayBuffer();
      statuses.push(`${role} ${res.status}`);
      if (res.status === 200) {
        found = role;
        break;
      }
    }
    if (found)
      steps.push({ section: 'signed-in', role: found, url, label: template + (QUERY[template] ?? '') });
    else
      process.stdout.write(
        `  not walked: GET ${template}: no demo account gets 200 (${statuses.join(', ')})\n`,
      );
  }
  process.stdout.write(
    `walk: ${steps.filter((s) => s.section === 'public').length} public and ${steps.filter((s) => s.section === 'signed-in').length} signed-in GET routes\n`,
  );
  return steps;
}
