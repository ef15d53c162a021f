// The rolling-restart test (issue 34, point 3): HAProxy on 127.0.0.1 in front of three production
// instances on one fresh PostgreSQL database, a steady load through it, and every instance stopped
// with SIGTERM and started again in turn. Passes with 0 failed requests (a status outside 2xx/3xx, a
// network error or a timeout) and every instance exiting 0. `.ci/run` runs it after `npm test`;
// `bench/rolling-restart.mjs` runs the same machinery three times for its figures.
//
//   node test/balancer/rolling-restart.mjs
//
// Skipped, with one line, where HAProxy is not installed (Debian: apt-get install haproxy). Everything
// it starts (HAProxy, the instances, the database) is ended on every way out, and a global deadline
// ends a run that hangs.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN_URL = process.env.BALANCER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const INSTANCES = 3;
export const RATE = Number(process.env.BALANCER_RATE ?? 40);
/** HAProxy's check of readiness: every CHECK_INTER_MS, down after FALL failures, up after RISE passes. */
const CHECK_INTER_MS = 500;
const FALL = 2;
const RISE = 2;
/** What each instance drains for after SIGTERM: the production default, so it is what is tested. */
const DRAIN_MS = 5000;
const REQUEST_TIMEOUT_MS = 10_000;
const BALANCER_UP_MS = Number(process.env.BALANCER_UP_MS ?? 120_000);

