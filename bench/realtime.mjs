// Real-time messaging under load, on PostgreSQL: one instance holding 5,000 live event streams
// (`GET /api/v1/events`), while 200 messages a second are sent through the API; how long each takes
// from the send until its recipient's stream has it. Then the same across two instances: streams on
// instance B, messages sent through instance A (LISTEN/NOTIFY between them).
// Targets: RSS under 500 MB with 5,000 streams; delivery p95 under 100 ms (150 ms across instances).
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
  findServerPid,
  fmt,
  freePort,
  loadServerEnv,
  npmStart,
  rssMb,
  scratchDatabase,
  waitFor200,
} from './lib.mjs';

const DB = 'tradenest_realtime';
const STREAMS = Number(process.env.BENCH_STREAMS ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
// A message not delivered this long after the last send counts as lost.
const DRAIN_DEADLINE_MS = 5000;

const scratch = await scratchDatabase(DB, 'realtime');
await ensureWebBuild();
await scratch.prepare();

const envFor = (port) => ({ ...loadServerEnv(scratch.url, port), SESSION_CACHE_MS: '60000' });
const portA = await freePort();
const portB = await freePort();
const serverA = npmStart(envFor(portA));
await waitFor200(`http://127.0.0.1:${portA}/api/ready`, performance.now());

// Users in pairs, one conversation per pair, a session per user: every stream is a different user.
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
const tokenOf = new Map(people.map((p, i) => [p.id, tokens[i]]));

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const pending = new Map(); // message content id -> send start time
let onDrained = null; // set while waiting for the last messages of a load
const latencies = [];

/** Opens one event stream per user; resolves once every stream said 'ready'. */
function openStreams(port) {
  const requests = [];
  let ready = 0;
  return new Promise((resolve, reject) => {
    for (const p of people) {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/v1/events',
          agent,
          headers: { cookie: `tn_session=${tokenOf.get(p.id)}` },
        },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk) => {
            buffer += chunk;
            let end = buffer.indexOf('\n\n');
            while (end !== -1) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (block.startsWith('event: ready') && ++ready === people.length) resolve(requests);
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
      req.on('error', () => {});
      requests.push(req);
    }
  });
}

const sendAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let sentCount = 0;
let failed = 0;
function send(port) {
  const c = conversations[sentCount % conversations.length];
  const sender = sentCount % 2 === 0 ? c.participant_one_id : c.participant_two_id;
  const content = `bench message ${sentCount++} ${randomBytes(4).toString('hex')}`;
  const body = JSON.stringify({ content });
  pending.set(content, performance.now());
  const req = http.request(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/v1/conversations/${c.id}/messages`,
      agent: sendAgent,
      headers: {
        cookie: `tn_session=${tokenOf.get(sender)}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    },
    (res) => {
      if (res.statusCode !== 201) failed++;
      res.resume();
    },
  );
  req.on('error', () => failed++);
  req.end(body);
}

/** Sends RATE messages a second for SECONDS through `port`, then waits for the stragglers. */
async function sendLoad(port) {
  latencies.length = 0;
  pending.clear();
  sentCount = 0;
  failed = 0;
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
  return { sent: sentCount, seconds: (performance.now() - started) / 1000 };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
function report(label, { sent }) {
  const sorted = [...latencies].sort((a, b) => a - b);
  process.stdout.write(
    `${label}: ${fmt(sent)} sent, ${fmt(sorted.length)} delivered, ${fmt(pending.size)} lost, ${fmt(failed)} failed sends; ` +
      `latency p50 ${fmt(pct(sorted, 50), 1)} ms, p95 ${fmt(pct(sorted, 95), 1)} ms, p99 ${fmt(pct(sorted, 99), 1)} ms, max ${fmt(sorted.at(-1) ?? 0, 1)} ms\n`,
  );
}

let serverB;
try {
  const pidA = findServerPid(serverA.child.pid);
  const rssIdle = rssMb(pidA);
  const opening = performance.now();
  let streams = await openStreams(portA);
  process.stdout.write(
    `instance A: ${fmt(STREAMS)} streams open in ${fmt((performance.now() - opening) / 1000, 1)} s; RSS ${fmt(rssIdle)} MB before, ${fmt(rssMb(pidA))} MB with them (target < 500 MB)\n`,
  );
  const one = await sendLoad(portA);
  report(`one instance, ${RATE} messages/s for ${SECONDS} s (target p95 < 100 ms)`, one);
  process.stdout.write(`instance A RSS after the load: ${fmt(rssMb(pidA))} MB\n`);
  for (const r of streams) r.destroy();

  serverB = npmStart(envFor(portB));
  await waitFor200(`http://127.0.0.1:${portB}/api/ready`, performance.now());
  streams = await openStreams(portB);
  const two = await sendLoad(portA);
  report(`two instances, streams on B, sent through A (target p95 < 150 ms)`, two);
  process.stdout.write(
    `instance B RSS with ${fmt(STREAMS)} streams: ${fmt(rssMb(findServerPid(serverB.child.pid)))} MB\n`,
  );
  for (const r of streams) r.destroy();
} finally {
  agent.destroy();
  sendAgent.destroy();
  await Promise.all([serverA.stop(), serverB?.stop()]);
  await scratch.finish();
}
