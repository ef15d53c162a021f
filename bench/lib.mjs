// Small helpers shared by the benchmarks. Servers started here listen on 127.0.0.1 only and are always
// stopped (a hard deadline kills them if a run hangs).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `url` until it answers 200; returns the elapsed milliseconds since `since`. */
export async function waitFor200(url, since, timeoutMs = 60_000) {
  while (performance.now() - since < timeoutMs) {
    try {
      const res = await fetch(url, { headers: { accept: 'text/html' } });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** The processes whose parent is `pid`. */
export function childrenOf(pid) {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

/** The node process running the server, found below `npm start`'s process tree. */
export function findServerPid(rootPid) {
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.shift();
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes('scripts/start.mjs') && /(^|\/)node\0/.test(cmd)) return pid;
    } catch {
      // gone
    }
    queue.push(...childrenOf(pid));
  }
  return null;
}

/** CPU time (ms, user + system) a process has used so far, or 0 once it has gone; ticks are 100 a second. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU time (ms) the PostgreSQL backends connected to `database` have used so far (a local server only; a
 * backend that has ended takes its time with it, so a difference is a lower bound).
 */
export function postgresBackendsCpuMs(database) {
  let ms = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.startsWith('postgres: ') && cmd.includes(` ${database} `)) ms += cpuMs(Number(entry));
    } catch {
      // ended while we looked
    }
  }
  return ms;
}

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Starts `npm start` (or `npm <script>`) in its own process group with the given environment. A hard
 * deadline kills it if a run hangs: `deadlineMs` (2 minutes by default; a long run passes its own). A
 * long run at info level writes tens of megabytes of request logs, which would otherwise pile up here:
 * `stdout` sends them to a file descriptor instead, or `countStdout` keeps only a count of the lines
 * (and the last 4 KB).
 */
export function npmStart(
  env,
  { stdout = 'pipe', deadlineMs = 120_000, countStdout = false, keepLines, script = ['start'] } = {},
) {
  const child = spawn('npm', script, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, stdout === 'pipe' ? 'pipe' : stdout],
    detached: true,
  });
  let output = '';
  let stdoutLines = 0;
  const kept = [];
  let partial = '';
  child.stdout?.on('data', (d) => {
    if (!countStdout) {
      output += d;
      return;
    }
    for (let i = d.indexOf(10); i !== -1; i = d.indexOf(10, i + 1)) stdoutLines++;
    output = (output + d).slice(-4096);
    if (keepLines) {
      const lines = (partial + d).split('\n');
      partial = lines.pop();
      for (const line of lines) if (keepLines.test(line)) kept.push(line);
    }
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }, deadlineMs);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      clearTimeout(deadline);
      resolve({ code, signal });
    }),
  );
  return {
    child,
    exited,
    output: () => output,
    /** Resolves once the output matches `pattern`, or false after `ms` (or when the process ends). */
    waitForOutput(pattern, ms) {
      if (pattern.test(output)) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = (found) => {
          clearTimeout(timer);
          child.stdout?.off('data', check);
          child.stderr?.off('data', check);
          resolve(found);
        };
        const check = () => pattern.test(output) && done(true);
        const timer = setTimeout(() => done(false), ms);
        child.stdout?.on('data', check);
        child.stderr?.on('data', check);
        exited.then(() => done(pattern.test(output)));
      });
    },
    /** Lines the server wrote to stdout so far (with `countStdout`). */
    stdoutLines: () => stdoutLines,
    /** The lines that matched `keepLines` (with `countStdout`). */
    keptLines: () => kept,
    async stop() {
      const started = performance.now();
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {}
      const result = await exited;
      return { ...result, ms: performance.now() - started };
    },
  };
}

/**
 * A whole run's deadline, so that a benchmark that hangs fails loudly instead: past `ms` it says so, runs
 * `stop` (the servers and scratch databases the run started) and exits 1. Returns what cancels it.
 */
