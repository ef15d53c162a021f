// The tradesperson's private calendar feed (GET /api/v1/calendar/feed/<token>.ics, docs/api/scheduling.md)
// for a tradesperson with a year of bookings: three a working day from 90 days ago to 275 days ahead
// (~780), 100 of them with two milestones, a few cancelled, time off and a working pattern. Measured on
// the embedded default (PGlite in DATA_DIR) and on PostgreSQL, each in a server of its own (`npm start`):
// latency of sequential requests on one keep-alive connection, then autocannon at 20 connections
// asking for br or gzip, each beside raw node:http sending the same bytes in the same run.
// Target: under 20 ms.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
  fmt,
  freePort,
  loadServerEnv,
  npmStart,
  referenceServer,
  scratchDatabase,
  waitFor200,
} from './lib.mjs';

const SEQUENTIAL = Number(process.env.BENCH_REQUESTS ?? 300);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const DEADLINE_MS = 10 * 60_000;

// A run that hangs is a failure, not a wait: everything is stopped and the process exits 1.
const deadline = setTimeout(() => {
  process.stderr.write(`calendar-feed: no result within ${DEADLINE_MS / 60_000} minutes\n`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

const token = randomBytes(32).toString('base64url');
const tokenHash = createHash('sha256').update(token).digest('hex');
const feedPath = `/api/v1/calendar/feed/${token}.ics`;

// The tradesperson's year, in SQL: the same statements fill either database.
const FILL = [
  `insert into users (id, email, password_hash, email_verified_at)
   select gen_random_uuid(), 'feed-' || i || '@example.test', '!', now() from generate_series(0, 250) i`,
  `insert into profiles (id, full_name, user_type)
   select id, case when email = 'feed-0@example.test' then 'Tom Pipes' else 'Customer' || substr(email, 6, 3) || ' Surname' end,
          case when email = 'feed-0@example.test' then 'tradesperson' else 'customer' end
   from users where email like 'feed-%@example.test'`,
  `insert into user_settings (user_id) select id from users where email like 'feed-%@example.test'`,
  `insert into tradesperson_profiles (user_id, trade, base_lat, base_lng, service_radius_miles, verified)
   select id, 'Plumber', 53.4777, -2.2367, 25, true from users where email = 'feed-0@example.test'`,
  `create temporary table feed_days as
   select d::date as day, row_number() over (order by d) as n
   from generate_series(current_date - 89, current_date + 275, interval '1 day') d
   where extract(isodow from d) < 6`,
  `create temporary table feed_slots as
   select day, n * 3 + s as k, s from feed_days, generate_series(0, 2) s`,
  `insert into job_postings (customer_id, title, category, description, budget_min, budget_max, postcode, outcode, lat, lng, status, created_at)
   select (select id from users where email = 'feed-' || (1 + k % 250) || '@example.test'),
          'Calendar job ' || k, 'Plumbing', 'A plumbing job booked for the calendar benchmark, number ' || k || '.',
          5000, 50000, 'M1 1AE', 'M1', 53.4777, -2.2367,
          case when day < current_date then 'completed' else 'in_progress' end, now() - interval '120 days'
   from feed_slots`,
  `insert into quotes (job_id, tradesperson_id, amount, message, status)
   select j.id, (select id from users where email = 'feed-0@example.test'), 30000, 'Happy to help with this.', 'accepted'
   from job_postings j where j.title like 'Calendar job %'`,
  `insert into bookings (job_id, quote_id, customer_id, tradesperson_id, amount, status, scheduled_date, confirmed_at, completed_at, cancelled_at)
   select j.id, q.id, j.customer_id, q.tradesperson_id, 30000, st.status, s.day,
          case when st.status not in ('pending', 'cancelled') then now() end,
          case when st.status = 'completed' then now() end,
          case when st.status = 'cancelled' then now() end
   from job_postings j
   join quotes q on q.job_id = j.id
   join feed_slots s on j.title = 'Calendar job ' || s.k
   cross join lateral (select case
     when s.k % 41 = 0 then 'cancelled'
     when s.k % 53 = 0 then 'disputed'
     when s.day < current_date then 'completed'
     when s.k % 5 = 0 then 'pending'
     else 'confirmed' end as status) st`,
  `insert into payment_milestones (booking_id, milestone_index, title, amount, platform_fee_amount, due_date)
   select b.id, i, case i when 0 then 'First fix' else 'Second fix' end, 15000, 2250, b.scheduled_date + i * 3
   from (select id, scheduled_date from bookings where status <> 'cancelled' and tradesperson_id = (select id from users where email = 'feed-0@example.test') order by scheduled_date limit 100) b,
        generate_series(0, 1) i`,
  `insert into time_off (tradesperson_id, starts_on, ends_on, note)
   select (select id from users where email = 'feed-0@example.test'), current_date + w * 56, current_date + w * 56 + 4, 'Away'
   from generate_series(-1, 4) w`,
  `insert into tradesperson_availability (tradesperson_id, weekly_pattern, lead_time_days, jobs_per_day)
   select id, '[{"weekday":1,"start":"08:00","end":"17:00"},{"weekday":2,"start":"08:00","end":"17:00"},{"weekday":3,"start":"08:00","end":"17:00"},{"weekday":4,"start":"08:00","end":"17:00"},{"weekday":5,"start":"08:00","end":"17:00"}]', 1, 3
   from users where email = 'feed-0@example.test'`,
  `insert into calendar_feeds (tradesperson_id, token_hash)
   select id, '${tokenHash}' from users where email = 'feed-0@example.test'`,
];

/** Runs the fill in one transaction through `query`, and answers how many bookings the feed shows. */
async function fill(query) {
  await query('begin');
  for (const statement of FILL) await query(statement);
  await query('commit');
  const { rows } = await query(
    `select count(*)::int as n from bookings b join users u on u.id = b.tradesperson_id where u.email = 'feed-0@example.test' and b.status <> 'cancelled'`,
  );
  return rows[0].n;
}

async function fillEmbedded(dataDir) {
  register();
  const { openDatabase, embeddedDatabaseDir } = await import('../server/db/client.ts');
  const handle = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(dataDir) });
  try {
    return await fill((text) => handle.client.query(text));
  } finally {
    await handle.close();
  }
}

async function fillPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const bookings = await fill((text) => client.query(text));
    // Statistics and visibility map as autovacuum leaves a settled database (the embedded one has none).
    await client.query('vacuum analyze');
    return bookings;
  } finally {
    await client.end();
  }
}

