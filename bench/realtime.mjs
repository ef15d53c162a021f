// Real-time messaging under load, on PostgreSQL: one instance holding 10,000 live event streams
// (`GET /api/v1/events`, BENCH_STREAMS), while 200 messages a second are sent through the API; how
// long each takes from the send until its recipient's stream has it. Then the same across two
// instances: streams on instance B (BENCH_STREAMS_B, the same count by default), messages sent
// through instance A (LISTEN/NOTIFY between them).
// Targets: delivery p95 at most 100 ms (150 ms across instances), 0 lost, RSS under 500 MB, as the
// median of BENCH_RUNS full runs (default 3), each on a freshly filled database with fresh servers.
// Each run first measures the yardstick: the same client, streams and load against a raw node:http
// server (bench/realtime-reference.mjs), so the reader sees what the machine and the client cost on
// their own at that moment. Speed is printed, never asserted; but a stream refused or ended early, a
// connection error, a failed send or a lost message is counted, printed and makes the run exit 1,
// and so does the deadline (BENCH_DEADLINE_S), rather than a hang.
import { fork, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
  findServerPid,
  fmt,
  freePort,
  loadServerEnv,
  npmStart,
  postgresBackendsCpuMs,
  root,
  rssMb,
  scratchDatabase,
  waitFor200,
} from './lib.mjs';

const DB = process.env.BENCH_DB ?? 'tradenest_realtime';
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const STREAMS_B = Math.min(STREAMS, Number(process.env.BENCH_STREAMS_B ?? STREAMS));
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// A message not delivered this long after the last send counts as lost.
const DRAIN_DEADLINE_MS = 5000;
// Streams being opened at once (until each says 'ready'): browsers arrive spread out, and a burst
// of 10,000 connects overflows the accept queue into SYN retries that measure the kernel.
const OPENING_AT_ONCE = Number(process.env.BENCH_OPENING ?? 500);
// Every stream must be open by then, or the run fails.
const OPEN_DEADLINE_MS = 60_000 + STREAMS * 10;
// The whole benchmark: past this it prints what it has, kills its servers and exits 1.
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_S ?? 600 + RUNS * 300) * 1000;

/** The soft and hard limits on open files of a process, from /proc. */
function fileLimits(pid = 'self') {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const [soft, hard] = line.split(/\s{2,}/).slice(1, 3);
  return {
    soft: soft === 'unlimited' ? Infinity : Number(soft),
    hard: hard === 'unlimited' ? Infinity : Number(hard),
  };
}

// Each side holds a socket per stream (the client here, the server in its process) plus the pool,
// the database and files. Node cannot raise its own limit, so the bench runs itself again under a
// shell that raises the soft limit as far as the hard one allows; the servers inherit it.
const NEEDED_FILES = STREAMS + 2048;
const limits = fileLimits();
if (limits.soft < NEEDED_FILES && !process.env.BENCH_ULIMIT_RAISED) {
  const target = Math.min(limits.hard, Math.max(NEEDED_FILES, 65_536));
  if (target > limits.soft) {
    const again = spawnSync(
      'sh',
      [
        '-c',
        `ulimit -n ${target} && exec "$0" "$@"`,
        process.execPath,
        ...process.execArgv,
        ...process.argv.slice(1),
      ],
      { stdio: 'inherit', env: { ...process.env, BENCH_ULIMIT_RAISED: '1' } },
    );
    process.exit(again.status ?? 1);
  }
}
if (fileLimits().soft < NEEDED_FILES) {
  process.stdout.write(
    `realtime: ${fmt(STREAMS)} streams need about ${fmt(NEEDED_FILES)} open files, the limit is ${fileLimits().soft} (hard ${fileLimits().hard}): FAILED\n`,
  );
  process.exit(1);
}

const failures = []; // every reason this run must exit 1
const deadline = setTimeout(() => {
  process.stdout.write(`\nFAILED: the ${fmt(DEADLINE_MS / 1000)} s deadline passed; stopping\n`);
  stopAll().finally(() => process.exit(1));
}, DEADLINE_MS);
const running = new Set(); // servers to stop if the deadline strikes
async function stopAll() {
  await Promise.allSettled([...running].map((s) => s.stop()));
  await scratch.finish().catch(() => {});
}