/** HAProxy's path, or null when it is not installed. */
export function haproxyPath() {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/local/sbin'])) {
    const candidate = path.join(dir, 'haproxy');
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

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

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function haproxyConfig({ port, statsPort, servers }) {
  return `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  # Longer than the event streams' 25 s ping, so an open stream is never cut as idle.
  timeout server 60s
  timeout http-keep-alive 10s
  timeout check 1s
  # Event streams: each event is sent on at once, not held back to fill a packet.
  option http-no-delay
  # A refused connection is tried again on another instance. Deliberately no retries of answers
  # (retry-on 503 empty-response, which docs/operations/balancer.md suggests for production): they would
  # hide a stopping instance's refusals and resets, which this test is here to catch.
  retries 3
  option redispatch 1
  retry-on conn-failure

frontend app
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter ${CHECK_INTER_MS}ms fall ${FALL} rise ${RISE}
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

export function request(agent, port, { method = 'GET', url, headers = {}, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      { host: '127.0.0.1', port, method, path: url, agent, headers, timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', (err) => resolve({ error: err.message, ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ error: err.message, ms: performance.now() - started }));
    req.end(body);
  });
}

/** The status (UP, DOWN …) of each of HAProxy's servers, from its stats page. */
export async function haproxyStatus(statsPort) {
  const res = await request(undefined, statsPort, { url: '/stats;csv' });
  if (res.status !== 200) return {};
  const statuses = {};
  for (const line of res.body.split('\n')) {
    const f = line.split(',');
    if (f[0] === 'instances' && f[1] !== 'BACKEND' && f[1] !== 'FRONTEND') statuses[f[1]] = f[17];
  }
  return statuses;
}

async function until(what, check, ms, explain = () => '') {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`${what}: not within ${ms / 1000} s\n${await explain()}`);
}

/**
 * One run: HAProxy, three instances, load, each instance restarted in turn. Returns the figures;
 * `log` receives progress lines. Cleans up everything it started before it resolves or rejects.
 */
export async function rollingRestart({ log = () => {}, haproxy = haproxyPath() } = {}) {
  const started = [];
  const tmp = mkdtempSync(path.join(tmpdir(), 'tradenest-balancer-'));
  const dbName = `tradenest_balancer_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  let dbCreated = false;
  const stopAll = () => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  // Ctrl-C or a kill of this script, or its deadline, exit at once: nothing it started may stay behind,
  // and only a synchronous call can still drop the database then.
  const onExit = () => {
    stopAll();
    if (dbCreated)
      spawnSync('psql', [ADMIN_URL, '-qc', `drop database if exists "${dbName}" with (force)`], {
        stdio: 'ignore',
        timeout: 10_000,
      });
    rmSync(tmp, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  try {
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    dbCreated = true;
    const dbUrl = new URL(ADMIN_URL);
    dbUrl.pathname = `/${dbName}`;
    const databaseUrl = dbUrl.toString();

    const [port, statsPort, ...instancePorts] = await Promise.all(
      Array.from({ length: INSTANCES + 2 }, () => freePort()),
    );
    const appUrl = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '5',
      APP_URL: appUrl,
      DATA_DIR: path.join(tmp, 'data'),
      SEED_DEMO_DATA: 'never',
      SANDBOX_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
      LOG_LEVEL: 'warn',
      // Every request comes from 127.0.0.1 (HAProxy): the per-address limit is not what is tested.
      RATE_LIMIT_MAX: '1000000',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_TIMEOUT_MS: '15000',
    };

    // Migrations once, as a deploy pipeline would, before any instance starts.
    const migrate = spawn(process.execPath, ['--import', 'tsx', 'server/db/cli/migrate.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.push(migrate);
    let migrateErr = '';
    migrate.stderr.on('data', (c) => {
      migrateErr += c;
    });
    const [migrated] = await new Promise((resolve) => migrate.once('exit', (...a) => resolve(a)));
    if (migrated !== 0) throw new Error(`migrations failed (${migrated}): ${migrateErr}`);

    const instances = instancePorts.map((p, i) => ({
      name: `app${i + 1}`,
      port: p,
      child: null,
      stderr: '',
    }));
    const startInstance = (instance) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: { ...env, PORT: String(instance.port) },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      started.push(child);
      instance.child = child;
      instance.stderr = '';
      child.stderr.on('data', (c) => {
        instance.stderr = (instance.stderr + c).slice(-4000);
      });
      return child;
    };
    const exited = (child) =>
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve(child.exitCode)
        : new Promise((resolve) => child.once('exit', (code) => resolve(code)));

    // All three start together on the freshly migrated database, as a deploy would start them: the job
    // queue's set-up is serialised by an advisory lock (docs/operations/start-up.md).
    for (const instance of instances) startInstance(instance);
    const cfg = path.join(tmp, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig({ port, statsPort, servers: instances }));
    const proxy = spawn(haproxy, ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
    started.push(proxy);
    let proxyErr = '';
    proxy.stderr.on('data', (c) => {
      proxyErr = (proxyErr + c).slice(-4000);
    });
    proxy.once('exit', (code) => {
      if (code !== null && code !== 0) log(`haproxy exited ${code}: ${proxyErr}`);
    });

    const allUp = async () => {
      const s = await haproxyStatus(statsPort).catch(() => ({}));
      return instances.every((i) => s[i.name] === 'UP');
    };
    const explain = async () =>
      [
        `haproxy: ${JSON.stringify(await haproxyStatus(statsPort).catch((err) => err.message))} ${proxyErr}`,
        ...instances.map((i) => `${i.name} (exit ${i.child?.exitCode}): ${i.stderr}`),
      ].join('\n');
    await until('every instance up behind HAProxy', allUp, BALANCER_UP_MS, explain);
    log(`haproxy on ${appUrl}, instances on ${instancePorts.join(', ')}: all up`);

    // A signed-in user for the signed-in reads (sessions live in the database every instance shares).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const signUp = await request(agent, port, {
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      headers: { 'content-type': 'application/json', origin: appUrl },
      body: JSON.stringify({
        email: `balancer-${process.pid}@example.test`,
        password: 'rolling-restart-password-1',
        fullName: 'Rolling Restart',
      }),
    });
    const cookie = String(signUp.headers?.['set-cookie'] ?? '')
      .split(';')[0]
      .trim();
    if (signUp.status !== 201 || !cookie) throw new Error(`sign-up failed: ${signUp.status} ${signUp.body}`);

    const mix = [
      { url: '/api/v1/tradespeople/featured' },
      { url: '/api/v1/auth/session', headers: { cookie } },
      { url: '/api/v1/tradespeople/featured' },
      { url: '/api/v1/notifications', headers: { cookie } },
    ];
    const results = [];
    let window = null;
    let loading = true;
    let sent = 0;
    const inFlight = new Set();
    const loader = (async () => {
      const t0 = performance.now();
      while (loading) {
        const due = t0 + (sent * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const at = performance.now();
        const what = mix[sent % mix.length];
        const p = request(agent, port, what).then((r) => {
          results.push({ ...r, at, url: what.url });
          inFlight.delete(p);
        });
        inFlight.add(p);
        sent++;
      }
    })();

    // An event stream held open as a browser's EventSource would: when the server ends it, reconnect
    // after the `retry:` it last sent. Each (re)connection must be answered 200.
    const streams = { opened: 0, endedByServer: 0, failed: 0, failures: [] };
    let stream = null;
    const openStream = (retryMs = 3000) => {
      if (!loading) return;
      const req = http.get(
        { host: '127.0.0.1', port, path: '/api/v1/events', headers: { accept: 'text/event-stream', cookie } },
        (res) => {
          if (res.statusCode !== 200) {
            streams.failed++;
            streams.failures.push(`status ${res.statusCode}`);
            res.resume();
            res.on('end', () => setTimeout(openStream, retryMs, retryMs));
            return;
          }
          streams.opened++;
          let retry = retryMs;
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            for (const m of chunk.matchAll(/^retry: (\d+)$/gm)) retry = Number(m[1]);
          });
          res.on('end', () => {
            if (!loading) return;
            streams.endedByServer++;
            setTimeout(openStream, retry, retry);
          });
        },
      );
      req.on('error', (err) => {
        if (!loading) return;
        streams.failed++;
        streams.failures.push(err.message);
        setTimeout(openStream, retryMs, retryMs);
      });
      stream = req;
    };
    openStream();

    await sleep(2000);
    const drains = [];
    const seenDown = [];
    window = { from: performance.now(), to: Number.POSITIVE_INFINITY };
    for (const instance of instances) {
      const child = instance.child;
      const t = performance.now();
      child.kill('SIGTERM');
      const exit = exited(child);
      // When HAProxy takes the instance out: it must be before the drain ends.
      let down = null;
      const watch = (async () => {
        while (down === null && child.exitCode === null && child.signalCode === null) {
          const status = (await haproxyStatus(statsPort).catch(() => ({})))[instance.name] ?? '';
          if (status.startsWith('DOWN') || status.startsWith('NOLB') || status.startsWith('MAINT'))
            down = performance.now() - t;
          else await sleep(20);
        }
      })();
      const code = await Promise.race([exit, sleep(30_000).then(() => 'hung')]);
      const ms = performance.now() - t;
      await watch;
      seenDown.push(down);
      if (code !== 0)
        throw new Error(
          `${instance.name} exited ${code} after SIGTERM (${Math.round(ms)} ms): ${instance.stderr}`,
        );
      drains.push(ms);
      log(
        `${instance.name}: SIGTERM → marked down by HAProxy after ${down === null ? 'never' : `${Math.round(down)} ms`}, ` +
          `exit 0 after ${Math.round(ms)} ms (drain ${DRAIN_MS} ms)`,
      );
      startInstance(instance);
      await until(`${instance.name} up again behind HAProxy`, allUp, BALANCER_UP_MS, explain);
    }
    window.to = performance.now();
    await sleep(2000);
    loading = false;
    stream?.destroy();
    await loader;
    await Promise.all(inFlight);
    agent.destroy();

    const failed = results.filter((r) => r.error || r.status < 200 || r.status >= 400);
    const during = results
      .filter((r) => r.at >= window.from && r.at <= window.to)
      .map((r) => r.ms)
      .sort((a, b) => a - b);
    const byKind = {};
    for (const r of failed) {
      const key = r.error ?? `${r.status} ${r.body.slice(0, 120)}`;
      byKind[key] = (byKind[key] ?? 0) + 1;
    }
    return {
      requests: results.length,
      failed: failed.length,
      failures: byKind,
      p99DuringMs: percentile(during, 99),
      requestsDuring: during.length,
      drainMs: DRAIN_MS,
      exitMs: drains,
      downMs: seenDown,
      streams,
      restartWindowS: (window.to - window.from) / 1000,
    };
  } finally {
    process.off('exit', onExit);
    // Instances first (SIGTERM, as an orchestrator would, then SIGKILL), then HAProxy, then the database.
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([
      Promise.all(
        started.map((c) =>
          c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r)),
        ),
      ),
      sleep(20_000),
    ]);
    stopAll();
    if (dbCreated) await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => {});
    await admin.end().catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const say = (line) => process.stdout.write(`${line}\n`);
  const shout = (...parts) =>
    process.stderr.write(
      `${parts.map((p) => (typeof p === 'string' ? p : p instanceof Error ? p.stack : JSON.stringify(p, null, 2))).join(' ')}\n`,
    );
  const haproxy = haproxyPath();
  if (!haproxy) {
    say('balancer test skipped: haproxy is not installed (Debian: apt-get install haproxy)');
    process.exit(0);
  }
  const DEADLINE_MS = 5 * 60_000;
  const deadline = setTimeout(() => {
    shout(`balancer test: gave up after ${DEADLINE_MS / 1000} s`);
    process.exit(1); // the exit handler kills what the run started
  }, DEADLINE_MS);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(1));
  try {
    const r = await rollingRestart({ haproxy, log: (line) => say(`balancer test: ${line}`) });
    clearTimeout(deadline);
    say(
      `balancer test: ${r.requests} requests, ${r.failed} failed; ${r.requestsDuring} during the restarts ` +
        `(${r.restartWindowS.toFixed(1)} s), p99 ${r.p99DuringMs.toFixed(1)} ms; ` +
        `SIGTERM to exit ${r.exitMs.map((ms) => Math.round(ms)).join(', ')} ms (drain ${r.drainMs} ms); ` +
        `event stream: ${r.streams.opened} opened, ${r.streams.endedByServer} ended by a stopping instance, ${r.streams.failed} failed`,
    );
    const problems = [];
    if (r.failed > 0) problems.push(`${r.failed} failed requests ${JSON.stringify(r.failures)}`);
    if (r.streams.failed > 0)
      problems.push(`${r.streams.failed} failed stream connections ${r.streams.failures}`);
    if (r.streams.endedByServer === 0)
      problems.push('the event stream was never ended by a stopping instance');
    if (r.downMs.some((ms) => ms === null || ms >= r.drainMs))
      problems.push(`HAProxy did not take an instance out within the drain: ${r.downMs}`);
    if (problems.length > 0) {
      shout(`balancer test FAILED: ${problems.join('; ')}`);
      process.exit(1);
    }
    say('balancer test: passed');
  } catch (err) {
    clearTimeout(deadline);
    shout('balancer test FAILED:', err);
    process.exit(1);
  }
}
