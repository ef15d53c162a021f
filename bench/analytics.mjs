// GET /api/v1/analytics?period=12m under load (issue 37, docs/api/analytics.md): one tradesperson with
// 5,000 quotes, 2,000 bookings (their releases in the ledger and their reviews) and a year of daily
// counters, in the 100,000-job marketplace of marketplace-load.mjs, on the embedded database (the
// default) and on PostgreSQL. The server runs as its own process (`npm start`); autocannon runs here
// over 127.0.0.1 with the session cookie and `Accept-Encoding: br, gzip`, beside raw node:http
// measured in the same run.
// Target: at least 1,000 requests/s with p99 at most 50 ms. The figures are kept 30 s per
// tradesperson, period and UK day (ANALYTICS_CACHE_MS), so the load mostly measures that; the first
// request of each period, which reads the database, is printed as well.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
  fillMarketplace,
  fmt,
  freePort,
  loadServerEnv,
  median,
  npmStart,
  RAW_OK_SERVER,
  referenceServer,
  scratchDatabase,
  waitFor200,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const WARM_UP = 2;
const CONNECTIONS = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = { rps: 1000, p99: 50 };

// Fails loudly rather than hanging: the whole run has 40 minutes.
setTimeout(() => {
  process.stderr.write('analytics bench: still running after 40 minutes; stopped\n');
  process.exit(1);
}, 40 * 60_000).unref();

/**
 * The measured tradesperson's history, set-based: 5,000 quotes on load jobs spread over the fill's 90
 * days (2 in 5 accepted, 1 in 5 rejected) within 2 days of posting, a booking for each accepted one (2,000: 60% completed), a
 * release in the ledger 7 days after each completion, reviews of 2 in 3 completed jobs and a year of
 * daily counters. `client` is pg's or PGlite's (both `query(text)`).
 */
