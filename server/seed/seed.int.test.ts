import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  CITIES,
  CUSTOMER_DISPUTE_REASONS,
  JOB_CATEGORIES,
  LIMITS,
  TRADES,
  TRADESPERSON_DISPUTE_REASONS,
} from '../../domain/catalog/catalog';
import { JOB_STATUSES } from '../../domain/catalog/statuses';
import { AvailabilityBody, isoWeekday } from '../../domain/scheduling/availability';
import { describeOnDatabases } from '../../test/databases';
import { getGeoDirectory } from '../adapters/geo/uk-geography';
import type { Database } from '../db/client';
import {
  bookings,
  conversations,
  disputes,
  documents,
  jobPostings,
  messages,
  profiles,
  quotes,
  reviews,
  subscriptionVisits,
  timeOff,
  tradespersonAvailability,
  tradespersonProfiles,
  userRoles,
  userSettings,
  users,
} from '../db/schema';
import { truncateAllTables } from '../db/truncate';
import { verifyPassword } from '../modules/accounts';
import { passwordHashFor } from './factories';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, literal, seedDemoData } from './seed';

const NOW = new Date('2026-03-02T00:00:00.000Z');

/** The first row of a raw query, whichever driver answers (node-postgres and PGlite shape results differently). */
async function rows(db: Database, text: string | null, query = `select ${literal(text)}::text as v`) {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows?: Record<string, unknown>[] };
  const list = Array.isArray(result) ? (result as Record<string, unknown>[]) : (result.rows ?? []);
  return list[0] as { v: unknown } | undefined;
}

/** A hash of every seeded table's rows in a stable order: equal hashes mean byte-identical data. */
async function fingerprint(db: Database): Promise<string> {
  const tables = [
    await db.select().from(users).orderBy(asc(users.id)),
    await db.select().from(profiles).orderBy(asc(profiles.id)),
    await db.select().from(userSettings).orderBy(asc(userSettings.userId)),
    await db.select().from(userRoles).orderBy(asc(userRoles.userId)),
    await db.select().from(tradespersonProfiles).orderBy(asc(tradespersonProfiles.id)),
    await db.select().from(tradespersonAvailability).orderBy(asc(tradespersonAvailability.tradespersonId)),
    await db.select().from(timeOff).orderBy(asc(timeOff.id)),
    await db.select().from(documents).orderBy(asc(documents.id)),
    await db.select().from(jobPostings).orderBy(asc(jobPostings.id)),
    await db.select().from(quotes).orderBy(asc(quotes.id)),
    await db.select().from(bookings).orderBy(asc(bookings.id)),
    await db.select().from(reviews).orderBy(asc(reviews.id)),
    await db.select().from(disputes).orderBy(asc(disputes.id)),
    await db.select().from(conversations).orderBy(asc(conversations.id)),
    await db.select().from(messages).orderBy(asc(messages.id)),
  ];
  return createHash('sha256').update(JSON.stringify(tables)).digest('hex');
}

