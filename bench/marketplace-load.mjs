// Load on the two busiest marketplace reads, the open-jobs list and job detail, against PostgreSQL
// holding 100,000 jobs and 20,000 tradespeople. The server runs as its own process (`npm start` with
// DATABASE_URL); autocannon runs here, a second process, over 127.0.0.1.
// Target: at least 2,000 requests/s with p99 under 50 ms for each, on 2 cores.
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { fmt, freePort, loadServerEnv, npmStart, scratchDatabase, waitFor200 } from './lib.mjs';

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
  // Districts with real centroids, so distances and the nearby filter do real work.
  const { rows: places } = await client.query(`select * from (values
    ('M1', 53.4777, -2.2367), ('M4', 53.4850, -2.2300), ('SW1A', 51.5020, -0.1339), ('E1', 51.5160, -0.0590),
    ('B1', 52.4796, -1.9078), ('LS1', 53.7974, -1.5531), ('G1', 55.8605, -4.2491), ('EH1', 55.9523, -3.1921),
    ('CF10', 51.4737, -3.1773), ('BS1', 51.4530, -2.5930), ('NE1', 54.9725, -1.6130), ('L1', 53.4010, -2.9800)
  ) as t(outcode, lat, lng)`);
  await client.query('begin');
  await client.query(`
    insert into users (id, email, password_hash, email_verified_at)
    select gen_random_uuid(), 'load-' || i || '@example.test', '!', case when i % 3 = 0 then null else now() end
    from generate_series(1, 40000) i`);
  await client.query(`
    insert into profiles (id, full_name, user_type)
    select id, 'Load User ' || substr(email, 6, 5), case when substr(email, 6)::text ~ '^[0-9]+@' and split_part(substr(email, 6), '@', 1)::int <= 20000 then 'tradesperson' else 'customer' end
    from users`);
  await client.query('insert into user_settings (user_id) select id from users');
  await client.query(`
    insert into tradesperson_profiles (user_id, trade, base_lat, base_lng, service_radius_miles, verified)
    select p.id, 'Plumber', 53.48 + (random() - 0.5), -2.24 + (random() - 0.5), 25, random() < 0.8
    from profiles p where p.user_type = 'tradesperson'`);
  await client.query(`
    with customers as (select id, row_number() over () as n from profiles where user_type = 'customer'),
         places as (select *, row_number() over () - 1 as n from (values ${places.map((p) => `('${p.outcode}', ${p.lat}, ${p.lng})`).join(', ')}) as v(outcode, lat, lng))
    insert into job_postings (customer_id, title, category, description, budget_min, budget_max, postcode, outcode, lat, lng, status, created_at)
    select c.id, 'Load test job ' || i, 'Plumbing', 'A realistic description of a plumbing job that needs doing soon, number ' || i || '.',
           5000, 20000, pl.outcode || ' 1AA', pl.outcode, pl.lat + (random() - 0.5) * 0.05, pl.lng + (random() - 0.5) * 0.05,
           case when i % 10 < 6 then 'open' when i % 10 < 8 then 'in_progress' when i % 10 < 9 then 'completed' else 'cancelled' end,
           now() - (random() * interval '90 days')
    from generate_series(1, 100000) i
    join customers c on c.n = 1 + (i % 20000)
    join places pl on pl.n = i % ${places.length}`);
  // Some quotes, so detail pages and the quote-count logic have rows to read.
  await client.query(`
    with tps as (select user_id, row_number() over () as n from tradesperson_profiles),
         jobs as (select id, row_number() over (order by created_at) as n from job_postings where status = 'open' limit 30000)
    insert into quotes (job_id, tradesperson_id, amount, message)
    select j.id, t.user_id, 15000, 'Happy to help with this.' from jobs j join tps t on t.n = 1 + (j.n * 7 % 20000)`);
  await client.query(
    `update job_postings j set live_quote_count = q.n from (select job_id, count(*) n from quotes group by job_id) q where q.job_id = j.id`,
  );
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

server = npmStart({ ...env, DATABASE_POOL_MAX: '20' });
await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
const headers = { cookie: `tn_session=${token}` };

// BENCH_ONLY=list,nearby,detail runs a subset.
const only = process.env.BENCH_ONLY?.split(',');
// BENCH_ONLY names keys: yardstick, list, nearby, detail.
async function load(key, label, requests) {
  if (only && !only.includes(key)) return;
  // Warm up (JIT, pool, caches) before measuring.
  await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: 3,
    headers,
    requests,
  });
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests,
  });
  const non2xx = r.non2xx + r.errors;
  process.stdout.write(
    `${label.padEnd(34)} ${fmt(r.requests.average)} req/s   latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms   (${r.requests.total} requests, ${non2xx} not 2xx)${non2xx ? '   FAILED: errors are not throughput' : ''}\n`,
  );
}

process.stdout.write(
  `\nautocannon: ${CONNECTIONS} connections, ${DURATION} s each, after a 3 s warm-up (target: >= 2,000 req/s, p99 < 50 ms)\n`,
);
let i = 0;
try {
  // A yardstick for the machine: the same server answering a request that touches no database.
  // Figures from different days or machines compare through it.
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
} finally {
  await server.stop();
  if (process.env.BENCH_KEEP) process.stdout.write(`session cookie tn_session=${token}\n`);
  await scratch.finish();
}
