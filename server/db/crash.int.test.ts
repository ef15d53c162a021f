import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, embeddedDatabaseDir, openDatabase } from './client';

// Crash safety of the embedded database. The real server (server/main.ts, as `npm run serve` runs it)
// takes concurrent writes over HTTP and is killed with SIGKILL at a random moment, then started again
// on the same data directory, several times over. Afterwards the database must open, hold every write
// the server acknowledged with a 2xx before it died, and still satisfy its invariants: at most 3 live
// quotes per job, counters that match the rows they count, no dangling references, and an outbox in
// which each change has its domain event and each event its dispatch job (but a sent message's, which
// nothing consumes).
//
// Embedded only: PostgreSQL's own crash recovery is not ours to test, PGlite's storage in DATA_DIR is.

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Cycles at most, and the time after which no new cycle starts (once the minimum has run). */
const MAX_CYCLES = 8;
const MIN_CYCLES = 3;
const BUDGET_MS = 60_000;
const WORKERS = 8;
const PASSWORD = 'crash-test-password';

/* ------------------------------------------------------------------------------ the server process */

const children = new Set<ChildProcess>();
// Also if the test process itself ends early: a server left running would hold its port for good.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

interface Server {
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
}

/** Starts the server on a free port of 127.0.0.1 chosen by the OS (PORT=0), and waits until it is ready. */
function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      // Empty is unset (config.ts), and a variable that is set wins over a .env file: the embedded database.
      DATABASE_URL: '',
      SEED_DEMO_DATA: 'never',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      // The 'ready' line carries the URL, port included; request lines are read and dropped.
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '1000000',
      QUEUE_POLL_INTERVAL_MS: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => children.delete(child));

  // Both pipes are always drained: a child writing to a full pipe would stall.
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stderr!.on('data', keep);
  return new Promise<Server>((resolve, reject) => {
    let lines = '';
    const timer = setTimeout(() => fail(new Error('the server was not ready within 90 s')), 90_000);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${err.message}\n${tail}`));
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      lines = (lines + chunk.toString('utf8')).slice(-2000);
      const ready = /"url":"(http:\/\/127\.0\.0\.1:\d+)".*"msg":"ready"/.exec(lines);
      if (ready) {
        clearTimeout(timer);
        lines = '';
        resolve({ url: ready[1]!, child, exited });
      }
    });
    child.once('exit', (code, signal) => fail(new Error(`the server exited (${code ?? signal})`)));
  });
}

async function kill9(server: Server): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/* ------------------------------------------------------------------------------ the workload */

interface Account {
  id: string;
  cookie: string;
  type: 'customer' | 'tradesperson';
  /** The tradesperson's trade was saved (quoting needs one). */
  hasTrade: boolean;
}

/** Every write the server acknowledged with a 2xx. */
interface Acknowledged {
  accounts: Account[];
  jobs: { id: string; customer: Account }[];
  quotes: { id: string; jobId: string; tradesperson: Account; customer: Account }[];
  bookings: { id: string; jobId: string; quoteId: string }[];
  conversations: Set<string>;
  messages: { id: string; conversationId: string }[];
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read the way tests read response.json().
type Answer = { status: number; body: any; cookie: string | undefined };

async function call(
  url: string,
  method: string,
  route: string,
  options: { cookie?: string; json?: unknown } = {},
): Promise<Answer> {
  const res = await fetch(`${url}/api/v1${route}`, {
    method,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.json ? { 'content-type': 'application/json' } : {}),
    },
    body: options.json ? JSON.stringify(options.json) : undefined,
    // Only a safety net: a sign-up hashes a password, which takes seconds on a busy machine.
    signal: AbortSignal.timeout(60_000),
  });
  // Read to the end: a write counts as acknowledged only once its whole answer has arrived.
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    cookie: res.headers.getSetCookie()[0]?.split(';')[0],
  };
}

const pick = <T>(items: readonly T[]): T | undefined => items[randomInt(items.length || 1)];
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function workload(url: string, ack: Acknowledged) {
  const customers = () => ack.accounts.filter((a) => a.type === 'customer');
  const quoters = () => ack.accounts.filter((a) => a.type === 'tradesperson' && a.hasTrade);

  async function signUp(type: Account['type']) {
    const res = await call(url, 'POST', '/auth/sign-up', {
      json: {
        email: `crash-${randomUUID()}@example.test`,
        password: PASSWORD,
        fullName: 'Crash Test',
        userType: type,
      },
    });
    if (res.status !== 201 || !res.cookie) return;
    const account: Account = { id: res.body.user.id, cookie: res.cookie, type, hasTrade: false };
    ack.accounts.push(account);
    if (type === 'tradesperson') await giveTrade(account);
  }

  async function giveTrade(account: Account) {
    const res = await call(url, 'PUT', '/tradesperson/setup/services', {
      cookie: account.cookie,
      json: { trade: 'Plumber', specialties: ['Leaks'], hourlyRateMin: 30, hourlyRateMax: 50 },
    });
    if (res.status === 200) account.hasTrade = true;
  }

  async function postJob() {
    const customer = pick(customers());
    if (!customer) return;
    const res = await call(url, 'POST', '/jobs', {
      cookie: customer.cookie,
      json: {
        title: 'Fix a dripping kitchen tap',
        category: 'Plumbing',
        description: 'The mixer tap in the kitchen drips all day and the washer needs replacing.',
        budgetMin: '50',
        budgetMax: '150',
        postcode: 'M1 1AE',
        preferredStartDate: inDays(3),
      },
    });
    if (res.status === 201) ack.jobs.push({ id: res.body.job.id, customer });
  }

  // Tradespeople crowd onto the newest jobs, so the 3-quote limit is raced for.
  async function quote() {
    const tradesperson = pick(quoters());
    const job = pick(ack.jobs.slice(-3));
    if (!tradesperson || !job) return;
    const res = await call(url, 'POST', `/jobs/${job.id}/quotes`, {
      cookie: tradesperson.cookie,
      json: { amount: String(randomInt(50, 500)), message: 'I can do this next week.' },
    });
    if (res.status === 201) {
      ack.quotes.push({ id: res.body.quote.id, jobId: job.id, tradesperson, customer: job.customer });
    }
  }

  async function accept() {
    const q = pick(ack.quotes);
    if (!q) return;
    const res = await call(url, 'POST', `/quotes/${q.id}/accept`, { cookie: q.customer.cookie });
    if (res.status === 200) ack.bookings.push({ id: res.body.booking.id, jobId: q.jobId, quoteId: q.id });
  }

  async function message() {
    const q = pick(ack.quotes);
    if (!q) return;
    const [from, to] = randomInt(2) ? [q.customer, q.tradesperson] : [q.tradesperson, q.customer];
    const started = await call(url, 'POST', '/conversations', {
      cookie: from.cookie,
      json: { userId: to.id, jobId: q.jobId },
    });
    if (started.status !== 200 && started.status !== 201) return;
    const conversationId = started.body.conversation.id as string;
    ack.conversations.add(conversationId);
    const sent = await call(url, 'POST', `/conversations/${conversationId}/messages`, {
      cookie: from.cookie,
      json: { content: `Hello ${randomUUID()}` },
    });
    if (sent.status === 201) ack.messages.push({ id: sent.body.message.id, conversationId });
  }

  /** A tradesperson whose trade did not get saved before a crash gets it now. */
  async function finishSetups() {
    await Promise.all(
      ack.accounts.filter((a) => a.type === 'tradesperson' && !a.hasTrade).map((a) => giveTrade(a)),
    );
  }

  /** Enough people to race with. Sign-ups cost a password hash each, so most happen here, two at a time. */
  async function populate() {
    const missing = (type: Account['type'], want: number): Account['type'][] =>
      Array(Math.max(0, want - ack.accounts.filter((a) => a.type === type).length)).fill(type);
    const toSignUp = [...missing('customer', 2), ...missing('tradesperson', 4)];
    for (let i = 0; i < toSignUp.length; i += 2) {
      await Promise.all(toSignUp.slice(i, i + 2).map((type) => signUp(type)));
    }
  }

  /** One random write, chosen by weight. */
  function anyWrite(): Promise<void> {
    const roll = randomInt(100);
    if (roll < 4) return signUp(randomInt(2) ? 'customer' : 'tradesperson');
    if (roll < 30) return postJob();
    if (roll < 65) return quote();
    if (roll < 72) return accept();
    return message();
  }

  return { populate, finishSetups, anyWrite };
}

/* ------------------------------------------------------------------------------ the invariants */

async function rows<T>(db: DatabaseHandle['db'], query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function missingIds(db: DatabaseHandle['db'], table: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await rows<{ id: string }>(
    db,
    sql`select id::text as id from ${sql.identifier(table)} where id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const present = new Set(found.map((r) => r.id));
  return ids.filter((id) => !present.has(id));
}

/** Rows whose foreign key names a row that does not exist, per constraint of the application's tables. */
async function danglingReferences(db: DatabaseHandle['db']): Promise<string[]> {
  const constraints = await rows<{
    name: string;
    child: string;
    parent: string;
    cols: string[];
    refs: string[];
  }>(
    db,
    sql`select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
          array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
          array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as refs
        from pg_constraint c join pg_namespace s on s.oid = c.connamespace
        where c.contype = 'f' and s.nspname = 'public'`,
  );
  const problems: string[] = [];
  for (const c of constraints) {
    const present = c.cols.map((col) => sql`x.${sql.identifier(col)} is not null`);
    const joined = c.cols.map((col, i) => sql`p.${sql.identifier(c.refs[i]!)} = x.${sql.identifier(col)}`);
    const [row] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.raw(c.child)} x
          where ${sql.join(present, sql` and `)}
            and not exists (select 1 from ${sql.raw(c.parent)} p where ${sql.join(joined, sql` and `)})`,
    );
    if (row!.n > 0) problems.push(`${c.name}: ${row!.n} rows of ${c.child} name no ${c.parent}`);
  }
  return problems;
}

async function checkInvariants(db: DatabaseHandle['db'], ack: Acknowledged) {
  // Every acknowledged write survived.
  expect(
    await missingIds(
      db,
      'users',
      ack.accounts.map((a) => a.id),
    ),
    'acknowledged sign-ups',
  ).toEqual([]);
  expect(
    await missingIds(
      db,
      'job_postings',
      ack.jobs.map((j) => j.id),
    ),
    'acknowledged jobs',
  ).toEqual([]);
  expect(
    await missingIds(
      db,
      'quotes',
      ack.quotes.map((q) => q.id),
    ),
    'acknowledged quotes',
  ).toEqual([]);
  expect(
    await missingIds(
      db,
      'bookings',
      ack.bookings.map((b) => b.id),
    ),
    'acknowledged bookings',
  ).toEqual([]);
  expect(await missingIds(db, 'conversations', [...ack.conversations]), 'acknowledged conversations').toEqual(
    [],
  );
  expect(
    await missingIds(
      db,
      'messages',
      ack.messages.map((m) => m.id),
    ),
    'acknowledged messages',
  ).toEqual([]);
  const withTrade = ack.accounts.filter((a) => a.hasTrade).map((a) => a.id);
  const trades = await rows<{ id: string }>(
    db,
    sql`select user_id::text as id from tradesperson_profiles where trade = 'Plumber'`,
  );
  expect(
    withTrade.filter((id) => !trades.some((t) => t.id === id)),
    'acknowledged trades',
  ).toEqual([]);

  // An account is three rows written together.
  const [accounts] = await rows<{ users: number; profiles: number; settings: number }>(
    db,
    sql`select (select count(*)::int from users) as users, (select count(*)::int from profiles) as profiles,
               (select count(*)::int from user_settings) as settings`,
  );
  expect(accounts!.profiles, 'a profile per user').toBe(accounts!.users);
  expect(accounts!.settings, 'settings per user').toBe(accounts!.users);

  // At most 3 live quotes per job, and the counter the limit is checked against matches them.
  const counts = await rows<{ id: string; counter: number; live: number }>(
    db,
    sql`select j.id::text as id, j.live_quote_count as counter,
               (select count(*)::int from quotes q where q.job_id = j.id and q.status in ('pending', 'accepted')) as live
        from job_postings j`,
  );
  expect(
    counts.filter((j) => j.live > 3),
    'jobs with more than 3 live quotes',
  ).toEqual([]);
  expect(
    counts.filter((j) => j.counter !== j.live),
    'jobs whose live-quote counter is off',
  ).toEqual([]);

  // One live booking per job, on an in-progress job, from its accepted quote.
  const bookings = await rows<{ id: string; job: string; quote: string }>(
    db,
    sql`select b.id::text as id, j.status as job, q.status as quote from bookings b
        join job_postings j on j.id = b.job_id join quotes q on q.id = b.quote_id
        where b.status in ('pending', 'confirmed')`,
  );
  expect(
    bookings.filter((b) => b.job !== 'in_progress' || b.quote !== 'accepted'),
    'bookings inconsistent with their job or quote',
  ).toEqual([]);

  expect(await danglingReferences(db), 'dangling references').toEqual([]);

  // The outbox: each change recorded its event in its own transaction …
  const eventless = await rows<{ what: string; id: string }>(
    db,
    sql`select 'job' as what, j.id::text as id from job_postings j where not exists
          (select 1 from domain_events e where e.type = 'job.posted' and e.payload->>'jobId' = j.id::text)
        union all
        select 'quote', q.id::text from quotes q where not exists
          (select 1 from domain_events e where e.type = 'quote.received' and e.payload->>'quoteId' = q.id::text)
        union all
        select 'booking', b.id::text from bookings b where not exists
          (select 1 from domain_events e where e.type = 'booking.created' and e.payload->>'bookingId' = b.id::text)
        union all
        select 'message', m.id::text from messages m where not exists
          (select 1 from domain_events e where e.type = 'message.sent' and e.payload->>'messageId' = m.id::text)`,
  );
  expect(eventless, 'changes without their domain event').toEqual([]);
  // … each event its dispatch job (a sent message has no consumer, so no job: server/queue/outbox.ts),
  // and each email its delivery job (they commit together) …
  const jobless = await rows<{ what: string; id: string }>(
    db,
    sql`with jobs as (select name, data from pgboss.job union all select name, data from pgboss.archive)
        select 'event' as what, e.id::text as id from domain_events e where e.type <> 'message.sent' and not exists
          (select 1 from jobs where name = 'events.dispatch' and data->>'eventId' = e.id::text)
        union all
        select 'email', o.id::text from email_outbox o where not exists
          (select 1 from jobs where name = 'email.deliver' and data->>'emailId' = o.id::text)`,
  );
  expect(jobless, 'events and emails without their job').toEqual([]);
  // … and what the consumers made names an event that exists, once per event (and user).
  const [consumed] = await rows<{ orphans: number; repeats: number; unaudited: number; untold: number }>(
    db,
    sql`select
          (select count(*)::int from notifications n where n.event_id is not null
             and not exists (select 1 from domain_events e where e.id = n.event_id)) as orphans,
          (select count(*)::int from (select event_id, user_id from notifications where event_id is not null
             group by 1, 2 having count(*) > 1) r) as repeats,
          -- A dispatched event (its job completed) was audited, unless it is a message (DOMAIN-RULES 11).
          (select count(*)::int from domain_events e where e.type <> 'message.sent'
             and exists (select 1 from pgboss.job j where j.name = 'events.dispatch'
                           and j.data->>'eventId' = e.id::text and j.state = 'completed')
             and not exists (select 1 from audit_log a where a.event_id = e.id)) as unaudited,
          -- A dispatched quote was told to the job's customer (docs/api/notifications.md).
          (select count(*)::int from domain_events e where e.type = 'quote.received'
             and exists (select 1 from pgboss.job j where j.name = 'events.dispatch'
                           and j.data->>'eventId' = e.id::text and j.state = 'completed')
             and not exists (select 1 from notifications n where n.event_id = e.id
                               and n.user_id::text = e.payload->>'customerId')) as untold`,
  );
  expect(consumed, 'consumers of the outbox').toEqual({ orphans: 0, repeats: 0, unaudited: 0, untold: 0 });
}

/* ------------------------------------------------------------------------------ the test */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const acknowledged = (ack: Acknowledged) =>
  ack.accounts.length + ack.jobs.length + ack.quotes.length + ack.bookings.length + ack.messages.length;

describe('crashes of the embedded database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tradenest-crash-'));
  afterAll(async () => {
    // Whatever happened, no server outlives the test.
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write and its invariants through repeated kill -9', {
    timeout: 300_000,
  }, async () => {
    const ack: Acknowledged = {
      accounts: [],
      jobs: [],
      quotes: [],
      bookings: [],
      conversations: new Set(),
      messages: [],
    };
    const started = Date.now();
    let cycles = 0;
    let answered = 0;
    let cut = 0;
    let startingMs = 0;
    while (cycles < MAX_CYCLES && (cycles < MIN_CYCLES || Date.now() - started < BUDGET_MS)) {
      const starting = Date.now();
      const server = await startServer(dataDir);
      startingMs += Date.now() - starting;
      const work = workload(server.url, ack);
      await work.populate();
      await work.finishSetups();

      // Writers keep writing until the server dies under them, at a random moment.
      let alive = true;
      const writers = Array.from({ length: WORKERS }, async () => {
        while (alive) {
          try {
            await work.anyWrite();
            answered += 1;
          } catch {
            // A request the kill cut short: it may or may not have committed, and nothing counts on it.
            cut += 1;
          }
          // A write with nothing to act on yet sends nothing: let the timers (the kill's among them) run.
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
      // The kill comes after a random number of acknowledged writes (so every cycle does some work,
      // however slow the machine), at a random moment while the writers are still going.
      const target = acknowledged(ack) + randomInt(5, 40);
      const giveUp = Date.now() + 15_000;
      while (acknowledged(ack) < target && Date.now() < giveUp) await sleep(20);
      await sleep(randomInt(0, 300));
      // No new requests from here: those in flight are the ones the kill cuts short.
      alive = false;
      await kill9(server);
      await Promise.all(writers);
      cycles += 1;
    }

    process.stdout.write(
      `crash suite: ${cycles} kill -9 cycles in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(${(startingMs / 1000).toFixed(1)} s of it starting the server); ` +
        `${answered} writes answered, ${cut} cut short; acknowledged: ${ack.accounts.length} sign-ups, ` +
        `${ack.jobs.length} jobs, ${ack.quotes.length} quotes, ${ack.bookings.length} bookings, ` +
        `${ack.messages.length} messages\n`,
    );
    const database = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(dataDir) });
    try {
      await checkInvariants(database.db, ack);
    } finally {
      await database.close();
    }
    // A run that wrote nothing would pass for the wrong reason.
    expect(ack.jobs.length).toBeGreaterThan(2);
    expect(ack.quotes.length).toBeGreaterThan(2);
    expect(ack.messages.length).toBeGreaterThan(0);
  });
});