export function runDeadline(ms, stop) {
  const timer = setTimeout(async () => {
    process.stdout.write(`\nFAILED: the ${fmt(ms / 1000)} s deadline passed; stopping\n`);
    await Promise.resolve()
      .then(stop)
      .catch(() => {});
    process.exit(1);
  }, ms);
  return () => clearTimeout(timer);
}

/**
 * The machine a run measured: on a shared virtual machine the processor can change between restarts,
 * and with it the reference (raw node:http answered 23,654 req/s at 14:48 and 35,989 at 17:27 on the
 * same day, with the same code; bench/README.md, issue 40, sixteenth session).
 */
export function machineLine() {
  const cpus = os.cpus();
  return `machine: ${cpus[0]?.model ?? 'unknown processor'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}; ${os.type()} ${os.release()}`;
}

export function fmt(n, digits = 0) {
  return n.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * A scratch PostgreSQL database for a load benchmark, on BENCH_DATABASE_URL's server. Exits the
 * process (a skip, not a failure) when no server answers. `prepare()` drops and recreates it, unless
 * BENCH_REUSE=1 and it exists (kept by an earlier run with BENCH_KEEP=1): then it says so.
 * `finish()` drops it unless BENCH_KEEP is set.
 */
export async function scratchDatabase(name, bench) {
  const { default: pg } = await import('pg');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const sql = async (text, params) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await client.query(text, params);
    } finally {
      await client.end();
    }
  };
  try {
    await sql('select 1');
  } catch {
    process.stdout.write(`${bench}: PostgreSQL not reachable at ${adminUrl}: skipped\n`);
    process.exit(0);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** Resolves to true when an earlier run's data is reused. */
    async prepare() {
      const exists = (await sql('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
      if (process.env.BENCH_REUSE === '1' && exists) return true;
      await sql(`drop database if exists ${name} with (force)`);
      await sql(`create database ${name}`);
      return false;
    },
    async finish() {
      if (process.env.BENCH_KEEP) process.stdout.write(`kept ${url}\n`);
      else await sql(`drop database if exists ${name} with (force)`);
    },
  };
}

/** `npm start` settings for a load benchmark: no demo data, quiet logs, no rate limit in the way. */
export function loadServerEnv(databaseUrl, port) {
  return {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'never',
    RATE_LIMIT_MAX: '100000000',
    DATABASE_POOL_MAX: '20',
    // Production refuses the sandbox's public default secret; some runs are in production.
    SANDBOX_WEBHOOK_SECRET: 'whsec_bench_only_not_a_real_secret',
  };
}

/**
 * The marketplace of marketplace-load.mjs, added with SQL in bulk inside the caller's transaction:
 * 40,000 users ('load-N@example.test', half of them tradespeople), `jobs` jobs over 12 real districts
 * (100,000 by default; 60% open) and quotes on 30% of them. Rows that exist already (the demo data)
 * are left alone, so the same marketplace can surround the demo accounts (compare.mjs, BENCH_FILL=1).
 *
 * Every statement is set-based and joins nothing on a computed key: the customers, tradespeople and
 * districts are picked from arrays built once (`ids[1 + i % n]`, a MATERIALIZED CTE so that the array
 * is never rebuilt for each row). The earlier fill joined CTEs on `n = 1 + (i % 20000)` over tables
 * not yet analysed in this transaction, so the planner, expecting a row or two, could choose nested
 * loops that redo the inner side for every row: up to 30,000 jobs × 20,000 tradespeople for the
 * quotes. A first version of this fill, the arrays in plain CTEs, showed the same thing at
 * 1,000,000 jobs: the quotes insert ran for minutes in B-tree lookups (perf), the tradespeople's
 * array rebuilt for each job.
 */
export async function fillMarketplace(client, { jobs = 100_000 } = {}) {
  const quotes = Math.round(jobs * 0.3);
  // Districts with real centroids, so distances and the nearby filter do real work.
  const places = [
    ['M1', 53.4777, -2.2367],
    ['M4', 53.485, -2.23],
    ['SW1A', 51.502, -0.1339],
    ['E1', 51.516, -0.059],
    ['B1', 52.4796, -1.9078],
    ['LS1', 53.7974, -1.5531],
    ['G1', 55.8605, -4.2491],
    ['EH1', 55.9523, -3.1921],
    ['CF10', 51.4737, -3.1773],
    ['BS1', 51.453, -2.593],
    ['NE1', 54.9725, -1.613],
    ['L1', 53.401, -2.98],
  ];
  await client.query(`
    insert into users (id, email, password_hash, email_verified_at)
    select gen_random_uuid(), 'load-' || i || '@example.test', '!', case when i % 3 = 0 then null else now() end
    from generate_series(1, 40000) i`);
  await client.query(`
    insert into profiles (id, full_name, user_type)
    select id, 'Load User ' || substr(email, 6, 5), case when split_part(substr(email, 6), '@', 1)::int <= 20000 then 'tradesperson' else 'customer' end
    from users where email like 'load-%@example.test'`);
  await client.query(
    `insert into user_settings (user_id) select id from users where email like 'load-%@example.test'`,
  );
  await client.query(`
    insert into tradesperson_profiles (user_id, trade, base_lat, base_lng, service_radius_miles, verified)
    select p.id, 'Plumber', 53.48 + (random() - 0.5), -2.24 + (random() - 0.5), 25, random() < 0.8
    from profiles p join users u on u.id = p.id where p.user_type = 'tradesperson' and u.email like 'load-%@example.test'`);
  await client.query(
    `
    with customers as materialized (
      select array_agg(p.id order by u.email) ids from profiles p join users u on u.id = p.id
       where p.user_type = 'customer' and u.email like 'load-%@example.test')
    insert into job_postings (customer_id, title, category, description, budget_min, budget_max, postcode, outcode, lat, lng, status, created_at)
    select c.ids[1 + i % cardinality(c.ids)], 'Load test job ' || i, 'Plumbing',
           'A realistic description of a plumbing job that needs doing soon, number ' || i || '.',
           5000, 20000, ($2::text[])[1 + i % $5] || ' 1AA', ($2::text[])[1 + i % $5],
           ($3::float8[])[1 + i % $5] + (random() - 0.5) * 0.05, ($4::float8[])[1 + i % $5] + (random() - 0.5) * 0.05,
           case when i % 10 < 6 then 'open' when i % 10 < 8 then 'in_progress' when i % 10 < 9 then 'completed' else 'cancelled' end,
           now() - (random() * interval '90 days')
    from customers c, generate_series(1, $1::int) i`,
    [jobs, places.map((p) => p[0]), places.map((p) => p[1]), places.map((p) => p[2]), places.length],
  );
  // Statistics for the quotes' pick of open jobs.
  await client.query('analyze users, profiles, tradesperson_profiles, job_postings');
  // Some quotes, so detail pages and the quote-count logic have rows to read.
  await client.query(
    `
    with tps as materialized (
           select array_agg(t.user_id order by u.email) ids from tradesperson_profiles t join users u on u.id = t.user_id
            where u.email like 'load-%@example.test'),
         jobs as (select j.id, row_number() over (order by j.created_at) as n from job_postings j
                   where j.status = 'open' and j.title like 'Load test job %' limit $1)
    insert into quotes (job_id, tradesperson_id, amount, message)
    select j.id, t.ids[1 + (j.n * 7 % cardinality(t.ids))], 15000, 'Happy to help with this.' from jobs j, tps t`,
    [quotes],
  );
  // Statistics for the update's join (analyze works inside the transaction; vacuum does not).
  await client.query('analyze job_postings, quotes');
  await client.query(
    // Only the load's own jobs: the demo jobs' counts are the app's (they leave out rejected and
    // withdrawn quotes, and a demo job can have four quotes in all).
    `update job_postings j set live_quote_count = q.n from (select job_id, count(*) n from quotes group by job_id) q where q.job_id = j.id and j.title like 'Load test job %' and j.live_quote_count <> q.n`,
  );
}

/**
 * A reference server in a process of its own (like the app): `script` is run by `node -e`, listens on
 * 127.0.0.1:$PORT and sends 'ready' over IPC once listening. Benchmarks print their figures beside
 * raw node:http measured in the same run, so a reader sees the machine's state and the ratio.
 */
export async function referenceServer(script, args = []) {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', script, ...args], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const deadline = setTimeout(() => child.kill('SIGKILL'), 90 * 60_000);
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop() {
      clearTimeout(deadline);
      child.kill('SIGTERM');
    },
  };
}

