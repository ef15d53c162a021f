// In-app notification delivery under load, on PostgreSQL: tradespeople edit their pending quotes at
// 50 a second through the API (`PATCH /api/v1/quotes/:id`); each edit records a `quote.edited` domain
// event in its transaction, the queue (`events.dispatch`, pg-boss) turns it into a notification for the
// job's customer, and the customer's event stream (`GET /api/v1/events`) gets `event: notification`.
// Timed from the moment the edit is sent until that event arrives. Beside it, the machine's
// yardstick: a raw node:http server answering autocannon, measured in the same run (before and after).
// Target: p95 at most 1 s. Speed is printed, never asserted: the exit code is non-zero only on a crash.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import {
  fmt,
  freePort,
  loadServerEnv,
  npmStart,
  rawHttpYardstick,
  scratchDatabase,
  waitFor200,
} from './lib.mjs';

const DB = 'tradenest_notifications';
const PAIRS = Number(process.env.BENCH_PAIRS ?? 50); // customers, each with one job and one quote on it
const RATE = Number(process.env.BENCH_RATE ?? 50); // quote edits a second
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
// A notification not on its stream this long after the last edit was sent counts as lost.
const DRAIN_DEADLINE_MS = 10_000;
// The run from the server's start is killed past this (npmStart's own 2-minute deadline
// also kills the server, so keep BENCH_SECONDS well under 90).
const HARD_DEADLINE_MS = 90_000 + SECONDS * 1000;

const scratch = await scratchDatabase(DB, 'notifications');
// The yardstick first, while nothing else of ours runs, so it measures the machine and not the server.
const reference = await rawHttpYardstick();

await ensureWebBuild();
await scratch.prepare();
let server;
// From here on (the web build above is not ours to time out).
const deadline = setTimeout(() => {
  // A hung run must not leave a server behind: kill its whole process group, then give up.
  process.stderr.write(`notifications benchmark: over ${HARD_DEADLINE_MS / 1000} s, killed\n`);
  try {
    if (server) process.kill(-server.child.pid, 'SIGKILL');
  } catch {}
  scratch.finish().finally(() => process.exit(1));
  setTimeout(() => process.exit(1), 5000).unref();
}, HARD_DEADLINE_MS);

const port = await freePort();
// Default QUEUE_POLL_INTERVAL_MS (1 s): the edit's own instance is woken right after its commit, and
// the poll only catches what that misses; this is the configuration a single instance runs with.
// Everything after this start happens in the try below, whose finally stops the server.
server = npmStart(loadServerEnv(scratch.url, port));

// The people, straight into the migrated tables: PAIRS customers each with one open job, and PAIRS
// tradespeople each with one pending quote on one of those jobs, and a session per user (the cookie
// holds the token, the table its sha256). Email settings keep their defaults, so each edit also
// queues a notification email as it would in production.
let customers = []; // { id, token }
let edits = []; // what each edit needs: the quote, who edits it, whose stream should hear of it
const hashOf = (token) => createHash('sha256').update(token).digest('hex');

