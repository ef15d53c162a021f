// Load on the busiest marketplace reads, the open-jobs list, its Nearby filter and job detail, at two
// scales in one invocation on one PostgreSQL database: first the demo data alone (demo scale), then
// the same database with BENCH_JOBS jobs added around it (1,000,000 by default, set-based SQL, see
// fillMarketplace) and vacuumed. The same routes, the same signed-in demo tradesperson, the headers a
// browser sends (`Accept-Encoding: br, gzip`, the session cookie). The server runs as its own process
// (`npm start` with DATABASE_URL); autocannon runs here, over 127.0.0.1; raw node:http (a small JSON)
// is measured in every run beside them, and each figure is printed as a ratio to it.
// Targets: each route at 1,000,000 jobs within 80% of its demo-scale throughput (issue 40), and the
// older ≥ 2,000 req/s with p99 < 50 ms. A 45-minute deadline (BENCH_DEADLINE_S) exits 1.
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
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
  runDeadline,
  scratchDatabase,
  waitFor200,
} from './lib.mjs';

const DB = process.env.BENCH_DB ?? 'tradenest_load';
const JOBS = Number(process.env.BENCH_JOBS ?? 1_000_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_S ?? 45 * 60) * 1000;
// BENCH_ONLY=list,nearby,detail runs a subset.
const only = process.env.BENCH_ONLY?.split(',');

const scratch = await scratchDatabase(DB, 'marketplace-load');
let server;
let raw;
const cancelDeadline = runDeadline(DEADLINE_MS, async () => {
  raw?.stop();
  await server?.stop();
  await scratch.finish();
});

await ensureWebBuild();
await scratch.prepare();
const port = await freePort();
const env = loadServerEnv(scratch.url, port);
const base = `http://127.0.0.1:${port}`;
const client = new pg.Client({ connectionString: scratch.url });

const results = new Map(); // `${scale}|${label}` -> [{ rps, raw, p50, p99, wrong }]
let failed = false;
let rawRps = 0; // raw node:http in this run, measured first

async function load(scale, key, label, requests, headers, url = base) {
  if (only && key !== 'raw' && !only.includes(key)) return;
  const options = { url, connections: CONNECTIONS, headers, requests };
  // Warm up (JIT, pool, caches) before measuring.
  await autocannon({ ...options, duration: 3 });
  const r = await autocannon({ ...options, duration: DURATION });
  const wrong = r.non2xx + r.errors + r.timeouts;
  if (wrong) failed = true;
  const k = `${scale}|${label}`;
  if (!results.has(k)) results.set(k, []);
  if (key === 'raw') rawRps = r.requests.average;
  results
    .get(k)
    .push({ rps: r.requests.average, raw: rawRps, p50: r.latency.p50, p99: r.latency.p99, wrong });
  process.stdout.write(
    `  ${label.padEnd(36)} ${fmt(r.requests.average).padStart(6)} req/s (${fmt(r.requests.average / rawRps, 3)} of raw)   p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms   (${r.requests.total} requests, ${wrong} not 2xx)${wrong ? '   FAILED: errors are not throughput' : ''}\n`,
  );
}

/** BENCH_RUNS runs of every route at this scale, each beside raw node:http. */
async function measure(scale, openIds, headers) {
  server = npmStart(env, { deadlineMs: DEADLINE_MS });
  await waitFor200(`${base}/api/ready`, performance.now(), 180_000);
  let i = 0;
  try {
    for (let run = 1; run <= RUNS; run++) {
      process.stdout.write(`\n${scale}, run ${run} of ${RUNS}\n`);
      await load(
        scale,
        'raw',
        'raw node:http {"status":"ok"}',
        [{ method: 'GET', path: '/' }],
        headers,
        raw.url,
      );
      await load(
        scale,
        'list',
        'GET /api/v1/jobs/open',
        [{ method: 'GET', path: '/api/v1/jobs/open' }],
        headers,
      );
      await load(
        scale,
        'nearby',
        'GET /api/v1/jobs/open?filter=nearby',
        [{ method: 'GET', path: '/api/v1/jobs/open?filter=nearby' }],
        headers,
      );
      await load(
        scale,
        'detail',
        'GET /api/v1/jobs/:id (open ids)',
        [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: `/api/v1/jobs/${openIds[i++ % openIds.length]}` }),
          },
        ],
        headers,
      );
    }
  } finally {
    await server.stop();
    server = undefined;
  }
}

async function settle() {
  // Fresh statistics and visibility map, as autovacuum would leave tables that have settled:
  // measuring while autovacuum works through a million new rows measures autovacuum.
  await client.query('vacuum analyze');
  const { rows: ids } = await client.query(
    `select id from job_postings where status = 'open' order by random() limit 500`,
  );
  const counts = (
    await client.query(
      `select (select count(*) from job_postings) jobs, (select count(*) from job_postings where status = 'open') open, (select count(*) from tradesperson_profiles) tradespeople, (select count(*) from quotes) quotes`,
    )
  ).rows[0];
  return { openIds: ids.map((r) => r.id), counts };
}

