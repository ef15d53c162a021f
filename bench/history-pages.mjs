// A long history against a short one on a person's own lists: My Jobs (customer), Manage Quotes
// (tradesperson) and My Bookings (both). Two pairs of accounts beside the demo data, each a customer
// whose jobs were all quoted by, booked with and completed by one tradesperson: the short pair with 40
// of them, the long pair with BENCH_HISTORY (5,000 by default). Both first pages show 20 cards of the
// same kind, from the same tables, on the same server, measured one after the other in each run: the
// only difference is how many rows the person has behind that page.
//
// On the embedded default (BENCH_DB=embedded, the default) or PostgreSQL (BENCH_DB=postgres), as a
// browser asks (`Accept-Encoding: br, gzip` and the session cookie); autocannon, 20 connections,
// BENCH_DURATION seconds (8) after a 2 s warm-up; raw node:http measured in every run beside them; the
// server's CPU a request, and on PostgreSQL its backends' as well.
// Target, as for the open jobs at 1,000,000 jobs (issue 40): each page of the long history at ≥ 80% of
// the short one's throughput, medians of BENCH_RUNS runs (3).
//
//   node bench/history-pages.mjs                  BENCH_DB=postgres BENCH_HISTORY=20000 BENCH_RUNS=1
//
// The rows are added with set-based SQL while no server holds the database, then analysed. Exits 1 on
// any failed request and after a hard deadline rather than hang.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureServerBuild } from '../scripts/server-build.mjs';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
  findServerPid,
  fmt,
  freePort,
  loadServerEnv,
  machineLine,
  measureRoute,
  median,
  npmStart,
  openSetupClient,
  RAW_OK_SERVER,
  referenceServer,
  runDeadline,
  scratchDatabase,
  waitFor200,
} from './lib.mjs';

const EMBEDDED = (process.env.BENCH_DB ?? 'embedded') === 'embedded';
const DB = 'tradenest_history';
const SHORT = 40;
const LONG = Number(process.env.BENCH_HISTORY ?? 5_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = 0.8;
const BROWSER = { 'accept-encoding': 'br, gzip', accept: 'application/json' };

/** [name, role, path]: each read by the short pair's account, then by the long pair's. */
const ROUTES = [
  ['My Jobs', 'customer', '/api/v1/jobs/mine'],
  ['My Jobs, Completed tab', 'customer', '/api/v1/jobs/mine?tab=done'],
  ['Manage Quotes', 'tradesperson', '/api/v1/quotes/mine'],
  ['My Bookings (customer)', 'customer', '/api/v1/bookings/mine'],
  ['My Bookings (tradesperson)', 'tradesperson', '/api/v1/bookings/mine'],
];

const measuredSeconds = RUNS * (2 * ROUTES.length + 1) * (DURATION + 3);
const scratch = EMBEDDED ? null : await scratchDatabase(DB, 'history-pages');
const dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-history-'));
let server;
let raw;
const cancel = runDeadline((400 + measuredSeconds * 1.5) * 1000, async () => {
  await server?.stop();
  raw?.stop();
  await scratch?.finish();
  rmSync(dataDir, { recursive: true, force: true });
});

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...loadServerEnv(scratch?.url, port),
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: 'always',
  ...(EMBEDDED ? { DATABASE_URL: '' } : {}),
};

/**
 * A customer and a tradesperson with `count` jobs of the customer, one every three hours backwards
 * from a week ago, each quoted by the tradesperson, booked and completed; a session for each. Returns
 * their session cookies.
 */