async function fillAnalytics(client) {
  const {
    rows: [me],
  } = await client.query(
    `select t.user_id as id from tradesperson_profiles t join users u on u.id = t.user_id where u.email = 'load-1@example.test'`,
  );
  const id = me.id;
  const steps = [
    `update tradesperson_profiles set base_lat = 53.4777, base_lng = -2.2367, service_radius_miles = 25, verified = true where user_id = '${id}'`,
    `insert into quotes (job_id, tradesperson_id, amount, message, status, created_at, updated_at)
     select j.id, '${id}', 15000, 'Happy to help with this.',
       case when j.n % 5 < 2 then 'accepted' when j.n % 5 = 2 then 'rejected' else 'pending' end,
       least(now(), j.created_at + (j.n % 48) * interval '1 hour'), least(now(), j.created_at + (j.n % 48) * interval '1 hour')
     from (select j.id, j.created_at, row_number() over (order by j.id) as n from job_postings j
       where j.title like 'Load test job %' and j.live_quote_count < 3
         and not exists (select 1 from quotes q where q.job_id = j.id and q.tradesperson_id = '${id}')
       order by j.id limit 5000) j`,
    `update job_postings j set live_quote_count = q.n from (select job_id, count(*) n from quotes where status in ('pending', 'accepted') group by job_id) q
     where q.job_id = j.id and j.title like 'Load test job %' and j.live_quote_count <> q.n`,
    `insert into bookings (job_id, quote_id, customer_id, tradesperson_id, amount, status, confirmed_at, completed_at, cancelled_at, created_at, updated_at)
     select q.job_id, q.id, j.customer_id, q.tradesperson_id, q.amount,
       case when q.n % 10 < 6 then 'completed' when q.n % 10 < 8 then 'confirmed' when q.n % 10 < 9 then 'pending' else 'cancelled' end,
       case when q.n % 10 < 8 then q.created_at + interval '1 hour' end,
       case when q.n % 10 < 6 then least(now(), q.created_at + interval '3 days') end,
       case when q.n % 10 = 9 then q.created_at + interval '2 hours' end,
       q.created_at + interval '30 minutes', q.created_at + interval '30 minutes'
     from (select q.*, row_number() over (order by q.created_at) as n from quotes q where q.tradesperson_id = '${id}' and q.status = 'accepted') q
     join job_postings j on j.id = q.job_id`,
    `insert into ledger_accounts (code, kind, user_id) values ('tradesperson_payable:${id}', 'tradesperson_payable', '${id}') on conflict (code) do nothing`,
    `insert into ledger_accounts (code, kind) values ('escrow', 'escrow'), ('platform_fees', 'platform_fees') on conflict (code) do nothing`,
    `insert into ledger_transactions (kind, idempotency_key, booking_id, description, created_at)
     select 'release', 'bench-release:' || b.id, b.id, 'Released to the tradesperson', b.completed_at + interval '7 days'
     from bookings b where b.tradesperson_id = '${id}' and b.status = 'completed' and b.completed_at + interval '7 days' < now()`,
    `insert into ledger_entries (transaction_id, account_id, amount_pence, created_at)
     select t.id, a.id, case a.kind when 'escrow' then -b.amount when 'platform_fees' then b.amount * 15 / 100 else b.amount - b.amount * 15 / 100 end, t.created_at
     from ledger_transactions t join bookings b on b.id = t.booking_id
     cross join ledger_accounts a
     where t.idempotency_key like 'bench-release:%' and a.code in ('escrow', 'platform_fees', 'tradesperson_payable:${id}')`,
    `insert into reviews (booking_id, reviewer_id, reviewee_id, rating, comment, published_at, reveal_due_at, created_at)
     select b.id, b.customer_id, b.tradesperson_id, 3 + b.n % 3, 'Good work, tidy and on time.', b.completed_at + interval '1 day',
       b.completed_at + interval '14 days', b.completed_at + interval '1 day'
     from (select b.*, row_number() over (order by b.created_at) as n from bookings b where b.tradesperson_id = '${id}' and b.status = 'completed') b
     where b.n % 3 <> 0`,
    `insert into profile_daily_stats (tradesperson_id, day, profile_views, search_appearances)
     select '${id}', current_date - d, 5 + d % 17, 40 + d % 60 from generate_series(0, 729) d`,
  ];
  for (const step of steps) await client.query(step);
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (token_hash, user_id, idle_expires_at, absolute_expires_at)
     values ('${createHash('sha256').update(token).digest('hex')}', '${id}', now() + interval '1 day', now() + interval '1 day')`,
  );
  const {
    rows: [counts],
  } = await client.query(`select
    (select count(*)::int from job_postings) as jobs,
    (select count(*)::int from quotes where tradesperson_id = '${id}') as quotes,
    (select count(*)::int from bookings where tradesperson_id = '${id}') as bookings,
    (select count(*)::int from ledger_transactions where idempotency_key like 'bench-release:%') as releases,
    (select count(*)::int from reviews where reviewee_id = '${id}') as reviews`);
  process.stdout.write(
    `  ${fmt(counts.jobs)} jobs; the tradesperson: ${fmt(counts.quotes)} quotes, ${fmt(counts.bookings)} bookings, ${fmt(counts.releases)} releases, ${fmt(counts.reviews)} reviews\n`,
  );
  return token;
}

/** Fills a database through `client` in one transaction. */
async function fill(client) {
  const started = performance.now();
  await client.query('begin');
  await fillMarketplace(client);
  const token = await fillAnalytics(client);
  await client.query('commit');
  await client.query('vacuum analyze');
  process.stdout.write(`  filled in ${fmt((performance.now() - started) / 1000, 1)} s\n`);
  return token;
}

const results = new Map(); // label -> [{ rps, p50, p99, wrong }]

async function load(label, url, headers = {}) {
  const requests = [{ method: 'GET', path: new URL(url).pathname + new URL(url).search }];
  const origin = new URL(url).origin;
  await autocannon({ url: origin, connections: CONNECTIONS, duration: WARM_UP, headers, requests });
  const r = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests,
  });
  const wrong = r.non2xx + r.errors + r.timeouts;
  if (!results.has(label)) results.set(label, []);
  results.get(label).push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, wrong });
  process.stdout.write(
    `  ${label.padEnd(44)} ${fmt(r.requests.average)} req/s   p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms   (${fmt(r.requests.total)} requests, ${wrong} not 2xx)${wrong ? '   FAILED' : ''}\n`,
  );
}

/** Starts the server on `env`, prints each period's first (uncached) request, and loads 12m. */
async function measure(kind, env, port, token, raw) {
  const server = npmStart({ ...env, DATABASE_POOL_MAX: '20' }, { deadlineMs: 15 * 60_000 });
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
    const base = `http://127.0.0.1:${port}/api/v1/analytics`;
    const headers = { cookie: `tn_session=${token}`, 'accept-encoding': 'br, gzip' };
    for (const period of ['30d', '90d', '12m']) {
      const started = performance.now();
      const res = await fetch(`${base}?period=${period}`, { headers });
      const body = await res.json();
      if (res.status !== 200)
        throw new Error(`${kind}: GET /analytics?period=${period} answered ${res.status}`);
      process.stdout.write(
        `  first request, period=${period} (reads the database): ${fmt(performance.now() - started, 1)} ms; ${fmt(body.figures.quotesSent.current)} quotes sent, ${body.series.length} points\n`,
      );
    }
    for (let run = 1; run <= RUNS; run++) {
      process.stdout.write(`  run ${run} of ${RUNS}\n`);
      await load(`raw node:http {"status":"ok"}`, raw.url);
      await load(`${kind}: GET /api/v1/analytics?period=12m`, `${base}?period=12m`, headers);
    }
  } finally {
    await server.stop();
  }
}

