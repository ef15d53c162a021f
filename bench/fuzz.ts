// The fuzz suite's requests (test/fuzz-requests.ts), many more of them, over real HTTP: starts the
// server on 127.0.0.1 with the demo data, signs in the demo customer and tradesperson, sends
// FUZZ_REQUESTS (default 50,000) requests, each wrong in at least one way, as a visitor, the customer
// and the tradesperson in turn, FUZZ_CONCURRENCY (default 8) at a time, and stops after FUZZ_SECONDS
// (default 300) whatever the count. Prints the answers per status class and the first 5xx; exits 1
// when any answer was a 5xx or never came. FUZZ_SEED picks the requests; FUZZ_DB=postgres runs on a
// scratch database on BENCH_DATABASE_URL's server instead of the embedded one.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import pg from 'pg';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/seed/seed';
import {
  describeRequest,
  type FuzzContext,
  type FuzzRequest,
  fuzzRequests,
  type OpenApiDocument,
  operationsOf,
} from '../test/fuzz-requests';
import { image, MINIMAL_PDF } from '../test/uploads';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 50_000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 300);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const ON_POSTGRES = process.env.FUZZ_DB === 'postgres';
const ROLES = ['visitor', 'customer', 'tradesperson'] as const;
type Role = (typeof ROLES)[number];

const root = fileURLToPath(new URL('..', import.meta.url));
const out = (line: string) => process.stdout.write(`${line}\n`);
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/* ------------------------------------------------------------------------------- the server */

async function scratchPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const sql = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  try {
    await sql('drop database if exists tradenest_fuzz with (force)');
    await sql('create database tradenest_fuzz');
  } catch {
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = '/tradenest_fuzz';
  return { url: url.toString(), drop: () => sql('drop database if exists tradenest_fuzz with (force)') };
}

interface Server {
  child: ChildProcess;
  base: string;
  errors: string[];
  stop(): Promise<void>;
}

async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<Server> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  // In the benchmark's own process group, which bench/fuzz.mjs ends at its deadline.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      SEED_DEMO_DATA: 'always',
      RATE_LIMIT_MAX: '100000000',
      LOG_LEVEL: 'error',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server logs every 5xx at level error with its request id: kept to show next to the requests.
  const errors: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim() && errors.length < 50) errors.push(line);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGINT');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  };
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  while (performance.now() - started < 180_000) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${errors.join('\n')}`);
    try {
      const res = await fetch(`${base}/api/ready`);
      await res.arrayBuffer();
      if (res.status === 200) return { child, base, errors, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('the server was not ready within 3 minutes');
}

/* ---------------------------------------------------------------------------- what it holds */

async function signIn(base: string, role: 'customer' | 'tradesperson'): Promise<string> {
  const email = DEMO_ACCOUNTS.find((a) => a.role === role)!.email;
  const res = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tn_session='));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in as the demo ${role} failed: ${res.status}`);
  return cookie.split(';')[0]!;
}

/** Every id the two accounts can see in their lists, so that requests name real rows. */
async function knownIds(base: string, cookies: Record<Role, string>): Promise<string[]> {
  const reads: [Role, string][] = [
    ['visitor', '/api/v1/tradespeople?limit=50'],
    ['visitor', '/api/v1/tradespeople/featured'],
    ['customer', '/api/v1/auth/session'],
    ['customer', '/api/v1/jobs/mine'],
    ['customer', '/api/v1/bookings/mine'],
    ['customer', '/api/v1/conversations'],
    ['customer', '/api/v1/notifications'],
    ['customer', '/api/v1/saved-pros'],
    ['tradesperson', '/api/v1/auth/session'],
    ['tradesperson', '/api/v1/jobs/open?limit=50'],
    ['tradesperson', '/api/v1/quotes/mine'],
    ['tradesperson', '/api/v1/bookings/mine'],
    ['tradesperson', '/api/v1/documents'],
    ['tradesperson', '/api/v1/notifications'],
  ];
  const ids = new Set<string>();
  for (const [role, url] of reads) {
    const res = await fetch(`${base}${url}`, { headers: cookies[role] ? { cookie: cookies[role] } : {} });
    const text = await res.text();
    for (const m of text.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g))
      ids.add(m[0]);
  }
  return [...ids];
}

/* --------------------------------------------------------------------------------- sending */

type Outcome = number | 'no answer' | 'connection error';