async function addPair(client, name, count) {
  const { rows: place } = await client.query(
    'select category, postcode, outcode, lat, lng from job_postings order by created_at limit 1',
  );
  const { rows: people } = await client.query(
    `insert into users (email, password_hash, email_verified_at)
     values ($1, '!', now()), ($2, '!', now()) returning id, email`,
    [`history-${name}-customer@example.test`, `history-${name}-tradesperson@example.test`],
  );
  const [customer, tradesperson] = [people[0].id, people[1].id];
  await client.query(
    `insert into profiles (id, full_name, user_type) values ($1, $3, 'customer'), ($2, $4, 'tradesperson')`,
    [customer, tradesperson, `History ${name} customer`, `History ${name} tradesperson`],
  );
  await client.query('insert into user_settings (user_id) values ($1), ($2)', [customer, tradesperson]);
  await client.query(
    `insert into tradesperson_profiles (user_id, business_name, trade, bio, hourly_rate_min, hourly_rate_max,
       years_experience, base_postcode, base_lat, base_lng, service_radius_miles, verified, setup_completed_at)
     values ($1, $2, 'Plumber', 'Local, reliable and tidy. Free quotes.', 3000, 6000, 10, $3, $4, $5, 25, true, now())`,
    [tradesperson, `History ${name} Plumbing`, place[0].postcode, place[0].lat, place[0].lng],
  );
  await client.query(
    `create temporary table history on commit drop as
     select gen_random_uuid() job_id, gen_random_uuid() quote_id, i,
            now() - interval '7 days' - i * interval '3 hours' made
     from generate_series(1, $1::int) i`,
    [count],
  );
  const p = place[0];
  await client.query(
    `insert into job_postings (id, customer_id, title, category, description, budget_min, budget_max,
       postcode, outcode, lat, lng, status, live_quote_count, created_at, updated_at)
     select job_id, $1, 'Earlier job number ' || i, $2,
            'A job from the customer''s history, done and paid some time ago.', 10000, 30000,
            $3, $4, $5, $6, 'completed', 1, made, made
     from history`,
    [customer, p.category, p.postcode, p.outcode, p.lat, p.lng],
  );
  await client.query(
    `insert into quotes (id, job_id, tradesperson_id, amount, message, status, created_at, updated_at)
     select quote_id, job_id, $1, 20000, 'Happy to do this one.', 'accepted',
            made + interval '1 hour', made + interval '1 hour'
     from history`,
    [tradesperson],
  );
  await client.query(
    `insert into bookings (job_id, quote_id, customer_id, tradesperson_id, amount, status, confirmed_at,
       completed_at, created_at, updated_at)
     select job_id, quote_id, $1, $2, 20000, 'completed', made + interval '2 hours', made + interval '2 days',
            made + interval '2 hours', made + interval '2 days'
     from history`,
    [customer, tradesperson],
  );
  const cookies = {};
  for (const [role, id] of [
    ['customer', customer],
    ['tradesperson', tradesperson],
  ]) {
    const token = randomBytes(32).toString('base64url');
    await client.query(
      `insert into sessions (token_hash, user_id, idle_expires_at, absolute_expires_at)
       values ($1, $2, now() + interval '1 day', now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), id],
    );
    cookies[role] = `tn_session=${token}`;
  }
  return cookies;
}

const result = { failed: false };
try {
  await ensureServerBuild();
  await ensureWebBuild();
  await scratch?.prepare();
  process.stdout.write(
    `history-pages: ${EMBEDDED ? 'embedded database (PGlite)' : 'PostgreSQL'}; ${SHORT} against ${fmt(LONG)} jobs, quotes and bookings; ` +
      `${RUNS} runs of ${DURATION} s a route, 20 connections, accept-encoding: br, gzip\n${machineLine()}\n`,
  );
  // First start: migrations and the demo data, then a clean stop, so that the pairs can be added.
  server = npmStart(env, { deadlineMs: 300_000 });
  await waitFor200(`${base}/api/ready`, performance.now(), 180_000);
  await server.waitForOutput(/demo document files/, 30_000);
  await server.stop();
  server = undefined;
  const since = performance.now();
  const client = await openSetupClient({ embedded: EMBEDDED, dataDir, url: scratch?.url });
  const pairs = {};
  try {
    for (const [name, count] of [
      ['short', SHORT],
      ['long', LONG],
    ]) {
      await client.query('begin');
      pairs[name] = await addPair(client, name, count);
      await client.query('commit');
    }
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  process.stdout.write(`added both pairs in ${fmt((performance.now() - since) / 1000, 1)} s\n`);

  raw = await referenceServer(RAW_OK_SERVER);
  server = npmStart(env, { deadlineMs: (120 + measuredSeconds * 1.5) * 1000 });
  await waitFor200(`${base}/api/ready`, performance.now(), 120_000);
  const pid = findServerPid(server.child.pid);
  for (const [name, role, route] of ROUTES) {
    for (const pair of ['short', 'long']) {
      const res = await fetch(`${base}${route}`, { headers: { ...BROWSER, cookie: pairs[pair][role] } });
      const body = await res.json();
      const cards = Object.values(body).find(Array.isArray)?.length;
      if (res.status !== 200 || cards !== 20)
        throw new Error(`${name} (${pair}) answered ${res.status}, ${cards} cards`);
    }
  }

  const rows = new Map(); // `${name}|${pair}` -> [{ rps, p99, ratio, cpuPerReq, pgPerReq }]
  for (let run = 1; run <= RUNS; run++) {
    const ref = await measureRoute(raw.url, { duration: DURATION });
    process.stdout.write(
      `\nrun ${run} of ${RUNS}: raw node:http ${fmt(ref.rps)} req/s, p99 ${fmt(ref.p99)} ms\n`,
    );
    for (const [name, role, route] of ROUTES) {
      // Which goes first alternates from run to run, so that neither is always measured on a warmer server.
      for (const pair of run % 2 ? ['short', 'long'] : ['long', 'short']) {
        const r = await measureRoute(`${base}${route}`, {
          headers: { ...BROWSER, cookie: pairs[pair][role] },
          pid,
          database: EMBEDDED ? undefined : DB,
          duration: DURATION,
        });
        const row = { ...r, ratio: r.rps / ref.rps };
        rows.set(`${name}|${pair}`, [...(rows.get(`${name}|${pair}`) ?? []), row]);
        process.stdout.write(
          `  ${name.padEnd(28)} ${(pair === 'short' ? `${SHORT}` : fmt(LONG)).padStart(6)}: ${fmt(r.rps).padStart(6)} req/s  p99 ${fmt(r.p99).padStart(4)} ms  ` +
            `${fmt(row.ratio * 100, 1).padStart(5)}% of raw  server ${fmt(row.cpuPerReq, 2)} ms${EMBEDDED ? '' : `, PostgreSQL ${fmt(row.pgPerReq, 2)} ms`} CPU/req\n`,
        );
      }
    }
  }

  process.stdout.write(
    `\nmedians of ${RUNS}: req/s, p99, share of raw, CPU a request (server${EMBEDDED ? ', PGlite included' : ' + PostgreSQL'}); ` +
      `target: ${fmt(LONG)} rows ≥ ${TARGET * 100}% of the throughput with ${SHORT}\n`,
  );
  for (const [name] of ROUTES) {
    const m = (pair) => {
      const rs = rows.get(`${name}|${pair}`);
      const cpu = rs.map((r) => r.cpuPerReq + (r.pgPerReq ?? 0));
      return {
        rps: median(rs.map((r) => r.rps)),
        p99: median(rs.map((r) => r.p99)),
        ratio: median(rs.map((r) => r.ratio)),
        cpu: median(cpu),
      };
    };
    const [a, b] = [m('short'), m('long')];
    const kept = b.rps / a.rps;
    if (kept < TARGET) result.failed = true;
    const cell = (x) =>
      `${fmt(x.rps).padStart(6)} req/s ${fmt(x.p99).padStart(4)} ms ${fmt(x.ratio * 100, 1).padStart(4)}% ${fmt(x.cpu, 2)} ms`;
    process.stdout.write(
      `  ${name.padEnd(28)} ${SHORT}: ${cell(a)} | ${fmt(LONG)}: ${cell(b)} | ${fmt(kept * 100)}%: ${kept >= TARGET ? 'met' : 'NOT MET'}\n`,
    );
  }
} catch (err) {
  result.failed = true;
  process.stdout.write(`history-pages: ${err?.stack ?? err}\n`);
} finally {
  cancel();
  await server?.stop();
  raw?.stop();
  await scratch?.finish();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(result.failed ? 1 : 0);
