// Small helpers shared by the benchmarks. Servers started here listen on 127.0.0.1 only and are always
// stopped (a hard deadline kills them if a run hangs).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

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

function childrenOf(pid) {
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

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Starts `npm start` in its own process group with the given environment. A hard deadline kills it if
 * a run hangs: `deadlineMs` (2 minutes by default; a long run passes its own). `countStdout` keeps
 * only a count of the server's stdout lines (and its last 4 KB) instead of the whole of it: a long run
 * at info level writes tens of megabytes of request logs, which would otherwise pile up here.
 */
export function npmStart(env, { deadlineMs = 120_000, countStdout = false } = {}) {
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let stdoutLines = 0;
  child.stdout.on('data', (d) => {
    if (!countStdout) {
      output += d;
      return;
    }
    for (let i = d.indexOf(10); i !== -1; i = d.indexOf(10, i + 1)) stdoutLines++;
    output = (output + d).slice(-4096);
  });
  child.stderr.on('data', (d) => {
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
    /** Lines the server wrote to stdout so far (with `countStdout`). */
    stdoutLines: () => stdoutLines,
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
  };
}