const scratch = await scratchDatabase(DB, 'realtime');
await ensureWebBuild();

const envFor = (port) => ({ ...loadServerEnv(scratch.url, port), SESSION_CACHE_MS: '60000' });

/** Users in pairs, one conversation per pair, a session per user: every stream is a different user. */
async function fill() {
  await scratch.prepare();
  const migrated = spawnSync(process.execPath, ['--import', 'tsx', 'server/db/cli/migrate.ts'], {
    cwd: root,
    env: { ...process.env, ...envFor(0) },
    encoding: 'utf8',
  });
  if (migrated.status !== 0) throw new Error(`migrations failed: ${migrated.stderr}`);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const tokens = Array.from({ length: STREAMS }, () => randomBytes(32).toString('base64url'));
  await client.query('begin');
  const { rows: people } = await client.query(
    `insert into users (email, password_hash, email_verified_at)
     select 'rt-' || i || '@example.test', '!', now() from generate_series(1, $1) i returning id`,
    [STREAMS],
  );
  await client.query(
    `insert into profiles (id, full_name, user_type)
     select id, 'Realtime User', case when row_number() over () % 2 = 0 then 'customer' else 'tradesperson' end from users`,
  );
  await client.query('insert into user_settings (user_id) select id from users');
  await client.query(
    `insert into sessions (token_hash, user_id, idle_expires_at, absolute_expires_at)
     select unnest($1::text[]), unnest($2::uuid[]), now() + interval '1 day', now() + interval '1 day'`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), people.map((p) => p.id)],
  );
  const { rows: conversations } = await client.query(
    `insert into conversations (participant_one_id, participant_two_id)
     select unnest($1::uuid[]), unnest($2::uuid[]) returning id, participant_one_id, participant_two_id`,
    [
      people.filter((_, i) => i % 2 === 0).map((p) => p.id),
      people.filter((_, i) => i % 2 === 1).map((p) => p.id),
    ],
  );
  await client.query('commit');
  await client.end();
  return { people, conversations, tokenOf: new Map(people.map((p, i) => [p.id, tokens[i]])) };
}

let data; // this run's people, conversations and tokens
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const pending = new Map(); // message content -> send start time
let onDrained = null; // set while waiting for the last messages of a load
const latencies = [];
const answers = []; // send start until the API's 201: the part of a delivery spent in the send itself

/**
 * What went wrong with streams, per part of a run: refused (connection error or a status other than
 * 200 before the stream opened), ended early (the server closed an open stream), errors (a socket
 * error on an open stream). Any of them fails the run.
 */
let streamErrors = { refused: 0, endedEarly: 0, errors: 0, firstError: '' };
const resetStreamErrors = () => {
  const before = streamErrors;
  streamErrors = { refused: 0, endedEarly: 0, errors: 0, firstError: '' };
  return before;
};
const noteError = (kind, detail) => {
  streamErrors[kind]++;
  streamErrors.firstError ||= `${kind}: ${detail}`;
};

/**
 * Opens one event stream for each of the first `count` users, OPENING_AT_ONCE at a time; resolves
 * with a close() for all of them once every stream said 'ready', rejects on the first refused
 * stream or at OPEN_DEADLINE_MS.
 */