try {
  // The demo data, written by the server's own first start.
  server = npmStart({ ...env, SEED_DEMO_DATA: 'always' });
  await waitFor200(`${base}/api/ready`, performance.now(), 180_000);
  await server.stop();
  server = undefined;
  await client.connect();
  // The demo tradesperson, signed in: Nearby is theirs, and job detail shows them their own quote.
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (token_hash, user_id, idle_expires_at, absolute_expires_at)
     select $1, id, now() + interval '1 day', now() + interval '1 day' from users where email = 'tradesperson@tradenest.demo'`,
    [createHash('sha256').update(token).digest('hex')],
  );
  // What a browser sends with a fetch of the API.
  const headers = {
    cookie: `tn_session=${token}`,
    accept: 'application/json',
    'accept-encoding': 'br, gzip',
  };
  raw = await referenceServer(RAW_OK_SERVER);
  process.stdout.write(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s each after a 3 s warm-up, ${RUNS} run(s) a scale; headers: accept-encoding "br, gzip", the demo tradesperson's session cookie\n`,
  );

  const demo = await settle();
  process.stdout.write(
    `\ndemo scale: ${demo.counts.jobs} jobs (${demo.counts.open} open), ${demo.counts.tradespeople} tradespeople, ${demo.counts.quotes} quotes; job detail over ${demo.openIds.length} open ids\n`,
  );
  await measure('demo scale', demo.openIds, headers);

  const fillStarted = performance.now();
  await client.query('begin');
  await fillMarketplace(client, { jobs: JOBS });
  await client.query('commit');
  const filled = (performance.now() - fillStarted) / 1000;
  const big = await settle();
  process.stdout.write(
    `\nfilled ${fmt(JOBS)} jobs in ${fmt(filled, 1)} s, vacuumed and analysed in ${fmt((performance.now() - fillStarted) / 1000 - filled, 1)} s: ` +
      `${big.counts.jobs} jobs (${big.counts.open} open), ${big.counts.tradespeople} tradespeople, ${big.counts.quotes} quotes; job detail over ${big.openIds.length} open ids\n`,
  );
  // The plans of the list's page and of job detail, to show they use their indexes at this scale.
  for (const [label, text] of [
    [
      'open-jobs page shared by every viewer (kept for OPEN_JOBS_CACHE_MS)',
      `explain select j.id from job_postings j join profiles p on p.id = j.customer_id join users u on u.id = j.customer_id where j.status = 'open' order by j.created_at desc, j.id desc limit 31`,
    ],
    ['job by id', `explain select * from job_postings where id = '${big.openIds[0]}'`],
  ]) {
    const plan = (await client.query(text)).rows.map((r) => r['QUERY PLAN']).join('\n    ');
    process.stdout.write(`\nplan, ${label}:\n    ${plan}\n`);
  }
  await measure(`${fmt(JOBS)} jobs`, big.openIds, headers);

  process.stdout.write(
    `\nmedians of ${RUNS} run(s) (target: at ${fmt(JOBS)} jobs ≥ 80% of demo scale; ≥ 2,000 req/s, p99 < 50 ms)\n`,
  );
  const labels = [...new Set([...results.keys()].map((k) => k.split('|')[1]))];
  for (const label of labels) {
    const at = (scale) => {
      const runs = results.get(`${scale}|${label}`) ?? [];
      return {
        rps: median(runs.map((r) => r.rps)),
        ratio: median(runs.map((r) => r.rps / r.raw)),
        p99: median(runs.map((r) => r.p99)),
        runs: runs.map((r) => fmt(r.rps)).join(' / '),
      };
    };
    const small = at('demo scale');
    const large = at(`${fmt(JOBS)} jobs`);
    const share = large.rps / small.rps;
    const verdict = label.includes('/api/v1/')
      ? `   ${fmt(share * 100)}% of demo scale: ${share >= 0.8 ? 'met' : 'NOT MET'}; ${large.rps >= 2000 && large.p99 < 50 ? '≥ 2,000 req/s, p99 < 50 ms: met' : '≥ 2,000 req/s, p99 < 50 ms: NOT MET'}`
      : '';
    process.stdout.write(
      `  ${label.padEnd(36)} demo ${fmt(small.rps)} req/s (${fmt(small.ratio, 3)} of raw, p99 ${small.p99} ms; runs ${small.runs}); ` +
        `${fmt(JOBS)} jobs ${fmt(large.rps)} req/s (${fmt(large.ratio, 3)} of raw, p99 ${large.p99} ms; runs ${large.runs})${verdict}\n`,
    );
  }
} finally {
  cancelDeadline();
  raw?.stop();
  await server?.stop();
  await client.end().catch(() => {});
  await scratch.finish();
}
if (failed) {
  process.stdout.write('FAILED: some requests were answered with an error (see the rows above)\n');
  process.exit(1);
}
