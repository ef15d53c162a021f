// The server side of bench/payments.mjs, in a process of its own (run with `node --import tsx`), so the
// benchmark's HTTP client never shares an event loop with the server it measures. Reads commands on
// stdin, one a line, and answers each with one JSON line on stdout:
//   reference          a raw node:http server answering a trivial JSON body → { port }
//   reference-stop     closes it → {}
//   app                migrates the database, builds the app on it (test clock, no queue polling) and
//                      listens on 127.0.0.1 → { port }
//   fill N             N completed bookings, a checkout opened for each (the create-payment use case) and
//                      paid at the sandbox; the sandbox's signed checkout.session.completed webhooks are
//                      returned undelivered → { ms, webhooks: [{ body, signature }] }
//   verify             what the webhooks booked, per payment → { counts }
//   release M          M held payments (factories), the clock moved past their window, releaseDue timed
//                      → { ms, released, counts }
//   profile            with BENCH_PROFILE=1: the statements run since the last `profile`, with their
//                      count and time (sent until answered, as the pg client sees it) → { statements }
//   cpu                CPU time so far of this process and of every PostgreSQL backend on the database
//                      → { self, backends: { pid: ms } }
//   stop               closes the app and the database, then exits
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SandboxGateway } from '../server/adapters/payments/sandbox/sandbox-gateway';
import { type App, buildApp } from '../server/app';
import { loadConfig } from '../server/config/config';
import { type DatabaseHandle, openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { type PaymentDeps, releaseDue } from '../server/modules/payments';
import { createPayment } from '../server/modules/payments/payments.service';
import { paymentExtensions } from '../server/payment-extensions';
import type { AuthContext } from '../server/plugins/auth-context';
import { EventOutbox } from '../server/queue/outbox';
import { createBooking } from '../server/seed/factories';
import { ManualClock } from '../test/clock';

const DAY_MS = 86_400_000;
// Filling runs this many factory calls at once (the pool has 20 connections).
const FILL_CONCURRENCY = 10;

const url = process.argv[2]!;
const answer = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);

/** Runs fn(0..count-1), `concurrency` at a time. */
async function inPool<T>(count: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await fn(i);
      }
    }),
  );
  return results;
}

// BENCH_PROFILE=1: every statement any pg client of this process runs is timed, by its text.
const statements = new Map<string, { count: number; ms: number }>();
if (process.env.BENCH_PROFILE === '1') {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0];
    const text = typeof config === 'string' ? config : ((config as { text?: string })?.text ?? '?');
    const started = performance.now();
    const done = () => {
      const s = statements.get(text) ?? { count: 0, ms: 0 };
      s.count++;
      s.ms += performance.now() - started;
      statements.set(text, s);
    };
    // pg.Pool#query calls its client with a callback (no promise back): time that form too.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function')
      args[last] = (...results: unknown[]) => {
        done();
        return callback(...results);
      };
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}

// With BENCH_PROFILE_DIR too: a CPU profile of this process from one mark to the next, written there
// as <name>.cpuprofile (no name: dropped).
let inspector: Session | undefined;
async function profilerMark(name?: string) {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return;
  if (inspector) {
    const { profile } = await inspector.post('Profiler.stop');
    if (name) writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(profile));
  } else {
    inspector = new Session();
    inspector.connect();
    await inspector.post('Profiler.enable');
  }
  await inspector.post('Profiler.start');
}

let reference: http.Server | undefined;
let database: DatabaseHandle | undefined;
let app: App | undefined;
// The app's clock: it stands still while the webhooks are sent (their signatures are checked against
// it) and is moved past the protection window for the release job.
const clock = new ManualClock();
let config: ReturnType<typeof loadConfig>;
// The benchmark's own handle on the sandbox: the same provider (same tables, same signing secret) as
// the app's, but its webhooks are not queued for delivery: the benchmark sends them itself, over HTTP.
let sandbox: SandboxGateway;
const webhookSessions: string[] = [];