function openStreams(port, count = STREAMS) {
  resetStreamErrors();
  const people = data.people.slice(0, count);
  const requests = [];
  let closing = false;
  let ready = 0;
  let next = 0;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(
            `only ${fmt(ready)} of ${fmt(count)} streams open after ${fmt(OPEN_DEADLINE_MS / 1000)} s`,
          ),
        ),
      OPEN_DEADLINE_MS,
    );
    const close = () => {
      closing = true;
      for (const r of requests) r.destroy();
    };
    const fail = (error) => {
      clearTimeout(timer);
      close();
      reject(error);
    };
    const openNext = () => {
      if (next >= people.length) return;
      const p = people[next++];
      let opened = false;
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/v1/events',
          agent,
          headers: { cookie: `tn_session=${data.tokenOf.get(p.id)}`, accept: 'text/event-stream' },
        },
        (res) => {
          if (res.statusCode !== 200) {
            noteError('refused', `status ${res.statusCode}`);
            return fail(new Error(`a stream answered ${res.statusCode}`));
          }
          res.setEncoding('utf8');
          // 'close' whether the server ended the stream or the connection dropped; 'error' says which.
          res.on('error', (err) => {
            if (!closing) noteError('errors', err.code ?? err.message);
          });
          res.on('close', () => {
            if (!closing) noteError('endedEarly', 'a stream closed while the bench held it');
          });
          let buffer = '';
          res.on('data', (chunk) => {
            buffer += chunk;
            let end = buffer.indexOf('\n\n');
            while (end !== -1) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (block.startsWith('event: ready') && !opened) {
                opened = true;
                openNext();
                if (++ready === people.length) {
                  clearTimeout(timer);
                  resolve(close);
                }
              }
              if (block.startsWith('event: message')) {
                const { message } = JSON.parse(block.slice(block.indexOf('data: ') + 6));
                const started = pending.get(message.content);
                if (started !== undefined && !message.mine) {
                  latencies.push(performance.now() - started);
                  pending.delete(message.content);
                  if (pending.size === 0) onDrained?.();
                }
              }
              end = buffer.indexOf('\n\n');
            }
          });
        },
      );
      req.on('error', (err) => {
        if (closing) return;
        if (!opened) {
          noteError('refused', err.code ?? err.message);
          fail(new Error(`a stream could not open: ${err.code ?? err.message}`));
        } else noteError('errors', err.code ?? err.message);
      });
      requests.push(req);
    };
    for (let i = 0; i < OPENING_AT_ONCE; i++) openNext();
  });
}

const sendAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let sentCount = 0;
let failed = 0;
function send(port) {
  const c = data.conversations[sentCount % data.conversations.length];
  const sender = sentCount % 2 === 0 ? c.participant_one_id : c.participant_two_id;
  const content = `bench message ${sentCount++} ${randomBytes(4).toString('hex')}`;
  const body = JSON.stringify({ content });
  const started = performance.now();
  pending.set(content, started);
  const req = http.request(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/v1/conversations/${c.id}/messages`,
      agent: sendAgent,
      headers: {
        cookie: `tn_session=${data.tokenOf.get(sender)}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    },
    (res) => {
      answers.push(performance.now() - started);
      if (res.statusCode !== 201) failed++;
      res.resume();
    },
  );
  req.on('error', () => failed++);
  req.end(body);
}

/** CPU time (user + system, in seconds) a process has used; 0 once it is gone. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU time (seconds) the whole machine spent busy, all cores: other people's work shows here too. */
function machineSeconds() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks;
  return (user + nice + system + irq + softirq + steal) / 100;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Sends RATE messages a second for SECONDS through `port`, then waits for the stragglers. Returns
 * the figures, with the CPU each process named in `pids` (and PostgreSQL, and this client) used.
 */
