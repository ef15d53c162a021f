// Load on the two busiest marketplace reads, the open-jobs list and job detail, against PostgreSQL
// holding 100,000 jobs and 20,000 tradespeople. The server runs as its own process (`npm start` with
// DATABASE_URL); autocannon runs here, a second process, over 127.0.0.1.
// Target: at least 2,000 requests/s with p99 under 50 ms for each, on 2 cores.
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
  scratchDatabase,
  waitFor200,
} from './lib.mjs';

const DB = 'tradenest_load';
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const scratch = await scratchDatabase(DB, 'marketplace-load');
const dbUrl = scratch.url;

await ensureWebBuild();
// BENCH_REUSE=1 keeps a database filled by an earlier run with BENCH_KEEP=1 (iterating on the server).
const reuse = await scratch.prepare();

// Start once to migrate (no demo data; a reused database gets any newer migration before its plans
// are printed), then fill the tables with SQL in bulk.
const port = await freePort();
const env = loadServerEnv(dbUrl, port);
const fillStarted = performance.now();
const client = new pg.Client({ connectionString: dbUrl });
let server = npmStart(env);
await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
await server.stop();
if (!reuse) {
  await client.connect();
  await client.query('begin');
  await fillMarketplace(client);
} else {
  await client.connect();
  await client.query('begin');
}
const token = randomBytes(32).toString('base64url');
const {
  rows: [viewer],
} = await client.query(`select p.id from profiles p where p.user_type = 'tradesperson' limit 1`);
await client.query(
  `insert into sessions (token_hash, user_id, idle_expires_at, absolute_expires_at) values ($1, $2, now() + interval '1 day', now() + interval '1 day')`,
  [createHash('sha256').update(token).digest('hex'), viewer.id],
);
await client.query('commit');
// Fresh statistics and visibility map, as autovacuum would leave tables that have settled: measuring
// while autovacuum works through 100,000 new rows measures autovacuum.
await client.query('vacuum analyze');
const { rows: openIds } = await client.query(
  `select id from job_postings where status = 'open' order by random() limit 500`,
);
const counts = (
  await client.query(
    `select (select count(*) from job_postings) jobs, (select count(*) from tradesperson_profiles) tradespeople, (select count(*) from quotes) quotes`,
  )
).rows[0];
process.stdout.write(
  `filled in ${fmt((performance.now() - fillStarted) / 1000, 1)} s: ${counts.jobs} jobs, ${counts.tradespeople} tradespeople, ${counts.quotes} quotes\n`,
);

// The plans of the list's page and count queries, to show they use the partial index.
for (const [label, text] of [
  [
    'open-jobs page shared by every viewer (kept for OPEN_JOBS_CACHE_MS)',
    `explain select j.id from job_postings j join profiles p on p.id = j.customer_id join users u on u.id = j.customer_id where j.status = 'open' order by j.created_at desc, j.id desc limit 31`,
  ],
  [
    "each viewer's overlay (quoted jobs among the page's, base)",
    `explain select coalesce((select array_agg(job_id) from quotes where tradesperson_id = '${viewer.id}' and job_id = any(array(select id from job_postings limit 31))), '{}'), me.base_lat from (select 1) one left join tradesperson_profiles me on me.user_id = '${viewer.id}'`,
  ],
  [
    "a viewer's own page (when the shared one runs short)",
    `explain select * from job_postings where status = 'open' and (live_quote_count < 3 or exists (select 1 from quotes where quotes.job_id = job_postings.id and quotes.tradesperson_id = '${viewer.id}')) and customer_id <> '${viewer.id}' order by created_at desc, id desc limit 21`,
  ],
  ['job by id', `explain select * from job_postings where id = '${openIds[0].id}'`],
]) {
  const plan = (await client.query(text)).rows.map((r) => r['QUERY PLAN']).join('\n    ');
  process.stdout.write(`\nplan, ${label}:\n    ${plan}\n`);
}
await client.end();

server = npmStart({ ...env, DATABASE_POOL_MAX: '20' }, { deadlineMs: 30 * 60_000 });
await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
const headers = { cookie: `tn_session=${token}` };

// BENCH_ONLY=list,nearby,detail runs a subset.
const only = process.env.BENCH_ONLY?.split(',');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const results = new Map(); // label -> [{ rps, p50, p99, wrong }]
// BENCH_ONLY names keys: yardstick, list, nearby, detail.
async function load(key, label, requests, url = `http://127.0.0.1:${port}`) {
  if (only && !only.includes(key) && key !== 'raw') return;
  // Warm up (JIT, pool, caches) before measuring.
  await autocannon({ url, connections: CONNECTIONS, duration: 3, headers, requests });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, requests });
  const non2xx = r.non2xx + r.errors;
  if (!results.has(label)) results.set(label, []);
  results.get(label).push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, wrong: non2xx });
  process.stdout.write(
    `${label.padEnd(34)} ${fmt(r.requests.average)} req/s   latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms   (${r.requests.total} requests, ${non2xx} not 2xx)${non2xx ? '   FAILED: errors are not throughput' : ''}\n`,
  );
}

process.stdout.write(
  `\nautocannon: ${CONNECTIONS} connections, ${DURATION} s each, after a 3 s warm-up, ${RUNS} runs (target: >= 2,000 req/s, p99 < 50 ms)\n`,
);
let i = 0;
const raw = await referenceServer(RAW_OK_SERVER);
try {
  for (let run = 1; run <= RUNS; run++) {
    process.stdout.write(`\nrun ${run} of ${RUNS}\n`);
    // The platform's limit in this run, and a yardstick for the machine: the same server answering a
    // request that touches no database. Figures from different days or machines compare through them.
    await load('raw', 'raw node:http {"status":"ok"}', [{ method: 'GET', path: '/' }], raw.url);
    await load('yardstick', 'GET /api/health (no database)', [{ method: 'GET', path: '/api/health' }]);
    await load('list', 'GET /api/v1/jobs/open', [{ method: 'GET', path: '/api/v1/jobs/open' }]);
    await load('nearby', 'GET /api/v1/jobs/open?filter=nearby', [
      { method: 'GET', path: '/api/v1/jobs/open?filter=nearby' },
    ]);
    await load('detail', 'GET /api/v1/jobs/:id (500 ids)', [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: `/api/v1/jobs/${openIds[i++ % openIds.length].id}` }),
      },
    ]);
  }
  process.stdout.write(`\nmedian of ${RUNS} runs\n`);
  for (const [label, runs] of results) {
    const rps = median(runs.map((r) => r.rps));
    const p99 = median(runs.map((r) => r.p99));
    const wrong = runs.reduce((s, r) => s + r.wrong, 0);
    const target = label.includes('/api/v1/')
      ? rps >= 2000 && p99 < 50 && !wrong
        ? '   met'
        : '   NOT MET'
      : '';
    process.stdout.write(
      `${label.padEnd(34)} ${fmt(rps)} req/s   p50 ${median(runs.map((r) => r.p50))} ms, p99 ${p99} ms   (runs: ${runs.map((r) => fmt(r.rps)).join(' / ')})${target}\n`,
    );
  }
} finally {
  raw.stop();
  await server.stop();
  if (process.env.BENCH_KEEP) process.stdout.write(`session cookie tn_session=${token}\n`);
  await scratch.finish();
}
