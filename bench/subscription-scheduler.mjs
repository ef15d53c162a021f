// The scheduler of repeat service plans (docs/api/subscriptions.md): `bookDueVisits` booking the visits
// of 10,000 active plans in one run (each visit a job, an accepted quote, a confirmed booking, a visit
// row and its event), on the embedded default (PGlite in a temporary folder) and on PostgreSQL
// (BENCH_DATABASE_URL's server, a scratch database). Prints the run's time, plans per second and
// statements per plan (every statement Drizzle sends, counted through its logger), median of
// BENCH_RUNS runs (default 3; each on a freshly filled database). A run that hangs fails.
//   node bench/subscription-scheduler.mjs            BENCH_PLANS=10000 BENCH_RUNS=3 BENCH_ONLY=pglite|postgres
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { fmt, median, scratchDatabase } from './lib.mjs';

const PLANS = Number(process.env.BENCH_PLANS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DEADLINE_MS = 20 * 60_000;

const deadline = setTimeout(() => {
  process.stderr.write(`subscription-scheduler: no result within ${DEADLINE_MS / 60_000} minutes\n`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

register();
const { openDatabase } = await import('../server/db/client.ts');
const { runMigrations } = await import('../server/db/migrate.ts');
const { buildApp } = await import('../server/app.ts');
const { testConfig } = await import('../test/config.ts');
const { bookDueVisits } = await import('../server/modules/subscriptions/index.ts');
const { EventOutbox } = await import('../server/queue/outbox.ts');
const { systemClock } = await import('../server/lib/clock.ts');

// 1,000 customers with a card each, 1,000 tradespeople, and PLANS active plans between them: weekly,
// fortnightly and monthly, starting over the next 14 days, so each has one or two visits to book.
const FILL = (plans) => [
  `insert into users (id, email, password_hash, email_verified_at)
   select gen_random_uuid(), 'subs-' || i || '@example.test', '!', now() from generate_series(0, 1999) i`,
  `insert into profiles (id, full_name, user_type)
   select id, 'Person ' || substr(email, 6, 4), case when substr(email, 6)::text like '1___@%' then 'tradesperson' else 'customer' end
   from users where email like 'subs-%@example.test'`,
  `insert into user_settings (user_id) select id from users where email like 'subs-%@example.test'`,
  `create temporary table subs_people as
   select id, (regexp_replace(email, '^subs-(\\d+)@.*$', '\\1'))::int as n from users where email like 'subs-%@example.test'`,
  `insert into payment_methods (user_id, provider, provider_payment_method_id, brand, last4, exp_month, exp_year, is_default)
   select id, 'sandbox', 'pm_bench_' || n, 'visa', '4242', 12, 2040, true from subs_people where n < 1000`,
  `insert into subscriptions (customer_id, tradesperson_id, status, request_message, category, postcode, title, description,
     price_per_visit_pence, frequency, start_date, payment_method_id, accepted_at)
   select c.id, t.id, 'active', 'Every so often, please', 'Gardening', 'M1 1AE', 'Garden visit', 'Mow the lawns and weed the borders',
     3500 + (i % 50) * 100, (array['weekly', 'fortnightly', 'monthly'])[1 + i % 3], current_date + 1 + (i % 14), pm.id, now()
   from generate_series(0, ${plans - 1}) i
   join subs_people c on c.n = i % 1000
   join subs_people t on t.n = 1000 + (i * 7) % 1000
   join payment_methods pm on pm.user_id = c.id`,
];

async function prepare(handle) {
  // The app creates the queue's tables (the visits' events are queued); it is closed before timing.
  const app = await buildApp({ config: testConfig(), database: handle, logger: false });
  await app.ready();
  await app.close();
  for (const statement of FILL(PLANS)) await handle.db.execute(statement);
  if (handle.kind === 'postgres') await handle.client.query('vacuum analyze');
}

/** One run: every statement Drizzle sends is counted through its logger. */
async function run(handle) {
  let statements = 0;
  const logger = { logQuery: () => statements++ };
  handle.db.session.options.logger = logger;
  handle.db.session.logger = logger;
  const started = performance.now();
  const booked = await bookDueVisits({
    db: handle.db,
    clock: systemClock,
    events: new EventOutbox({ wake() {} }),
  });
  const ms = performance.now() - started;
  const [{ plans }] = (
    await handle.db.execute(`select count(distinct subscription_id)::int as plans from subscription_visits`)
  ).rows;
  if (plans !== PLANS) throw new Error(`expected every one of ${PLANS} plans booked, got ${plans}`);
  return { ms, booked, statements, plans };
}

function report(kind, results) {
  const ms = median(results.map((r) => r.ms));
  const per = median(results.map((r) => r.statements / r.plans));
  const visits = results[0].booked;
  process.stdout.write(
    `${kind}: ${fmt(PLANS)} plans, ${fmt(visits)} visits booked in ${fmt(ms / 1000, 2)} s ` +
      `(${fmt(PLANS / (ms / 1000))} plans/s, ${fmt(per, 2)} statements per plan; median of ${results.length}: ` +
      `${results.map((r) => fmt(r.ms / 1000, 2)).join(', ')} s)\n`,
  );
}

async function embedded() {
  const results = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = mkdtempSync(path.join(tmpdir(), 'tradenest-subs-bench-'));
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
    try {
      await runMigrations(handle);
      await prepare(handle);
      results.push(await run(handle));
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  report('embedded (PGlite)', results);
}

async function postgres() {
  const scratch = await scratchDatabase('tradenest_bench_subscriptions', 'subscription-scheduler');
  const results = [];
  for (let i = 0; i < RUNS; i++) {
    await scratch.prepare();
    const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
    try {
      await runMigrations(handle);
      await prepare(handle);
      results.push(await run(handle));
    } finally {
      await handle.close();
    }
  }
  await scratch.finish();
  report('PostgreSQL', results);
}

process.stdout.write(`node ${process.version}, ${new Date().toISOString().slice(0, 10)}\n`);
if (process.env.BENCH_ONLY !== 'postgres') await embedded();
if (process.env.BENCH_ONLY !== 'pglite') await postgres();
process.exit(0);