async function sendLoad(port, pids) {
  latencies.length = 0;
  answers.length = 0;
  pending.clear();
  sentCount = 0;
  failed = 0;
  const cpuBefore = {
    servers: pids.map(cpuSeconds),
    postgres: postgresBackendsCpuMs(DB) / 1000,
    client: process.cpuUsage(),
    machine: machineSeconds(),
  };
  const started = performance.now();
  const interval = 1000 / RATE;
  let next = started;
  while (performance.now() - started < SECONDS * 1000) {
    send(port);
    next += interval;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  // Until every message has arrived, or the deadline.
  let deadline;
  await Promise.race([
    new Promise((resolve) => {
      onDrained = resolve;
      if (pending.size === 0) resolve();
    }),
    new Promise((resolve) => {
      deadline = setTimeout(resolve, DRAIN_DEADLINE_MS);
    }),
  ]);
  clearTimeout(deadline);
  onDrained = null;
  const client = process.cpuUsage(cpuBefore.client);
  const sorted = [...latencies].sort((a, b) => a - b);
  const answered = [...answers].sort((a, b) => a - b);
  return {
    sent: sentCount,
    delivered: sorted.length,
    lost: pending.size,
    failed,
    streams: { ...streamErrors },
    seconds: (performance.now() - started) / 1000,
    p50: pct(sorted, 50),
    p95: pct(sorted, 95),
    p99: pct(sorted, 99),
    max: sorted.at(-1) ?? 0,
    answerP50: pct(answered, 50),
    answerP95: pct(answered, 95),
    cpu: {
      servers: pids.map((pid, i) => cpuSeconds(pid) - cpuBefore.servers[i]),
      postgres: postgresBackendsCpuMs(DB) / 1000 - cpuBefore.postgres,
      client: (client.user + client.system) / 1e6,
      machine: machineSeconds() - cpuBefore.machine,
    },
  };
}

function line(label, r) {
  const ours = r.cpu.servers.reduce((a, b) => a + b, 0) + r.cpu.postgres + r.cpu.client;
  const cpu =
    `CPU ${r.cpu.servers.map((s) => fmt(s, 1)).join(' + ')} s server, ${fmt(r.cpu.postgres, 1)} s PostgreSQL, ${fmt(r.cpu.client, 1)} s client, ` +
    `${fmt(Math.max(0, r.cpu.machine - ours), 1)} s everything else on the machine (of ${fmt(r.seconds * os.cpus().length, 0)} core-seconds)`;
  return (
    `  ${label}: ${fmt(r.sent)} sent, ${fmt(r.delivered)} delivered, ${fmt(r.lost)} lost, ${fmt(r.failed)} failed sends; ` +
    `streams ended early ${fmt(r.streams.endedEarly)}, stream errors ${fmt(r.streams.errors)}${r.streams.firstError ? ` (first: ${r.streams.firstError})` : ''}; ` +
    `latency p50 ${fmt(r.p50, 1)} ms, p95 ${fmt(r.p95, 1)} ms, p99 ${fmt(r.p99, 1)} ms, max ${fmt(r.max, 1)} ms; ` +
    `the send's answer p50 ${fmt(r.answerP50, 1)} ms, p95 ${fmt(r.answerP95, 1)} ms; ${cpu} over ${fmt(r.seconds, 1)} s\n`
  );
}

/** The yardstick: raw node:http, the same streams and load. */
async function reference() {
  const child = fork(new URL('./realtime-reference.mjs', import.meta.url), { stdio: 'ignore' });
  try {
    const ready = new Promise((resolve) => child.once('message', resolve));
    child.send({
      tokens: Object.fromEntries(data.people.map((p) => [data.tokenOf.get(p.id), p.id])),
      conversations: Object.fromEntries(
        data.conversations.map((c) => [c.id, [c.participant_one_id, c.participant_two_id]]),
      ),
    });
    const { port } = await ready;
    const opening = performance.now();
    const close = await openStreams(port);
    const openSeconds = (performance.now() - opening) / 1000;
    const result = await sendLoad(port, [child.pid]);
    close();
    return { ...result, openSeconds };
  } finally {
    child.kill();
  }
}

async function run(n) {
  const load = os.loadavg()[0];
  data = await fill();
  const ref = await reference();
  process.stdout.write(`run ${n} (load average ${fmt(load, 1)} before it)\n`);
  process.stdout.write(line('yardstick, raw node:http', ref));

  const portA = await freePort();
  const portB = await freePort();
  // The default 2-minute deadline of npmStart is too short for 10,000 streams on a busy machine; the
  // bench's own deadline covers a hang.
  const serverA = npmStart(envFor(portA), { deadlineMs: DEADLINE_MS });
  running.add(serverA);
  let serverB;
  try {
    await waitFor200(`http://127.0.0.1:${portA}/api/ready`, performance.now());
    const pidA = findServerPid(serverA.child.pid);
    if (n === 1) {
      const l = fileLimits(pidA);
      process.stdout.write(
        `  open-file limit: bench ${fileLimits().soft} (hard ${fileLimits().hard}), server ${l.soft} (hard ${l.hard})\n`,
      );
    }
    const rssIdle = rssMb(pidA);
    const opening = performance.now();
    let close = await openStreams(portA);
    const openSeconds = (performance.now() - opening) / 1000;
    const rssStreams = rssMb(pidA);
    const one = await sendLoad(portA, [pidA]);
    const rssAfter = rssMb(pidA);
    process.stdout.write(line(`one instance, ${fmt(STREAMS)} streams (target p95 ≤ 100 ms)`, one));
    close();

    serverB = npmStart(envFor(portB), { deadlineMs: DEADLINE_MS });
    running.add(serverB);
    await waitFor200(`http://127.0.0.1:${portB}/api/ready`, performance.now());
    const pidB = findServerPid(serverB.child.pid);
    close = await openStreams(portB, STREAMS_B);
    const rssB = rssMb(pidB);
    const two = await sendLoad(portA, [pidA, pidB]);
    process.stdout.write(
      line(`two instances, ${fmt(STREAMS_B)} streams on B, sent through A (target p95 ≤ 150 ms)`, two),
    );
    close();
    process.stdout.write(
      `  streams opened in ${fmt(openSeconds, 1)} s (raw node:http ${fmt(ref.openSeconds, 1)} s); ` +
        `RSS: A ${fmt(rssIdle)} MB before the streams, ${fmt(rssStreams)} MB with ${fmt(STREAMS)} open, ` +
        `${fmt(rssAfter)} MB after the load; B ${fmt(rssB)} MB with ${fmt(STREAMS_B)} streams (target < 500 MB)\n`,
    );
    return { ref, one, two, rss: Math.max(rssStreams, rssAfter, rssB) };
  } finally {
    await Promise.all([serverA.stop(), serverB?.stop()]);
    running.delete(serverA);
    running.delete(serverB);
  }
}

const results = [];
try {
  process.stdout.write(
    `${fmt(STREAMS)} streams (${fmt(STREAMS_B)} on B), ${fmt(RATE)} messages/s for ${fmt(SECONDS)} s, ${RUNS} run(s); ${os.cpus().length} cores, Node ${process.version}; deadline ${fmt(DEADLINE_MS / 1000)} s\n`,
  );
  for (let i = 1; i <= RUNS; i++) results.push(await run(i));
} catch (error) {
  failures.push(error.message);
} finally {
  agent.destroy();
  sendAgent.destroy();
  await scratch.finish();
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const summary = (label, pick, target) => {
  const p95s = results.map((r) => pick(r).p95);
  const m = median(p95s);
  const verdict = target
    ? m <= target
      ? ` (target ≤ ${target} ms: met)`
      : ` (target ≤ ${target} ms: NOT met)`
    : '';
  return (
    `  ${label}: p95 ${p95s.map((v) => fmt(v, 1)).join(' / ')} ms, median **${fmt(m, 1)} ms**${verdict}; ` +
    `median p50 ${fmt(median(results.map((r) => pick(r).p50)), 1)} ms, p99 ${fmt(median(results.map((r) => pick(r).p99)), 1)} ms; ` +
    `lost ${fmt(results.reduce((n, r) => n + pick(r).lost, 0))}, failed sends ${fmt(results.reduce((n, r) => n + pick(r).failed, 0))}, ` +
    `streams ended early ${fmt(results.reduce((n, r) => n + pick(r).streams.endedEarly, 0))}, stream errors ${fmt(results.reduce((n, r) => n + pick(r).streams.errors, 0))}\n`
  );
};
for (const [i, r] of results.entries()) {
  for (const [part, figures] of [
    ['yardstick', r.ref],
    ['one instance', r.one],
    ['two instances', r.two],
  ]) {
    const { lost, failed, streams } = figures;
    if (lost || failed || streams.endedEarly || streams.errors)
      failures.push(
        `run ${i + 1}, ${part}: ${lost} lost, ${failed} failed sends, ${streams.endedEarly} streams ended early, ${streams.errors} stream errors`,
      );
  }
}
process.stdout.write(
  `median of ${results.length} run(s):\n` +
    summary('yardstick, raw node:http', (r) => r.ref) +
    summary('one instance', (r) => r.one, 100) +
    summary('two instances', (r) => r.two, 150) +
    `  highest RSS of a server with ${fmt(STREAMS)} streams: ${results.map((r) => fmt(r.rss)).join(' / ')} MB (target < 500 MB)\n`,
);
clearTimeout(deadline);
if (failures.length) {
  process.stdout.write(`FAILED:\n${failures.map((f) => `  ${f}\n`).join('')}`);
  process.exit(1);
}
