// Radius search for tradespeople (GET /api/v1/tradespeople?service=&location=) against PostgreSQL
// holding 1,000,000 tradespeople (BENCH_TRADESPEOPLE), generated in the database with set-based SQL,
// spread over the real postcode districts in proportion to their number of postcodes, ~85% verified,
// service radius 5-30 miles, some with reviews. Prints the query plans, times the search statements in
// the database over 1,000 random locations, then loads the endpoint end to end: the server runs as
// its own process (`npm start` with DATABASE_URL), autocannon runs here, BENCH_RUNS runs (3 by default) each beside raw node:http, with the headers a browser
// sends (`Accept-Encoding: br, gzip`); medians last. Non-2xx answers fail the run (exit 1), and so
// does a 45-minute deadline (BENCH_DEADLINE_S).
// Targets (issue 40): database p95 ≤ 10 ms; the search end to end ≥ 10% of raw node:http's req/s in the
// same run (and the older ≥ 1,000 req/s with p99 < 50 ms).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
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

const DB = process.env.BENCH_DB ?? 'tradenest_search';
const TRADESPEOPLE = Number(process.env.BENCH_TRADESPEOPLE ?? 1_000_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SAMPLES = 1_000;
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_S ?? 45 * 60) * 1000;

const scratch = await scratchDatabase(DB, 'tradesperson-search');
const dbUrl = scratch.url;
const failures = []; // every reason the run exits 1
let server;
let raw;
const cancelDeadline = runDeadline(DEADLINE_MS, async () => {
  raw?.stop();
  await server?.stop();
  await scratch.finish();
});

// A small seeded generator, so that two runs fill the same data and pick the same locations.
let seed = 20_261_122;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = (list) => list[Math.floor(random() * list.length)];

// Real districts, weighted by how many postcodes they hold (where people live). PO-box and
// large-user districts with a handful of postcodes are left out.
const districts = readFileSync(new URL('../data/uk-postcodes/districts.csv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [district, lat, lng, postcodes, ...place] = line.split(',');
    return {
      district,
      lat: Number(lat),
      lng: Number(lng),
      postcodes: Number(postcodes),
      place: place.join(','),
    };
  })
  .filter((d) => d.postcodes >= 50);
const cumulative = [];
let totalWeight = 0;
for (const d of districts) {
  totalWeight += d.postcodes;
  cumulative.push(totalWeight);
}
function weightedDistrict() {
  const target = random() * totalWeight;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return districts[lo];
}

const TRADES = {
  Plumber: ['Boiler repairs', 'Bathroom fitting', 'Leak detection', 'Radiator installation'],
  Electrician: ['Full rewires', 'EV charger installation', 'Fault finding', 'Lighting'],
  Carpenter: ['Kitchen fitting', 'Doors and skirting', 'Decking', 'Built-in wardrobes'],
  Builder: ['Extensions', 'Loft conversions', 'Brickwork', 'Renovations'],
  'Painter & Decorator': ['Interior painting', 'Wallpapering', 'Exterior painting', 'Spray finishing'],
  Roofer: ['Flat roofs', 'Slate repairs', 'Guttering', 'Chimney repairs'],
  Plasterer: ['Skimming', 'Rendering', 'Dry lining', 'Artex removal'],
  Landscaper: ['Patios', 'Fencing', 'Turfing', 'Garden design'],
  'Gas Engineer': ['Boiler servicing', 'Gas safety certificates', 'Cooker installation', 'Boiler repairs'],
  'Heating Engineer': ['Central heating', 'Boiler installation', 'Underfloor heating', 'Power flushing'],
};
const TRADE_NAMES = Object.keys(TRADES);
const FIRST = ['Sam', 'Alex', 'Jo', 'Chris', 'Priya', 'Tom', 'Aisha', 'Dan', 'Ellie', 'Mo', 'Kate', 'Liam'];
const LAST = ['Smith', 'Jones', 'Patel', 'Brown', 'Taylor', 'Wilson', 'Khan', 'Evans', 'Walker', 'Wright'];

await ensureWebBuild();
// BENCH_REUSE=1 keeps a database filled by an earlier run with BENCH_KEEP=1 (iterating on the server).
const reuse = await scratch.prepare();