async function fillDatabase() {
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    await client.query('begin');
    const createUsers = async (kind) => {
      const { rows } = await client.query(
        `insert into users (email, password_hash, email_verified_at)
         select 'notif-' || $2 || '-' || i || '@example.test', '!', now() from generate_series(1, $1) i
         returning id`,
        [PAIRS, kind],
      );
      const ids = rows.map((r) => r.id);
      await client.query(
        `insert into profiles (id, full_name, user_type)
         select id, initcap($2) || ' ' || n, $2 from unnest($1::uuid[]) with ordinality as t(id, n)`,
        [ids, kind],
      );
      await client.query('insert into user_settings (user_id) select unnest($1::uuid[])', [ids]);
      const tokens = ids.map(() => randomBytes(32).toString('base64url'));
      await client.query(
        `insert into sessions (token_hash, user_id, idle_expires_at, absolute_expires_at)
         select unnest($1::text[]), unnest($2::uuid[]), now() + interval '1 day', now() + interval '1 day'`,
        [tokens.map(hashOf), ids],
      );
      return ids.map((id, i) => ({ id, token: tokens[i] }));
    };
    customers = await createUsers('customer');
    const tradespeople = await createUsers('tradesperson');
    // A tradesperson quotes under a trade (the factories' default: a verified plumber in Manchester).
    await client.query(
      `insert into tradesperson_profiles (user_id, trade, base_postcode, base_lat, base_lng, verified)
       select unnest($1::uuid[]), 'Plumber', 'M1 1AE', 53.4777, -2.2367, true`,
      [tradespeople.map((t) => t.id)],
    );
    // live_quote_count = 1: each job holds exactly one pending quote, which is what the count tracks.
    const { rows: jobs } = await client.query(
      `insert into job_postings (customer_id, title, category, description, postcode, outcode, lat, lng, status, live_quote_count)
       select unnest($1::uuid[]), 'Replace a leaking kitchen tap', 'Plumbing',
              'The kitchen mixer tap drips constantly and needs replacing with a new one.',
              'M1 1AE', 'M1', 53.4777, -2.2367, 'open', 1
       returning id, customer_id`,
      [customers.map((c) => c.id)],
    );
    const { rows: quotes } = await client.query(
      `insert into quotes (job_id, tradesperson_id, amount, message, status)
       select unnest($1::uuid[]), unnest($2::uuid[]), 15000, 'Happy to help with this.', 'pending'
       returning id, job_id, tradesperson_id`,
      [jobs.map((j) => j.id), tradespeople.map((t) => t.id)],
    );
    await client.query('commit');
    const customerOfJob = new Map(jobs.map((j) => [j.id, j.customer_id]));
    const tokenOf = new Map(tradespeople.map((t) => [t.id, t.token]));
    edits = quotes.map((q) => ({
      quoteId: q.id,
      token: tokenOf.get(q.tradesperson_id),
      customerId: customerOfJob.get(q.job_id),
    }));
    for (const c of customers) waiting.set(c.id, []);
  } finally {
    await client.end();
  }
}

// Notification events carry no data ({}), so an arrival is matched to its customer's oldest edit
// still waiting: one FIFO of sends per customer. Each customer is edited once a second (round robin
// over PAIRS quotes at RATE a second), so arrivals out of order would need a second's spread.
const waiting = new Map(); // customer id -> edits sent whose notification has not arrived yet
const delivered = []; // the edits whose notification arrived, with their times
let unexpected = 0; // notifications with no edit waiting for them (a duplicate would show here)
let streamsClosed = 0;
let onDrained = null; // set while waiting for the last notifications
const pendingCount = () => [...waiting.values()].reduce((n, q) => n + q.length, 0);

const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
/** One event stream per customer; resolves with their requests once every stream said 'ready'. */
function openStreams() {
  const requests = [];
  let ready = 0;
  return new Promise((resolve, reject) => {
    for (const c of customers) {
      let sawReady = false;
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/v1/events',
          agent: streamAgent,
          headers: { cookie: `tn_session=${c.token}` },
        },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
          res.setEncoding('utf8');
          res.on('close', () => streamsClosed++);
          let buffer = '';
          res.on('data', (chunk) => {
            const now = performance.now();
            buffer += chunk;
            let end = buffer.indexOf('\n\n');
            while (end !== -1) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              // 'ready' again later is a resync, not a new stream: count each stream once.
              if (block.startsWith('event: ready') && !sawReady) {
                sawReady = true;
                if (++ready === customers.length) resolve(requests);
              }
              // 'activity' events for the same edits arrive too; only notifications are timed.
              if (block.startsWith('event: notification')) {
                const edit = waiting.get(c.id).shift();
                if (edit) {
                  edit.notifiedAt = now;
                  delivered.push(edit);
                  if (pendingCount() === 0) onDrained?.();
                } else unexpected++;
              }
              end = buffer.indexOf('\n\n');
            }
          });
        },
      );
      req.on('error', reject);
      requests.push(req);
    }
  });
}