/** Raw node:http answering `{"status":"ok"}` to everything: the platform's limit on this machine. */
export const RAW_OK_SERVER = `
const http = require('node:http');
const ok = JSON.stringify({ status: 'ok' });
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(ok);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
`;

/**
 * The machine's yardstick for the queue and notification benchmarks: raw node:http in this process
 * answering autocannon (10 connections, 5 s), in requests a second.
 */
export async function rawHttpYardstick() {
  const server = http.createServer((_req, res) => res.end('ok'));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const r = await autocannon({
      url: `http://127.0.0.1:${server.address().port}`,
      connections: 10,
      duration: 5,
    });
    return r.requests.average;
  } finally {
    server.close();
  }
}

/**
 * How long a bare node:http server, spawned with `node -e`, takes to answer its first request (ms): the
 * start-up benchmarks' reference for what starting any Node server costs on this machine right now.
 */
export async function bareServerFirstAnswerMs() {
  const port = await freePort();
  const since = performance.now();
  const child = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`],
    { cwd: root, stdio: 'ignore' },
  );
  try {
    return await waitFor200(`http://127.0.0.1:${port}/`, since, 10_000);
  } finally {
    child.kill('SIGKILL');
  }
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** A demo account's session cookie header (`name=value; ...`): `role` is customer, tradesperson or admin. */
export async function signInDemo(base, role) {
  const res = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: `${role}@tradenest.demo`, password: 'tradenest-demo' }),
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200)
    throw new Error(`sign-in as the demo ${role} answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * One route under autocannon as the walks measure it: a 2 s warm-up, then `duration` seconds with
 * `connections` connections, with the server's CPU a request when its `pid` is given, and PostgreSQL's
 * backends' when the `database` they serve is named. Any error, timeout or non-2xx answer throws: a
 * figure over failed requests means nothing.
 */
export async function measureRoute(
  url,
  { headers = {}, pid, database, connections = 20, duration = 8 } = {},
) {
  await autocannon({ url, connections, duration: 2, headers });
  const cpuStart = pid ? cpuMs(pid) : 0;
  const pgStart = database ? postgresBackendsCpuMs(database) : 0;
  const r = await autocannon({ url, connections, duration, headers });
  const bad = r.errors + r.timeouts + r.non2xx;
  if (bad > 0) throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    cpuPerReq: pid ? (cpuMs(pid) - cpuStart) / r.requests.total : null,
    pgPerReq: database ? (postgresBackendsCpuMs(database) - pgStart) / r.requests.total : null,
  };
}

/**
 * A client for setting a run up before its measured server starts: PostgreSQL's at `url`, or the
 * embedded database in `dataDir` opened here while no server holds it (one owner at a time). Both
 * answer `query(text, params)` with `{ rows }` and have `end()`.
 */
export async function openSetupClient({ embedded, dataDir, url }) {
  if (!embedded) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  }
  const { register } = await import('tsx/esm/api');
  register();
  const { openDatabase, embeddedDatabaseDir } = await import('../server/db/client.ts');
  const handle = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(dataDir) });
  return { query: (text, params) => handle.client.query(text, params), end: () => handle.close() };
}