function send(agent: http.Agent, base: URL, role: Role, cookies: Record<Role, string>, r: FuzzRequest) {
  return new Promise<Outcome>((resolve) => {
    let settled = false;
    const done = (outcome: Outcome) => {
      if (!settled) {
        settled = true;
        resolve(outcome);
      }
    };
    const headers: Record<string, string | number> = { ...r.headers };
    if (cookies[role]) headers.cookie = cookies[role];
    if (r.payload !== undefined) headers['content-length'] = Buffer.byteLength(r.payload);
    const req = http.request(
      { agent, host: base.hostname, port: base.port, method: r.method, path: r.url, headers },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
        res.on('error', () => done(res.statusCode ?? 'connection error'));
      },
    );
    // An answer may come before the whole body was sent (413): a write error after it changes nothing.
    req.on('error', () => done('connection error'));
    req.setTimeout(10_000, () => {
      done('no answer');
      req.destroy();
    });
    req.end(r.payload);
  });
}

/* ------------------------------------------------------------------------------------- run */

// Ctrl-C (passed on by bench/fuzz.mjs): stop sending, then report and stop the server as usual.
let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
});

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tradenest-fuzz-'));
const postgres = ON_POSTGRES ? await scratchPostgres() : null;
if (ON_POSTGRES && !postgres) {
  out('fuzz: PostgreSQL not reachable (BENCH_DATABASE_URL): skipped');
  process.exit(0);
}
let server: Server | undefined;
let failed = false;
try {
  server = await startServer(dataDir, postgres?.url);
  const document = (await (await fetch(`${server.base}/api/docs/json`)).json()) as OpenApiDocument;
  const operations = operationsOf(document);
  const cookies: Record<Role, string> = {
    visitor: '',
    customer: await signIn(server.base, 'customer'),
    tradesperson: await signIn(server.base, 'tradesperson'),
  };
  const ids = await knownIds(server.base, cookies);
  const context: FuzzContext = {
    ids,
    fileKeys: ids.slice(0, 5).flatMap((id) => [`avatars/${id}.webp`, `documents/${id}.pdf`]),
    png: await image('png', { width: 8, height: 8 }),
    pdf: MINIMAL_PDF,
  };
  // Batches of one request per operation, generated as they are needed: a batch holds a few bodies
  // of a megabyte (the too-large poison), so all of them at once would not fit in memory.
  const batch = fc.tuple(...operations.map((op) => fuzzRequests(op, context)));
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const base = new URL(server.base);

  const byClass = new Map<string, number>();
  const serverErrors: string[] = [];
  const connectionErrors: string[] = [];
  let sent = 0;
  let batchNo = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  while (sent < TOTAL && performance.now() < deadline && !interrupted) {
    const [requests] = fc.sample(batch, { numRuns: 1, seed: SEED + batchNo });
    const role = ROLES[batchNo % ROLES.length]!;
    batchNo += 1;
    const queue = requests!.slice(0, TOTAL - sent);
    const worker = async () => {
      for (let r = queue.shift(); r; r = queue.shift()) {
        if (performance.now() >= deadline || interrupted) return;
        const outcome = await send(agent, base, role, cookies, r);
        sent += 1;
        const kind = typeof outcome === 'number' ? `${Math.floor(outcome / 100)}xx` : outcome;
        byClass.set(kind, (byClass.get(kind) ?? 0) + 1);
        const line = `${outcome} as ${role} ← ${describeRequest(r)}`;
        if (outcome === 'connection error') {
          if (connectionErrors.length < 5) connectionErrors.push(line);
        } else if ((outcome === 'no answer' || outcome >= 500) && serverErrors.length < 20) {
          serverErrors.push(line);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  const count = (k: string) => byClass.get(k) ?? 0;
  out(
    `fuzz: ${fmt(sent)} requests over ${operations.length} operations (as visitor, customer and ` +
      `tradesperson) in ${fmt(seconds, 1)} s, ${fmt(sent / seconds)} req/s; seed ${SEED}, ` +
      `concurrency ${CONCURRENCY}, ${ON_POSTGRES ? 'PostgreSQL' : 'embedded'} database` +
      (sent < TOTAL ? (interrupted ? ' (interrupted)' : ` (stopped at the ${SECONDS} s limit)`) : ''),
  );
  out(
    ['1xx', '2xx', '3xx', '4xx', '5xx', 'no answer', 'connection error']
      .map((k) => `${k}: ${fmt(count(k))}`)
      .join(' | '),
  );
  failed = count('5xx') + count('no answer') > 0;
  if (failed) {
    out(`first answers that were 5xx or never came:\n${serverErrors.join('\n')}`);
    if (server.errors.length > 0) out(`server log:\n${server.errors.slice(0, 20).join('\n')}`);
  }
  // The server answers a body over its limit at once and closes the connection; a client still
  // writing the body may see that as an error instead of the 413. Shown, not a failure.
  if (connectionErrors.length > 0)
    out(`connection errors (first ${connectionErrors.length}):\n${connectionErrors.join('\n')}`);
} finally {
  await server?.stop();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
