// A job's page with 8 photos (GET /api/v1/jobs/:id, docs/api/photos.md) at the 100,000-jobs scale of
// marketplace-load.mjs: a scratch PostgreSQL database with that marketplace, 200 of its open jobs
// given 8 photos each (rows only: the page reads the rows, never the files) and a signed-in
// tradesperson. autocannon, 20 connections, Accept-Encoding: br, gzip and the session cookie, over the
// 200 jobs, beside raw node:http sending the same page's bytes in the same run; three runs, medians last.
// Target: at least 1,500 req/s.
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
  referenceServer,
  scratchDatabase,
  waitFor200,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = 20;
const JOBS_WITH_PHOTOS = 200;
const DEADLINE_MS = 30 * 60_000;

// A run that hangs is a failure, not a wait: the process exits 1 (npmStart kills its server).
const deadline = setTimeout(() => {
  process.stderr.write(`job-page-photos: no result within ${DEADLINE_MS / 60_000} minutes\n`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

const scratch = await scratchDatabase('tradenest_job_photos', 'job-page-photos');
await ensureWebBuild();
const reuse = await scratch.prepare();
const port = await freePort();
const env = loadServerEnv(scratch.url, port);
let server = npmStart(env, { deadlineMs: DEADLINE_MS });
await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
await server.stop();

const client = new pg.Client({ connectionString: scratch.url });
await client.connect();
await client.query('begin');
if (!reuse) {
  await fillMarketplace(client);
  // Eight photos on each of 200 open jobs, in order, half with captions.
  await client.query(`
    insert into photos (owner_id, job_id, position, caption, display_key, thumb_key, width, height, thumb_width, thumb_height, bytes)
    select j.customer_id, j.id, p, case when p % 2 = 0 then 'Photo ' || p || ' of the job' end,
           'photos/' || gen_random_uuid() || '/display.webp', 'photos/' || gen_random_uuid() || '/thumb.webp',
           1600, 1200, 400, 300, 250000
    from (select id, customer_id from job_postings where status = 'open' and title like 'Load test job %' order by id limit ${JOBS_WITH_PHOTOS}) j,
         generate_series(0, 7) p`);
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
await client.query('vacuum analyze');
const { rows: jobs } = await client.query(
  `select job_id as id from photos where job_id is not null group by job_id having count(*) = 8 limit ${JOBS_WITH_PHOTOS}`,
);
// The same page without photos, over as many other open jobs: what the photos cost, in the same run.
const { rows: bare } = await client.query(
  `select id from job_postings j where status = 'open' and not exists (select 1 from photos p where p.job_id = j.id) limit ${JOBS_WITH_PHOTOS}`,
);
const { rows: counts } = await client.query(
  `select (select count(*) from job_postings)::int jobs, (select count(*) from photos)::int photos`,
);
await client.end();
if (jobs.length === 0) throw new Error('no job with 8 photos was made');

server = npmStart({ ...env, DATABASE_POOL_MAX: '20' }, { deadlineMs: DEADLINE_MS });
await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
const base = `http://127.0.0.1:${port}`;
const headers = {
  cookie: `tn_session=${token}`,
  'accept-encoding': process.env.BENCH_ENCODING ?? 'br, gzip',
};

// One page, checked: its 8 photos in order, and the compressed bytes the reference will send.
const page = await fetch(`${base}/api/v1/jobs/${jobs[0].id}`, { headers: { cookie: headers.cookie } });
const body = await page.json();
if (page.status !== 200 || body.job.photos.length !== 8) {
  throw new Error(`the job page answered ${page.status} with ${body.job?.photos?.length} photos`);
}
// fetch decodes what it receives, so only the header tells how it was sent.
const encoding = (await fetch(`${base}/api/v1/jobs/${jobs[0].id}`, { headers })).headers.get(
  'content-encoding',
);
process.stdout.write(
  `${fmt(counts[0].jobs)} jobs, ${fmt(counts[0].photos)} photos; a page with 8 photos is ${fmt(JSON.stringify(body).length / 1024, 1)} KB of JSON\n`,
);

// Raw node:http sending the same page's JSON (uncompressed: what the platform does with no work at all).
const RAW_PAGE_SERVER = `
const http = require('node:http');
const body = Buffer.from(process.argv[1]);
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
`;
const raw = await referenceServer(RAW_PAGE_SERVER, [JSON.stringify(body)]);

const results = new Map();
async function load(label, url, requests) {
  await autocannon({ url, connections: CONNECTIONS, duration: 3, headers, requests });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, requests });
  const wrong = r.non2xx + r.errors + r.timeouts;
  if (wrong > 0) throw new Error(`${label}: ${wrong} requests not 2xx under load`);
  if (!results.has(label)) results.set(label, []);
  results.get(label).push({ rps: r.requests.average, p99: r.latency.p99 });
  process.stdout.write(
    `${label.padEnd(40)} ${fmt(r.requests.average)} req/s   p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms\n`,
  );
}

let i = 0;
try {
  process.stdout.write(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s after 3 s, Accept-Encoding: br, gzip (answered ${encoding ?? 'uncompressed'}), ${RUNS} runs (target: >= 1,500 req/s)\n`,
  );
  for (let run = 1; run <= RUNS; run++) {
    process.stdout.write(`\nrun ${run} of ${RUNS}\n`);
    await load('raw node:http, same page', raw.url, [{ method: 'GET', path: '/' }]);
    await load(`GET /api/v1/jobs/:id, no photos (${bare.length} ids)`, base, [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: `/api/v1/jobs/${bare[i++ % bare.length].id}` }),
      },
    ]);
    await load(`GET /api/v1/jobs/:id, 8 photos (${jobs.length} ids)`, base, [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: `/api/v1/jobs/${jobs[i++ % jobs.length].id}` }),
      },
    ]);
  }
  process.stdout.write(`\nmedian of ${RUNS} runs\n`);
  for (const [label, runs] of results) {
    process.stdout.write(
      `${label.padEnd(40)} ${fmt(median(runs.map((r) => r.rps)))} req/s   p99 ${fmt(median(runs.map((r) => r.p99)))} ms\n`,
    );
  }
} finally {
  raw.stop();
  await server.stop();
  await scratch.finish();
  clearTimeout(deadline);
}