const port = await freePort();
const env = loadServerEnv(dbUrl, port);
const client = new pg.Client({ connectionString: dbUrl });
const fillStarted = performance.now();
try {
  // Start once to migrate (no demo data; a reused database gets any newer migration before its
  // plans are printed), then fill the tables with SQL in bulk.
  server = npmStart(env);
  await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
  await server.stop();
  server = undefined;
  if (!reuse) {
    await client.connect();
    await client.query('begin');
    // Generated in the database (set-based, seeded), not sent from here: a million rows as query
    // parameters would be hundreds of megabytes. Districts are picked by their postcode weight: each
    // owns the interval [lo, hi) of the running total, and a random point finds its district through
    // the index on lo.
    await client.query(
      `create temp table districts as
       select district, lat, lng, place,
              (sum(postcodes) over (order by district) - postcodes)::float8 as lo
       from unnest($1::text[], $2::float8[], $3::float8[], $4::int[], $5::text[]) as t(district, lat, lng, postcodes, place)`,
      [
        districts.map((d) => d.district),
        districts.map((d) => d.lat),
        districts.map((d) => d.lng),
        districts.map((d) => d.postcodes),
        districts.map((d) => d.place),
      ],
    );
    await client.query('create index on districts (lo)');
    await client.query(
      `create temp table trades as
       select k::int, trade, specialties from unnest($1::text[], $2::text[]) with ordinality as t(trade, specialties, k)`,
      [TRADE_NAMES, TRADE_NAMES.map((t) => `{${TRADES[t].map((x) => `"${x}"`).join(',')}}`)],
    );
    await client.query('analyze districts, trades');
    await client.query('select setseed(0.2026)');
    await client.query(
      `create temp table fill as
       select gen_random_uuid() as id, g.n, t.trade, d.lat + (random() - 0.5) * 0.04 as lat,
              d.lng + (random() - 0.5) * 0.06 as lng, d.district || ' 1AA' as postcode,
              5 + floor(random() * 26)::int as radius, random() < 0.85 as verified, d.place as area,
              array(select s from unnest(t.specialties::text[]) s where random() < 0.6 and g.n >= 0)::text as specialties,
              25 + floor(random() * 40)::int as rate_min, random() * 730 as age_days,
              ($3::text[])[1 + floor(random() * cardinality($3::text[]))::int] || ' ' ||
                ($4::text[])[1 + floor(random() * cardinality($4::text[]))::int] as name
       from (select n, random() * $2 as w, 1 + floor(random() * 10)::int as k from generate_series(0, $1::int - 1) n) g
       cross join lateral (select * from districts where lo <= g.w order by lo desc limit 1) d
       join trades t on t.k = g.k`,
      [TRADESPEOPLE, totalWeight, FIRST, LAST],
    );
    await client.query(`
      insert into users (id, email, password_hash, email_verified_at, created_at, suspended_at)
      select id, 'pro-' || n || '@example.test', '!', now(), now() - age_days * interval '1 day',
             case when n % 200 = 0 then now() end
      from fill`);
    await client.query(`
      insert into profiles (id, full_name, user_type, postcode, created_at)
      select id, name, 'tradesperson', postcode, now() - age_days * interval '1 day' from fill`);
    // A few hide their profile (Settings), so the visibility check has something to do.
    await client.query(
      'insert into user_settings (user_id, profile_visible) select id, n % 50 <> 0 from fill',
    );
    await client.query(`
      insert into tradesperson_profiles (user_id, trade, bio, hourly_rate_min, hourly_rate_max, years_experience,
        specialties, service_areas, base_postcode, base_lat, base_lng, service_radius_miles, verified, created_at)
      select id, trade, 'Reliable ' || lower(trade) || ' covering ' || area || ' and around.', rate_min, rate_min + 20,
             1 + n % 30, specialties::text[], array[area], postcode, lat, lng, radius, verified,
             now() - age_days * interval '1 day'
      from fill`);

    // Customers and, for about one tradesperson in five, one to three real reviews (job, accepted
    // quote, completed and paid booking, review): the rating trigger keeps the totals on profiles.
    await client.query(`
      insert into users (id, email, password_hash, email_verified_at)
      select gen_random_uuid(), 'customer-' || i || '@example.test', '!', now() from generate_series(1, 10000) i`);
    await client.query(`
      insert into profiles (id, full_name, user_type)
      select id, 'Customer ' || substr(email, 10, 5), 'customer' from users where email like 'customer-%'`);
    await client.query(
      `insert into user_settings (user_id) select id from users where email like 'customer-%'`,
    );
    await client.query(`
      create temp table chain as
      with customers as materialized (select array_agg(id order by email) as ids from users where email like 'customer-%')
      select gen_random_uuid() as job_id, gen_random_uuid() as quote_id, gen_random_uuid() as booking_id,
             f.id as tradesperson_id, c.ids[1 + (f.n * 7 + r) % 10000] as customer_id, f.postcode, f.lat, f.lng,
             (array[5, 5, 5, 5, 5, 4, 4, 4, 3, 2])[1 + floor(random() * 10)::int] as rating
      from fill f
      cross join lateral generate_series(1, 1 + f.n % 3) r
      cross join customers c
      where f.n % 5 = 0`);
    await client.query(`
      insert into job_postings (id, customer_id, title, category, description, postcode, outcode, lat, lng, status)
      select job_id, customer_id, 'A finished job', 'Plumbing', 'Work that was done, paid for and reviewed.',
             postcode, split_part(postcode, ' ', 1), lat, lng, 'completed'
      from chain`);
    await client.query(`
      insert into quotes (id, job_id, tradesperson_id, amount, message, status)
      select quote_id, job_id, tradesperson_id, 20000, 'Happy to help.', 'accepted' from chain`);
    await client.query(`
      insert into bookings (id, job_id, quote_id, customer_id, tradesperson_id, amount, status, deposit_paid,
                            confirmed_at, completed_at)
      select booking_id, job_id, quote_id, customer_id, tradesperson_id, 20000, 'completed', true, now(), now()
      from chain`);
    await client.query(`
      insert into reviews (booking_id, reviewer_id, reviewee_id, rating, comment, published_at, reveal_due_at)
      select booking_id, customer_id, tradesperson_id, rating, 'Good work.', now(), now() from chain`);
    await client.query('commit');
  } else {
    await client.connect();
  }
  // Fresh statistics and visibility map, as autovacuum would leave a table that has settled.
  await client.query('vacuum analyze');

  const counts = (
    await client.query(`select count(*)::int as tradespeople, count(*) filter (where verified)::int as verified,
      (select count(*)::int from reviews) as reviews from tradesperson_profiles`)
  ).rows[0];
  process.stdout.write(
    `filled in ${fmt((performance.now() - fillStarted) / 1000, 1)} s: ${fmt(counts.tradespeople)} tradespeople (${fmt(counts.verified)} verified) in ${fmt(districts.length)} districts, ${fmt(counts.reviews)} reviews\n`,
  );

  // The exact statement the server prepares for a search, as Drizzle writes it: the repository is run
  // against a stand-in client that records each query instead of sending it.
  register();
  const [{ drizzle }, repository, { TRADESPEOPLE_COUNT_CAP }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('../server/modules/discovery/tradespeople.repository.ts'),
    import('../domain/discovery/search.ts'),
  ]);
  let recorded;
  const recorder = drizzle({
    client: {
      query: async (query, values) => {
        recorded = { text: query.text, values };
        return { rows: [], fields: [] };
      },
    },
  });
  const plumbers = {
    viewerId: null,
    categoryTrades: null,
    serviceTrades: ['Plumber'],
    servicePattern: '%plumber%',
    limit: 20,
    offset: 0,
  };
  // Recorded one at a time: the recorder keeps only the latest query.
  const record = async (run) => {
    await run(recorder);
    return { text: recorded.text, values: recorded.values };
  };
  // The server's plan for 'plumber': the Plumber indexes, and specialties through the trigram index
  // (no specialty contains the word in this data).
  const plumberPlan = { trades: ['Plumber'], specialties: 'few' };
  const near = (location) => ({ ...plumbers, lat: location.lat, lng: location.lng, nearbyMiles: 10 });

  // The plan the server settles on: a prepared statement soon runs its generic plan (bound values
  // unknown when planning), so that is the one shown, executed once with these values.
  const literal = (v) =>
    v === null
      ? 'null'
      : Array.isArray(v)
        ? `array[${v.map(literal).join(',')}]::text[]`
        : typeof v === 'string'
          ? `'${v.replaceAll("'", "''")}'`
          : String(v);
  const explain = async (label, { text, values }) => {
    await client.query('set plan_cache_mode = force_generic_plan');
    await client.query(`prepare plan_check as ${text}`);
    const plan = await client.query(
      `explain (analyze, buffers) execute plan_check(${(values ?? []).map(literal).join(', ')})`,
    );
    await client.query('deallocate plan_check');
    await client.query('reset plan_cache_mode');
    process.stdout.write(`\nplan, ${label}:\n    ${plan.rows.map((r) => r['QUERY PLAN']).join('\n    ')}\n`);
  };
  const densest = districts.find((d) => d.district === 'SW1A');
  // A search counts first, no further than the cap, then reads its page: walking nearest first where
  // the count passed the cap (as at SW1A), else sorting every match (searchNearPage).
  await explain(
    `search, service=plumber at SW1A (central London, the densest): the count, up to ${fmt(TRADESPEOPLE_COUNT_CAP + 1)}`,
    await record((db) => repository.countNear(db, near(densest), 'all', plumberPlan, TRADESPEOPLE_COUNT_CAP)),
  );
  await explain(
    'search, service=plumber at SW1A: the page, walked nearest first',
    await record((db) => repository.searchNearest(db, near(densest), 'all', plumberPlan)),
  );
  const quiet = districts.find((d) => d.district === 'IV27'); // Sutherland: few cover it
  await explain(
    'search, service=plumber at IV27 (the Highlands): the page, every match sorted',
    await record((db) => repository.searchNear(db, near(quiet), 'all', plumberPlan)),
  );
  await explain(
    'listing without a location, service=plumber, page 1 (newest first)',
    await record((db) => repository.searchNewest(db, plumbers, 'all')),
  );
  await explain('featured professionals', await record((db) => repository.featured(db, null, 6)));

  // In the database: each search as a prepared statement, timed from this client over 127.0.0.1.
  // Two samples of locations: any district alike (as a visitor picks a place), and districts weighted
  // by their postcodes, like the tradespeople (people search where people live: denser, dearer).
  const uniform = Array.from({ length: SAMPLES }, () => pick(districts));
  const weighted = Array.from({ length: SAMPLES }, () => weightedDistrict());
  const at = (list, q) => list[Math.min(list.length - 1, Math.floor(q * list.length))];
  // The server's own code for a search (count, then page), on this client's connection: its statements
  // prepared there as the server prepares them.
  const live = drizzle({ client });
  async function timeSearches(label, locations) {
    const run = async () => {
      const times = [];
      const found = [];
      for (const location of locations) {
        const started = performance.now();
        const { counted } = await repository.searchNearPage(
          live,
          near(location),
          'all',
          plumberPlan,
          TRADESPEOPLE_COUNT_CAP,
        );
        times.push(performance.now() - started);
        found.push(counted);
      }
      return { times: times.sort((a, b) => a - b), found: found.sort((a, b) => a - b) };
    };
    await run(); // warm: caches, and the generic plan after the first executions
    const { times, found } = await run();
    process.stdout.write(
      `${label.padEnd(34)} p50 ${fmt(at(times, 0.5), 2)} ms, p95 ${fmt(at(times, 0.95), 2)} ms, p99 ${fmt(at(times, 0.99), 2)} ms, max ${fmt(times.at(-1), 2)} ms` +
        `   (plumbers in range, counted up to ${fmt(TRADESPEOPLE_COUNT_CAP + 1)}: median ${fmt(at(found, 0.5))}, over the cap at ${fmt(found.filter((n) => n > TRADESPEOPLE_COUNT_CAP).length)} of ${fmt(found.length)})\n`,
    );
  }
  process.stdout.write(
    `\nsearch statements in the database (count, then page), service=plumber, page of 20, ${fmt(SAMPLES)} locations each (target p95 ≤ 10 ms):\n`,
  );
  await timeSearches('  any district', uniform);
  await timeSearches('  districts weighted by postcodes', weighted);
  await client.end();

  server = npmStart(env, { deadlineMs: DEADLINE_MS });
  await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
  raw = await referenceServer(RAW_OK_SERVER);

  // What a browser sends: it always asks for compression. The search is public (a visitor).
  const headers = { accept: 'application/json', 'accept-encoding': 'br, gzip' };
  const results = new Map(); // label -> [{ rps, raw, p50, p99, wrong }]
  let rawRps = 0;
  async function load(label, requests, url = `http://127.0.0.1:${port}`) {
    const options = { url, connections: CONNECTIONS, requests, headers };
    await autocannon({ ...options, duration: 3 }); // warm-up: JIT, pool, prepared statements
    const r = await autocannon({ ...options, duration: DURATION });
    const wrong = r.non2xx + r.errors + r.timeouts;
    if (wrong) failures.push(`${label}: ${wrong} requests not 2xx`);
    if (url !== `http://127.0.0.1:${port}`) rawRps = r.requests.average;
    if (!results.has(label)) results.set(label, []);
    results
      .get(label)
      .push({ rps: r.requests.average, raw: rawRps, p50: r.latency.p50, p99: r.latency.p99, wrong });
    process.stdout.write(
      `${label.padEnd(58)} ${fmt(r.requests.average).padStart(6)} req/s (${fmt(r.requests.average / rawRps, 3)} of raw)   latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms   (${r.requests.total} requests, ${wrong} not 2xx)\n`,
    );
  }

  process.stdout.write(
    `\nautocannon: ${CONNECTIONS} connections, ${DURATION} s each after a 3 s warm-up, accept-encoding "br, gzip", ${RUNS} run(s) (target for the search: ≥ 10% of raw node:http; ≥ 1,000 req/s, p99 < 50 ms)\n`,
  );
  let next = 0;
  const searchLabel = `GET /api/v1/tradespeople?service=plumber&location=<any of ${fmt(SAMPLES)}>`;
  for (let run = 1; run <= RUNS; run++) {
    process.stdout.write(`run ${run} of ${RUNS}\n`);
    await load('raw node:http {"status":"ok"}', [{ method: 'GET', path: '/' }], raw.url);
    await load('GET /api/health (no database)', [{ method: 'GET', path: '/api/health' }]);
    await load(searchLabel, [
      {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          path: `/api/v1/tradespeople?service=plumber&location=${uniform[next++ % uniform.length].district}`,
        }),
      },
    ]);
    await load('GET /api/v1/tradespeople?service=plumber (no location)', [
      { method: 'GET', path: '/api/v1/tradespeople?service=plumber' },
    ]);
    await load('GET /api/v1/tradespeople/featured', [
      { method: 'GET', path: '/api/v1/tradespeople/featured' },
    ]);
  }
  process.stdout.write(`\nmedians of ${RUNS} run(s), with ${fmt(counts.tradespeople)} tradespeople\n`);
  for (const [label, runs] of results) {
    const rps = median(runs.map((r) => r.rps));
    const ratio = median(runs.map((r) => r.rps / r.raw));
    const p99 = median(runs.map((r) => r.p99));
    const verdict = label === searchLabel ? `   ≥ 10% of raw: ${ratio >= 0.1 ? 'met' : 'NOT MET'}` : '';
    process.stdout.write(
      `${label.padEnd(58)} ${fmt(rps).padStart(6)} req/s (${fmt(ratio, 3)} of raw), p99 ${p99} ms   (runs: ${runs.map((r) => fmt(r.rps)).join(' / ')})${verdict}\n`,
    );
  }
} finally {
  cancelDeadline();
  raw?.stop();
  await client.end().catch(() => {});
  if (server) await server.stop();
  await scratch.finish();
}
if (failures.length) {
  process.stdout.write(`FAILED:\n${failures.map((f) => `  ${f}\n`).join('')}`);
  process.exit(1);
}