async function startApp(): Promise<number> {
  config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: url,
    DATABASE_POOL_MAX: '20',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    // Jobs run only when a commit wakes them on this instance (as a webhook's dispatch does), never on a timer.
    QUEUE_POLL_INTERVAL_MS: '0',
    DATA_DIR: '.tmp/bench-payments',
    WEB_DIST_DIR: '.tmp/no-web-build',
    // Production refuses the sandbox's public default secret.
    SANDBOX_WEBHOOK_SECRET: 'whsec_bench_only_not_a_real_secret',
  });
  database = await openDatabase({ kind: 'postgres', url, poolMax: config.databasePoolMax });
  await runMigrations(database);
  // Log lines go to stderr: stdout carries the answers.
  app = await buildApp({ config, database, clock, logStream: process.stderr });
  if (process.env.BENCH_DEFER_DISPATCH === '1') {
    // An experiment: domain events are not dispatched while the benchmark runs (the release drains them).
    const queue = app.queue as unknown as { wake(name: string): void };
    const wake = queue.wake.bind(queue);
    queue.wake = (name) => {
      if (name !== 'events.dispatch') wake(name);
    };
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  sandbox = new SandboxGateway({
    db: database.db,
    appUrl: config.appUrl,
    clock,
    webhookSecret: config.payments.sandboxWebhookSecret,
    enqueue: async () => {},
    wake: () => {},
  });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** The payments module's dependencies as the app wires them (its queue wakes the event dispatcher). */
function paymentDeps(): PaymentDeps {
  return {
    db: database!.db,
    gateway: sandbox,
    events: new EventOutbox(app!.queue),
    queue: app!.queue,
    clock,
    appUrl: config.appUrl,
    protectionWindowDays: config.payments.protectionWindowDays,
    publishableKey: null,
    extensions: paymentExtensions,
  };
}

async function fill(n: number) {
  const started = performance.now();
  const deps = paymentDeps();
  const sessions = await inPool(n, FILL_CONCURRENCY, async () => {
    const booking = await createBooking(database!.db, { status: 'completed' });
    // Only the user's id is read by create-payment.
    const auth = { sessionHash: '', user: { id: booking.customerId } } as AuthContext;
    const { sessionId } = await createPayment(deps, auth, booking.id);
    const paid = await sandbox.pay(sessionId, { outcome: 'succeeds', brand: 'visa', last4: '4242' });
    if (paid.outcome !== 'succeeded') throw new Error(`sandbox payment ${paid.outcome}`);
    return sessionId;
  });
  webhookSessions.push(...sessions);
  // Statistics, as a database in service has them (the fill is new rows only).
  await database!.db.execute(sql`analyze`);
  // The events the sandbox recorded for those payments, signed as its delivery job signs them.
  const events = (await database!.db.execute(sql`
    select id from sandbox_objects
     where kind = 'event' and data->>'type' = 'checkout.session.completed'
       and data->'data'->'object'->>'id' = any(${sql.param(sessions)}::text[])`)) as unknown as {
    rows: { id: string }[];
  };
  const webhooks = await inPool(events.rows.length, FILL_CONCURRENCY, async (i) => {
    const signed = await sandbox.signedEvent(events.rows[i]!.id);
    return signed!;
  });
  return { ms: performance.now() - started, webhooks };
}

/** CPU time (user + system) of a process, from /proc (clock ticks of 10 ms); 0 once it has gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** This process's CPU time and that of each PostgreSQL backend connected to the database (PostgreSQL is local). */
async function cpuSample() {
  const { rows } = (await database!.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  )) as unknown as { rows: { pid: number }[] };
  const usage = process.cpuUsage();
  return {
    self: (usage.user + usage.system) / 1000,
    backends: Object.fromEntries(rows.map(({ pid }) => [pid, cpuMsOf(pid)])),
  };
}

/** CPU spent between two samples: this process, and PostgreSQL (backends that ended in between are lost). */
function cpuBetween(
  before: Awaited<ReturnType<typeof cpuSample>>,
  after: Awaited<ReturnType<typeof cpuSample>>,
) {
  let postgres = 0;
  for (const [pid, ms] of Object.entries(after.backends)) postgres += ms - (before.backends[pid] ?? 0);
  return { server: after.self - before.self, postgres };
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, number>[] }).rows;

async function verifyWebhooks() {
  const [counts] = rowsOf(
    await database!.db.execute(sql`
      select count(*)::int as payments,
             count(*) filter (where p.status = 'succeeded')::int as succeeded,
             count(*) filter (where c.n = 1)::int as "oneCharge",
             count(*) filter (where c.n > 1)::int as "moreThanOneCharge",
             count(*) filter (where b.deposit_paid)::int as "bookingsPaid",
             coalesce(sum(p.amount_pence), 0)::bigint as "amountPence",
             (select count(*)::int from webhook_events where processed_at is not null) as "webhooksProcessed",
             (select coalesce(sum(le.amount_pence), 0)::bigint
                from ledger_entries le
                join ledger_accounts a on a.id = le.account_id
                join ledger_transactions t on t.id = le.transaction_id
                join payments p2 on p2.id = t.payment_id
               where a.kind = 'escrow' and p2.checkout_session_id = any(${sql.param(webhookSessions)}::text[])) as "escrowPence"
        from payments p
        join bookings b on b.id = p.booking_id
        left join lateral (select count(*) as n from ledger_transactions t
                            where t.payment_id = p.id and t.kind = 'charge') c on true
       where p.checkout_session_id = any(${sql.param(webhookSessions)}::text[])`),
  );
  return counts;
}

