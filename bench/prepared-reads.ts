// What a prepared statement saves the server on a signed-in read: the same read written by Drizzle's
// query builder on every call (as the repositories did before) against the repository's prepared
// statement (server/db/prepared.ts), in server CPU per call (this process's user + system time),
// 20 calls in flight as in bench/compare.mjs's walk. The reference in the same run is pg's own pool
// sending the same SQL text with no Drizzle at all.
//
//   node --import tsx bench/prepared-reads.ts                    # a scratch database on the local PostgreSQL
//   BENCH_DB=embedded node --import tsx bench/prepared-reads.ts  # PGlite (the embedded default)
//
// Three rounds of each, built and prepared interleaved; the median is printed. A run that takes longer
// than its deadline fails (exit 1) instead of hanging.
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import {
  notifications,
  paymentMethods,
  profiles,
  supportCannedReplies,
  userSettings,
  users,
} from '../server/db/schema';
import { notificationsPage, unreadCount } from '../server/modules/notifications/notifications.repository';
import { cardsOfUser } from '../server/modules/payment-methods/payment-methods.repository';
import { cannedReplies } from '../server/modules/support/support.repository';
import { userRows } from '../server/seed/factories';
import { scratchDatabase } from './lib.mjs';

const EMBEDDED = process.env.BENCH_DB === 'embedded';
const CALLS = Number(process.env.BENCH_CALLS ?? (EMBEDDED ? 2_000 : 10_000));
const IN_FLIGHT = 20;
const ROUNDS = 3;
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_MS ?? 10 * 60_000);

const deadline = setTimeout(() => {
  process.stderr.write(`prepared-reads: not finished after ${DEADLINE_MS / 1000} s\n`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

// A scratch database on BENCH_DATABASE_URL's server (bench/lib.mjs); no server there skips the run.
const scratch = EMBEDDED ? null : await scratchDatabase('tradenest_prepared_reads', 'prepared-reads');
if (scratch && (await scratch.prepare()))
  throw new Error('prepared-reads makes its own data: unset BENCH_REUSE');
const handle: DatabaseHandle = scratch
  ? await openDatabase({ kind: 'postgres', url: scratch.url, poolMax: IN_FLIGHT })
  : await openDatabase({ kind: 'pglite' });

try {
  await runMigrations(handle);
  const db = handle.db;
  // One customer with the demo's shape of data: a page of notifications (half unread), two saved cards,
  // and an inbox's canned replies.
  const userId = randomUUID();
  const rows = userRows({
    id: userId,
    email: 'bench@example.test',
    passwordHash: 'not-used',
    fullName: 'Bench Customer',
    postcode: 'SW1A 1AA',
    userType: 'customer',
  });
  await db.insert(users).values(rows.user);
  await db.insert(profiles).values(rows.profile);
  await db.insert(userSettings).values(rows.settings);
  await db.insert(notifications).values(
    Array.from({ length: 30 }, (_, i) => ({
      userId,
      kind: 'quote_received',
      title: `A new quote ${i}`,
      body: 'A tradesperson quoted £420 on your job.',
      link: '/jobs',
      readAt: i % 2 ? new Date() : null,
      createdAt: new Date(Date.now() - i * 60_000),
    })),
  );
  await db.insert(paymentMethods).values(
    [0, 1].map((i) => ({
      userId,
      provider: 'sandbox',
      providerPaymentMethodId: `pm_bench_${i}`,
      brand: 'visa',
      last4: `424${i}`,
      expMonth: 12,
      expYear: 2030,
      isDefault: i === 0,
    })),
  );
  await db.insert(supportCannedReplies).values(
    Array.from({ length: 8 }, (_, i) => ({
      title: `Reply ${i}`,
      body: 'Thanks for getting in touch: we are looking into it and will reply within a working day.',
      createdBy: userId,
    })),
  );

  type Read = () => Promise<unknown>;
  const reads: { label: string; built: Read; prepared: Read }[] = [
    {
      label: 'notifications, first page',
      built: () =>
        db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(21),
      prepared: () => notificationsPage(db, userId, { after: null, limit: 21 }),
    },
    {
      label: 'unread notifications count',
      built: () =>
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
      prepared: () => unreadCount(db, userId),
    },
    {
      label: 'saved cards',
      built: () =>
        db
          .select()
          .from(paymentMethods)
          .where(eq(paymentMethods.userId, userId))
          .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt)),
      prepared: () => cardsOfUser(db, userId),
    },
    {
      label: 'canned replies',
      built: () =>
        db
          .select()
          .from(supportCannedReplies)
          .orderBy(asc(sql`lower(${supportCannedReplies.title})`))
          .limit(500),
      prepared: () => cannedReplies(db),
    },
  ];

  /** Server CPU per call (µs), `IN_FLIGHT` calls at a time. */
  async function cpuPerCall(read: Read, calls = CALLS): Promise<number> {
    let started = 0;
    const before = process.cpuUsage();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (started++ < calls) await read();
      }),
    );
    const used = process.cpuUsage(before);
    return (used.user + used.system) / calls;
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const fmt = (us: number) => `${us.toFixed(1).padStart(6)} µs`;

  process.stdout.write(
    `${EMBEDDED ? 'embedded database (PGlite)' : 'PostgreSQL'}: server CPU per call, ${CALLS} calls, ${IN_FLIGHT} in flight, median of ${ROUNDS}\n`,
  );
  if (!EMBEDDED) {
    // The floor: pg's pool alone, the same kind of statement, no Drizzle.
    const pool = handle.client as pg.Pool;
    const text = 'select count(*) from notifications where user_id = $1 and read_at is null';
    await cpuPerCall(() => pool.query(text, [userId]), 1_000);
    const floor: number[] = [];
    for (let r = 0; r < ROUNDS; r++) floor.push(await cpuPerCall(() => pool.query(text, [userId])));
    process.stdout.write(`  ${'reference: pg pool, no Drizzle'.padEnd(30)} ${fmt(median(floor))}\n`);
  }
  for (const read of reads) {
    // Warm both (JIT, each connection's prepared statement) before measuring.
    await cpuPerCall(read.built, 1_000);
    await cpuPerCall(read.prepared, 1_000);
    const built: number[] = [];
    const prepared: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      built.push(await cpuPerCall(read.built));
      prepared.push(await cpuPerCall(read.prepared));
    }
    const b = median(built);
    const p = median(prepared);
    process.stdout.write(
      `  ${read.label.padEnd(30)} built each call ${fmt(b)}, prepared ${fmt(p)}: ${(b - p).toFixed(1)} µs (${(((b - p) / b) * 100).toFixed(0)}%) saved\n`,
    );
  }
} finally {
  await handle.close();
  await scratch?.finish();
}