const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** `count` requests one after another on one keep-alive connection; sorted latencies in ms. */
async function sequential(base, urlPath, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      http
        .get(`${base}${urlPath}`, { agent }, (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(performance.now() - started)
              : reject(new Error(`${urlPath} answered ${res.statusCode}`)),
          );
        })
        .on('error', reject);
    });
  try {
    for (let i = 0; i < 20; i++) await once(); // warm-up: JIT, pool, prepared statements
    const times = [];
    for (let i = 0; i < count; i++) times.push(await once());
    return times.sort((a, b) => a - b);
  } finally {
    agent.destroy();
  }
}

async function underLoad(base, urlPath) {
  const options = {
    url: `${base}${urlPath}`,
    connections: CONNECTIONS,
    headers: { 'accept-encoding': 'br, gzip' },
  };
  await autocannon({ ...options, duration: 2 });
  const r = await autocannon({ ...options, duration: DURATION });
  if (r.non2xx + r.errors + r.timeouts > 0) {
    throw new Error(`${urlPath}: ${r.non2xx} not 2xx, ${r.errors} errors, ${r.timeouts} timeouts under load`);
  }
  return r;
}

function print(label, times, r) {
  process.stdout.write(
    `${label.padEnd(30)} sequential p50 ${fmt(at(times, 0.5), 2)} ms, p95 ${fmt(at(times, 0.95), 2)} ms, p99 ${fmt(at(times, 0.99), 2)} ms` +
      `   |  ${CONNECTIONS} connections: ${fmt(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms\n`,
  );
}

// The same bytes from raw node:http in a process of its own: what this machine does with no work at all.
const RAW_FEED_SERVER = `
const http = require('node:http');
const body = require('node:fs').readFileSync(process.argv[1]);
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
`;

/** Starts the app on `env`, checks the feed, measures it and the raw reference; returns nothing. */
async function measure(label, env, port, expectedBookings) {
  const server = npmStart(env, { deadlineMs: DEADLINE_MS });
  let reference;
  const scratchFile = path.join(tmpdir(), `tradenest-feed-${process.pid}.ics`);
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
    const base = `http://127.0.0.1:${port}`;
    const res = await fetch(`${base}${feedPath}`, { headers: { 'accept-encoding': 'identity' } });
    const body = await res.text();
    const events = body.match(/^UID:booking-/gm)?.length ?? 0;
    if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/calendar')) {
      throw new Error(`${label}: the feed answered ${res.status} ${res.headers.get('content-type')}`);
    }
    if (events !== expectedBookings) {
      throw new Error(`${label}: the feed has ${events} bookings, the database ${expectedBookings}`);
    }
    process.stdout.write(
      `\n${label}: ${fmt(events)} bookings, ${fmt(body.match(/^BEGIN:VEVENT/gm).length)} events, ${fmt(Buffer.byteLength(body) / 1024)} KB\n`,
    );
    writeFileSync(scratchFile, body);
    reference = await referenceServer(RAW_FEED_SERVER, [scratchFile]);
    print(
      '  raw node:http, same bytes',
      await sequential(reference.url, '/', SEQUENTIAL),
      await underLoad(reference.url, '/'),
    );
    print(
      '  GET /calendar/feed/<token>.ics',
      await sequential(base, feedPath, SEQUENTIAL),
      await underLoad(base, feedPath),
    );
  } finally {
    reference?.stop();
    rmSync(scratchFile, { force: true });
    await server.stop();
  }
}

await ensureWebBuild();
process.stdout.write(
  `calendar feed: ${SEQUENTIAL} sequential requests (after 20 untimed), then autocannon ${CONNECTIONS} connections for ${DURATION} s with Accept-Encoding: br, gzip (target: under 20 ms)\n`,
);

// The embedded default: migrate with a first start, fill while it is stopped (one owner at a time).
const dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-feed-'));
try {
  const port = await freePort();
  const env = { ...loadServerEnv(undefined, port), DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const first = npmStart(env, { deadlineMs: DEADLINE_MS });
  await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
  await first.stop();
  const bookings = await fillEmbedded(dataDir);
  await measure('embedded (PGlite)', env, port, bookings);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const scratch = await scratchDatabase('tradenest_calendar_feed', 'calendar-feed');
await scratch.prepare();
try {
  const port = await freePort();
  const env = loadServerEnv(scratch.url, port);
  const first = npmStart(env, { deadlineMs: DEADLINE_MS });
  await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
  await first.stop();
  const bookings = await fillPostgres(scratch.url);
  await measure('PostgreSQL', env, port, bookings);
} finally {
  await scratch.finish();
}
clearTimeout(deadline);