async function release(m: number) {
  const db = database!.db;
  // Paid a day before the clock's now: held until 6 days from now. The webhooks' payments were paid at
  // now (held 7 days), so moving the clock 6.5 days makes exactly these M due.
  const paidAt = new Date(clock.now().getTime() - DAY_MS);
  const fillStarted = performance.now();
  const bookingIds = await inPool(m, FILL_CONCURRENCY, async () => {
    const booking = await createBooking(db, { status: 'completed', depositPaid: true, paidAt });
    return booking.id;
  });
  const fillMs = performance.now() - fillStarted;
  await db.execute(sql`analyze`);
  clock.advance(6.5 * DAY_MS);

  const deps = paymentDeps();
  // BENCH_RELEASE_CONCURRENCY compares lane counts; without it, the job's own default.
  const lanes = process.env.BENCH_RELEASE_CONCURRENCY;
  statements.clear();
  await profilerMark();
  const cpuBefore = await cpuSample();
  const started = performance.now();
  const released = await releaseDue(deps, lanes ? { concurrency: Number(lanes) } : {});
  const ms = performance.now() - started;
  const cpu = cpuBetween(cpuBefore, await cpuSample());
  // What the releases woke (payouts, event dispatch) finishes before the ledger is read.
  const drainStarted = performance.now();
  for (let i = 0; i < 10; i++) {
    const ran = (await app!.queue.runDue('payments.payout')) + (await app!.queue.runDue('events.dispatch'));
    if (ran === 0) break;
  }
  const drainMs = performance.now() - drainStarted;

  const [counts] = rowsOf(
    await db.execute(sql`
      select count(*)::int as payments,
             count(*) filter (where p.released_at is not null and p.released_pence = p.amount_pence)::int as released,
             count(*) filter (where r.n = 1)::int as "oneRelease",
             count(*) filter (where r.n > 1)::int as "moreThanOneRelease",
             count(*) filter (where e.escrow <> 0)::int as "escrowNotZero",
             coalesce(sum(e.escrow), 0)::bigint as "escrowPence",
             (select count(*)::int from payments p3
               where p3.checkout_session_id = any(${sql.param(webhookSessions)}::text[]) and p3.released_at is not null) as "notDueReleased"
        from payments p
        left join lateral (select count(*) as n from ledger_transactions t
                            where t.payment_id = p.id and t.kind = 'release') r on true
        left join lateral (select coalesce(sum(le.amount_pence), 0) as escrow
                             from ledger_transactions t
                             join ledger_entries le on le.transaction_id = t.id
                             join ledger_accounts a on a.id = le.account_id
                            where t.payment_id = p.id and a.kind = 'escrow') e on true
       where p.booking_id = any(${sql.param(bookingIds)}::uuid[])`),
  );
  return { fillMs, ms, released, drainMs, counts, cpu };
}

process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  const [command, arg] = line.trim().split(' ');
  try {
    if (command === 'reference') {
      // The same work a webhook's transport does: read a JSON body, answer a small JSON one.
      reference = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          JSON.parse(Buffer.concat(chunks).toString('utf8'));
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          res.end('{"received":true}');
        });
      });
      await new Promise<void>((resolve) => reference!.listen(0, '127.0.0.1', resolve));
      answer({ port: (reference.address() as { port: number }).port });
    } else if (command === 'reference-stop') {
      await new Promise((resolve) => reference?.close(resolve));
      reference?.closeAllConnections();
      answer({});
    } else if (command === 'app') {
      answer({ port: await startApp() });
    } else if (command === 'fill') {
      answer(await fill(Number(arg)));
    } else if (command === 'verify') {
      answer({ counts: await verifyWebhooks() });
    } else if (command === 'release') {
      answer(await release(Number(arg)));
    } else if (command === 'cpu') {
      answer(await cpuSample());
    } else if (command === 'profile') {
      await profilerMark(arg);
      const list = [...statements]
        .map(([text, s]) => ({ text: text.replace(/\s+/g, ' ').slice(0, 160), ...s }))
        .sort((a, b) => b.ms - a.ms);
      statements.clear();
      answer({ statements: list });
    } else if (command === 'stop') {
      break;
    }
  } catch (error) {
    answer({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
await app?.close();
await database?.close();
process.exit(0);