// Edits through keep-alive connections, as a browser would send them.
const sendAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let sent = 0;
const statuses = new Map(); // non-2xx status (or 'error') -> count
function sendEdit() {
  const edit = edits[sent % edits.length];
  // A unique amount per edit (£150.01, £150.02, ...), so every edit really changes the quote.
  const body = JSON.stringify({
    amount: (15000 + sent + 1) / 100,
    message: `Updated price, edit ${sent + 1}.`,
  });
  sent++;
  const entry = { sentAt: performance.now(), answeredAt: null, notifiedAt: null };
  waiting.get(edit.customerId).push(entry);
  const notOk = (key) => {
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    // A failed edit records no event, so no notification will come for it: stop waiting for it.
    const queue = waiting.get(edit.customerId);
    const i = queue.indexOf(entry);
    if (i >= 0) queue.splice(i, 1);
    if (pendingCount() === 0) onDrained?.();
  };
  const req = http.request(
    {
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: `/api/v1/quotes/${edit.quoteId}`,
      agent: sendAgent,
      headers: {
        cookie: `tn_session=${edit.token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    },
    (res) => {
      entry.answeredAt = performance.now();
      if (res.statusCode < 200 || res.statusCode > 299) notOk(res.statusCode);
      res.resume();
    },
  );
  req.on('error', () => notOk('error'));
  req.end(body);
}

/** RATE edits a second for SECONDS, on a fixed schedule (a late tick is caught up, not skipped). */
async function sendLoad() {
  const started = performance.now();
  const interval = 1000 / RATE;
  let next = started;
  while (next - started < SECONDS * 1000) {
    sendEdit();
    next += interval;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  const sendSeconds = (performance.now() - started) / 1000;
  // Then until every notification has arrived, or the drain deadline.
  let timer;
  await Promise.race([
    new Promise((resolve) => {
      onDrained = resolve;
      if (pendingCount() === 0) resolve();
    }),
    new Promise((resolve) => {
      timer = setTimeout(resolve, DRAIN_DEADLINE_MS);
    }),
  ]);
  clearTimeout(timer);
  onDrained = null;
  return sendSeconds;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const summary = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return `p50 ${fmt(pct(s, 50))} ms, p95 ${fmt(pct(s, 95))} ms, p99 ${fmt(pct(s, 99))} ms, max ${fmt(s.at(-1) ?? 0)} ms`;
};

let streams = [];
let figures;
let loadAverage;
try {
  await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
  await fillDatabase();
  streams = await openStreams();
  const sendSeconds = await sendLoad();
  // The machine is shared: how busy it was during the load says as much as the yardstick.
  loadAverage = os.loadavg()[0];
  const failed = [...statuses.values()].reduce((a, b) => a + b, 0);
  // Where the time goes: the edit's own request (its commit included), then queue, dispatch and stream.
  const answered = delivered.filter((e) => e.answeredAt !== null);
  figures =
    `notifications (PostgreSQL, 1 instance, default queue poll; ${fmt(PAIRS)} customers with a stream, ${fmt(PAIRS)} tradespeople; target p95 <= 1,000 ms)\n` +
    `  sent ${fmt(sent)} quote edits in ${fmt(sendSeconds, 1)} s: ${fmt(sent / sendSeconds, 1)} edits/s (asked ${fmt(RATE)}/s); non-2xx answers: ${failed ? [...statuses].map(([k, n]) => `${n} x ${k}`).join(', ') : 0}\n` +
    `  notifications received ${fmt(delivered.length)}, lost ${fmt(pendingCount())} (not there ${DRAIN_DEADLINE_MS / 1000} s after the last send), unexpected ${fmt(unexpected)}, streams closed early ${fmt(streamsClosed)}\n` +
    `  edit sent -> notification on the stream: ${summary(delivered.map((e) => e.notifiedAt - e.sentAt))}\n` +
    `    the edit's answer (sent -> 200): ${summary(answered.map((e) => e.answeredAt - e.sentAt))}\n` +
    `    answer -> notification: ${summary(answered.map((e) => e.notifiedAt - e.answeredAt))}\n`;
} finally {
  for (const r of streams) r.destroy();
  streamAgent.destroy();
  sendAgent.destroy();
  await server.stop();
  await scratch.finish();
  clearTimeout(deadline);
}
// The yardstick again once our server is gone: the machine's speed can change within a run.
const referenceAfter = await rawHttpYardstick();
process.stdout.write(
  `${figures}  yardstick: raw node:http, autocannon 10 connections 5 s: ${fmt(reference)} req/s before, ${fmt(referenceAfter)} req/s after` +
    `; load average ${fmt(loadAverage, 1)} (1 min, end of the load) on ${os.availableParallelism()} cores\n`,
);