async function embedded(raw) {
  process.stdout.write('\nembedded database (PGlite in DATA_DIR)\n');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tradenest-analytics-bench-'));
  try {
    const port = await freePort();
    const { DATABASE_URL: _none, ...rest } = loadServerEnv('', port);
    const env = { ...rest, DATA_DIR: dataDir };
    // Start once to create and migrate the database, then fill it from here while no server holds it.
    const first = npmStart(env);
    await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
    await first.stop();
    const [{ PGlite }, { loadEmbeddedExtensions }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('../server/db/embedded-extensions.ts'),
    ]);
    const extensions = await loadEmbeddedExtensions();
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions });
    let token;
    try {
      token = await fill(client);
    } finally {
      await client.close();
    }
    await measure('embedded', env, port, token, raw);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function postgres(raw) {
  process.stdout.write('\nPostgreSQL\n');
  const scratch = await scratchDatabase('tradenest_analytics', 'analytics');
  await scratch.prepare();
  try {
    const port = await freePort();
    const env = loadServerEnv(scratch.url, port);
    const first = npmStart(env);
    await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
    await first.stop();
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    let token;
    try {
      token = await fill(client);
    } finally {
      await client.end();
    }
    await measure('PostgreSQL', env, port, token, raw);
  } finally {
    await scratch.finish();
  }
}

await ensureWebBuild();
const raw = await referenceServer(RAW_OK_SERVER);
process.stdout.write(
  `autocannon: ${CONNECTIONS} connections, ${DURATION} s after a ${WARM_UP} s warm-up, ${RUNS} runs (target: >= ${fmt(TARGET.rps)} req/s, p99 <= ${TARGET.p99} ms)\n`,
);
let failed = false;
try {
  if (process.env.BENCH_ONLY !== 'postgres') await embedded(raw);
  // scratchDatabase ends the run (a skip) when no PostgreSQL answers, after the embedded figures.
  if (process.env.BENCH_ONLY !== 'embedded') await postgres(raw);
} finally {
  raw.stop();
  const rawRps = median(results.get(`raw node:http {"status":"ok"}`)?.map((r) => r.rps) ?? [0]);
  process.stdout.write(`\nmedian of ${RUNS} runs\n`);
  for (const [label, runs] of results) {
    const rps = median(runs.map((r) => r.rps));
    const p99 = median(runs.map((r) => r.p99));
    const wrong = runs.reduce((s, r) => s + r.wrong, 0);
    const measured = label.includes('/api/v1/');
    const met = rps >= TARGET.rps && p99 <= TARGET.p99 && !wrong;
    if (measured && !met) failed = true;
    const ratio = measured && rawRps ? `   ${fmt((rps / rawRps) * 100, 1)}% of raw node:http` : '';
    process.stdout.write(
      `${label.padEnd(44)} ${fmt(rps)} req/s   p50 ${median(runs.map((r) => r.p50))} ms, p99 ${p99} ms${ratio}   (runs: ${runs.map((r) => fmt(r.rps)).join(' / ')})${measured ? (met ? '   met' : '   NOT MET') : ''}\n`,
    );
  }
}
if (failed) process.exitCode = 1;