describeOnDatabases('demo seed', (ctx) => {
  it('writes its values as literals the database reads back exactly', async () => {
    const { db } = ctx.database();
    const texts = ['O\'Brien\'s \\ "quote" \\n', 'line\nbreak\ttab', '£ é 漢字 🙂', "''", '\\', ''];
    for (const text of texts) expect((await rows(db, text))?.v).toBe(text);
    const at = new Date('2026-03-02T10:11:12.345Z');
    const read = await rows(
      db,
      null,
      `select ${literal(at)}::timestamptz = '2026-03-02T10:11:12.345Z'::timestamptz as v`,
    );
    expect(read?.v).toBe(true);
    expect(literal(null)).toBe('null');
    expect(literal(true)).toBe('true');
    expect(literal(12.5)).toBe('12.5');
    expect(literal(Number.NaN)).toBe("'NaN'");
    expect(literal({ a: "it's" })).toBe(`'{"a":"it''s"}'`);
    expect(literal('a\\b')).toBe(" E'a\\\\b'");
    const bytes = await rows(
      db,
      null,
      `select ${literal(Buffer.from([0, 255, 39]))}::bytea = '\\x00ff27'::bytea as v`,
    );
    expect(bytes?.v).toBe(true);
  });

  let passwordHash: string;

  beforeAll(async () => {
    passwordHash = await passwordHashFor(DEMO_PASSWORD);
  });

  it('writes byte-identical data when run twice with the same date', async () => {
    const { db } = ctx.database();
    await truncateAllTables(db);
    const first = await seedDemoData(db, { now: NOW, passwordHash });
    const firstPrint = await fingerprint(db);
    await truncateAllTables(db);
    const second = await seedDemoData(db, { now: NOW, passwordHash });
    expect(await fingerprint(db)).toBe(firstPrint);
    expect(second.counts).toEqual(first.counts);
  });

  it('reports an empty database as empty and a seeded one as not', async () => {
    const { db } = ctx.database();
    expect(await isDatabaseEmpty(db)).toBe(false);
    await truncateAllTables(db);
    expect(await isDatabaseEmpty(db)).toBe(true);
    const summary = await seedDemoData(db, { now: NOW, passwordHash });
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(summary.counts.users).toBe((await db.select().from(users)).length);
    expect(summary.counts.tradesperson_profiles).toBeGreaterThanOrEqual(280);
    expect(summary.counts.job_postings).toBeGreaterThanOrEqual(140);
  });

  it('never has more than three live quotes on a job, nor two quotes by one tradesperson on a job', async () => {
    const { db } = ctx.database();
    const rows = await db.select().from(quotes);
    const live = new Map<string, number>();
    const pairs = new Set<string>();
    for (const q of rows) {
      if (q.status === 'pending' || q.status === 'accepted') live.set(q.jobId, (live.get(q.jobId) ?? 0) + 1);
      const pair = `${q.jobId}|${q.tradespersonId}`;
      expect(pairs.has(pair)).toBe(false);
      pairs.add(pair);
    }
    expect(Math.max(...live.values())).toBeLessThanOrEqual(LIMITS.liveQuotesPerJob);
  });

  it('keeps quotes consistent with their job: none by the owner, accepted only with a booking, none pending once settled', async () => {
    const { db } = ctx.database();
    const jobs = new Map((await db.select().from(jobPostings)).map((j) => [j.id, j]));
    const bookingByJob = new Map((await db.select().from(bookings)).map((b) => [b.jobId, b]));
    for (const q of await db.select().from(quotes)) {
      const job = jobs.get(q.jobId)!;
      expect(q.tradespersonId).not.toBe(job.customerId);
      if (q.status === 'accepted') expect(bookingByJob.get(q.jobId)?.quoteId).toBe(q.id);
      if (job.status !== 'open') expect(q.status).not.toBe('pending');
    }
    for (const job of jobs.values()) {
      const booking = bookingByJob.get(job.id);
      if (job.status === 'open' || job.status === 'cancelled') expect(booking).toBeUndefined();
      else expect(booking).toBeDefined();
      if (job.status === 'cancelled') expect(job.cancelledAt).not.toBeNull();
    }
  });

  it("books every booking at its quote's amount, between the quote's parties", async () => {
    const { db } = ctx.database();
    const rows = await db
      .select({ booking: bookings, quote: quotes, job: jobPostings })
      .from(bookings)
      .innerJoin(quotes, eq(quotes.id, bookings.quoteId))
      .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId));
    expect(rows.length).toBeGreaterThan(0);
    // A plan's visit is charged before its day (docs/api/subscriptions.md): paid, not yet completed.
    const visits = new Set(
      (await db.select({ bookingId: subscriptionVisits.bookingId }).from(subscriptionVisits)).map(
        (v) => v.bookingId,
      ),
    );
    expect(visits.size).toBe(2);
    for (const { booking, quote, job } of rows) {
      expect(booking.amount).toBe(quote.amount);
      expect(quote.status).toBe('accepted');
      expect(booking.tradespersonId).toBe(quote.tradespersonId);
      expect(booking.customerId).toBe(job.customerId);
      if (booking.status === 'completed') expect(booking.completedAt).not.toBeNull();
      if (booking.depositPaid && !visits.has(booking.id)) expect(booking.completedAt).not.toBeNull();
      if (booking.status === 'completed' && booking.depositPaid) expect(job.status).toBe('completed');
      if (job.status === 'completed') expect(booking.depositPaid).toBe(true);
    }
    const statuses = new Set(rows.map((r) => r.booking.status));
    expect([...statuses].sort()).toEqual(['completed', 'confirmed', 'disputed', 'pending']);
  });

  it('only reviews bookings that are completed and paid, by one of their two parties', async () => {
    const { db } = ctx.database();
    const rows = await db
      .select({ review: reviews, booking: bookings })
      .from(reviews)
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId));
    expect(rows.length).toBeGreaterThan(20);
    for (const { review, booking } of rows) {
      expect(booking.status).toBe('completed');
      expect(booking.depositPaid).toBe(true);
      const parties = [booking.customerId, booking.tradespersonId];
      expect(parties).toContain(review.reviewerId);
      expect(parties).toContain(review.revieweeId);
      expect(review.createdAt.getTime()).toBeGreaterThan(booking.completedAt!.getTime());
    }
  });

  it("raises disputes only on disputed bookings, with a reason from the raiser's list", async () => {
    const { db } = ctx.database();
    const rows = await db
      .select({ dispute: disputes, booking: bookings })
      .from(disputes)
      .innerJoin(bookings, eq(bookings.id, disputes.bookingId));
    expect(rows.length).toBeGreaterThan(0);
    for (const { dispute, booking } of rows) {
      expect(booking.status).toBe('disputed');
      const reasons: readonly string[] =
        dispute.raisedByType === 'customer' ? CUSTOMER_DISPUTE_REASONS : TRADESPERSON_DISPUTE_REASONS;
      expect(reasons).toContain(dispute.reason);
      expect(dispute.raisedBy).toBe(
        dispute.raisedByType === 'customer' ? booking.customerId : booking.tradespersonId,
      );
    }
  });

  it('has tradespeople of every trade in every city, most of them verified with approved documents', async () => {
    const { db } = ctx.database();
    const rows = await db.select().from(tradespersonProfiles);
    for (const city of CITIES) {
      const here = rows.filter((t) => t.serviceAreas[0] === city);
      for (const trade of TRADES)
        expect(
          here.some((t) => t.trade === trade && t.verified),
          `${trade} in ${city}`,
        ).toBe(true);
    }
    const verified = rows.filter((t) => t.verified).length / rows.length;
    expect(verified).toBeGreaterThan(0.75);
    expect(verified).toBeLessThan(0.95);
    const docs = await db.select().from(documents);
    const today = NOW.toISOString().slice(0, 10);
    for (const t of rows.filter((r) => r.verified)) {
      const mine = docs.filter((d) => d.userId === t.userId && d.status === 'approved');
      expect(mine.some((d) => d.kind === 'photo_id')).toBe(true);
      expect(mine.some((d) => d.kind === 'insurance' && d.expiresOn! > today)).toBe(true);
    }
  });

  it('gives every job and every tradesperson base a postcode that geocodes to the stored point', async () => {
    const { db } = ctx.database();
    const geo = getGeoDirectory();
    const jobs = await db.select().from(jobPostings);
    expect(new Set(jobs.map((j) => j.category))).toEqual(new Set(JOB_CATEGORIES));
    expect(new Set(jobs.map((j) => j.status))).toEqual(new Set(JOB_STATUSES));
    for (const job of jobs) {
      const found = geo.geocodePostcode(job.postcode);
      expect(found.ok, job.postcode).toBe(true);
      if (found.ok) expect([found.outcode, found.lat, found.lng]).toEqual([job.outcode, job.lat, job.lng]);
    }
    for (const t of await db.select().from(tradespersonProfiles)) {
      const found = geo.geocodePostcode(t.basePostcode!);
      expect(found.ok, t.basePostcode!).toBe(true);
      if (found.ok) expect([found.lat, found.lng]).toEqual([t.baseLat, t.baseLng]);
    }
  });

  it('keeps every timestamp in the past and every conversation between two different people', async () => {
    const { db } = ctx.database();
    const times = [
      ...(await db.select({ at: users.createdAt }).from(users)),
      ...(await db.select({ at: jobPostings.updatedAt }).from(jobPostings)),
      ...(await db.select({ at: quotes.updatedAt }).from(quotes)),
      ...(await db.select({ at: bookings.updatedAt }).from(bookings)),
      ...(await db.select({ at: reviews.createdAt }).from(reviews)),
      ...(await db.select({ at: messages.createdAt }).from(messages)),
    ];
    for (const { at } of times) expect(at.getTime()).toBeLessThanOrEqual(NOW.getTime());
    for (const c of await db.select().from(conversations))
      expect(c.participantOneId).not.toBe(c.participantTwoId);
  });

  it('creates the three demo accounts, signed in with the demo password', async () => {
    const { db } = ctx.database();
    const byEmail = new Map((await db.select().from(users)).map((u) => [u.email, u]));
    for (const account of DEMO_ACCOUNTS) {
      const user = byEmail.get(account.email);
      expect(user, account.email).toBeDefined();
      expect(user!.passwordHash).toBe(passwordHash);
    }
    expect(await verifyPassword(DEMO_PASSWORD, passwordHash)).toBe(true);
    const admin = byEmail.get('admin@tradenest.demo')!;
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, admin.id))).toEqual([
      expect.objectContaining({ role: 'admin' }),
    ]);
  });

  it('gives the demo customer jobs in every state, a booking ready for payment and messages', async () => {
    const { db } = ctx.database();
    const [customer] = await db.select().from(users).where(eq(users.email, 'customer@tradenest.demo'));
    const jobs = await db.select().from(jobPostings).where(eq(jobPostings.customerId, customer!.id));
    expect(new Set(jobs.map((j) => j.status))).toEqual(new Set(JOB_STATUSES));
    const mine = await db.select().from(bookings).where(eq(bookings.customerId, customer!.id));
    expect(mine.some((b) => b.status === 'completed' && !b.depositPaid)).toBe(true);
    const sent = await db.select().from(messages).where(eq(messages.senderId, customer!.id));
    expect(sent.length).toBeGreaterThan(0);
  });

  it('gives the demo tradesperson a verified profile with quotes, bookings and reviews', async () => {
    const { db } = ctx.database();
    const [user] = await db.select().from(users).where(eq(users.email, 'tradesperson@tradenest.demo'));
    const [profile] = await db
      .select()
      .from(tradespersonProfiles)
      .where(eq(tradespersonProfiles.userId, user!.id));
    expect(profile!.verified).toBe(true);
    const mine = await db.select().from(quotes).where(eq(quotes.tradespersonId, user!.id));
    expect(new Set(mine.map((q) => q.status))).toEqual(new Set(['pending', 'accepted', 'rejected']));
    expect(
      (await db.select().from(bookings).where(eq(bookings.tradespersonId, user!.id))).length,
    ).toBeGreaterThanOrEqual(4);
    expect(
      (await db.select().from(reviews).where(eq(reviews.revieweeId, user!.id))).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('gives every tradesperson a working week, and some (the demo account among them) a week off to come', async () => {
    const { db } = ctx.database();
    const weeks = await db.select().from(tradespersonAvailability);
    expect(weeks).toHaveLength((await db.select().from(tradespersonProfiles)).length);
    for (const week of weeks) {
      expect(AvailabilityBody.safeParse(week).success).toBe(true);
      expect(week.weeklyPattern.map((d) => d.weekday).slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
      expect(week.leadTimeDays).toBeGreaterThanOrEqual(1);
      expect(week.updatedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(weeks.some((w) => w.weeklyPattern.some((d) => d.weekday === 6))).toBe(true);
    const periods = await db.select().from(timeOff);
    expect(periods.length).toBeGreaterThan(10);
    for (const p of periods) {
      expect(isoWeekday(p.startsOn)).toBe(1);
      expect(p.startsOn > NOW.toISOString().slice(0, 10)).toBe(true);
    }
    const [demo] = await db.select().from(users).where(eq(users.email, 'tradesperson@tradenest.demo'));
    expect(periods.filter((p) => p.tradespersonId === demo!.id)).toHaveLength(1);
  });
});
