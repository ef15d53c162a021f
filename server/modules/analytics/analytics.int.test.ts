import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { AnalyticsView } from '../../../domain/analytics/api';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import type { App } from '../../app';
import { profileDailyStats } from '../../db/schema';
import {
  createBooking,
  createCustomer,
  createJob,
  createQuote,
  createReview,
  createTradesperson,
} from '../../seed/factories';
import { ProfileCounters } from './profile-counters';

// Each figure of GET /analytics against data written by hand, on a clock standing at noon on
// 15 March 2026 (GMT, so the UK day is the 15th): the 30 days are 14 February to 15 March, the 30
// before them 15 January to 13 February.
describeOnDatabases('analytics', (ctx) => {
  const db = () => ctx.database().db;
  const NOW = new Date('2026-03-15T12:00:00Z');
  const at = (iso: string) => new Date(iso);

  /** The scenario, with each number worked out in the comments. */
  async function scenario() {
    const me = await createTradesperson(db(), { verified: true, trade: 'Plumber', basePostcode: 'M1 1AE' });
    const other = await createTradesperson(db(), { trade: 'Plumber', basePostcode: 'M1 1AE' });
    const regular = await createCustomer(db());
    const job = (
      category: 'Plumbing' | 'Electrical',
      posted: string,
      customerId?: string,
      postcode?: string,
    ) => createJob(db(), { category, createdAt: at(posted), status: 'in_progress', customerId, postcode });
    const quote = (
      jobId: string,
      tradespersonId: string,
      sent: string,
      status: 'pending' | 'accepted' | 'rejected',
      amount?: number,
    ) => createQuote(db(), { jobId, tradespersonId, createdAt: at(sent), status, amount });

    // In the period, in the area (Plumbing, Manchester):
    // A: my quote after 120 min, won; the other's after 60 min. First quote: 60 min.
    const a = await job('Plumbing', '2026-03-01T09:00:00Z', regular.id);
    const wonA = await quote(a.id, me.id, '2026-03-01T11:00:00Z', 'accepted');
    await quote(a.id, other.id, '2026-03-01T10:00:00Z', 'rejected');
    // B: mine after 600 min, lost; the other's after 30 min. First quote: 30 min.
    const b = await job('Plumbing', '2026-03-02T09:00:00Z');
    await quote(b.id, me.id, '2026-03-02T19:00:00Z', 'rejected');
    await quote(b.id, other.id, '2026-03-02T09:30:00Z', 'rejected');
    // C: mine after 1,440 min, undecided. First quote: 1,440 min.
    const c = await job('Plumbing', '2026-03-03T09:00:00Z');
    await quote(c.id, me.id, '2026-03-04T09:00:00Z', 'pending');
    // Out of the area: E is Electrical (mine after 60 min, won), F is in London.
    const e = await job('Electrical', '2026-03-06T09:00:00Z');
    const wonE = await quote(e.id, me.id, '2026-03-06T10:00:00Z', 'accepted');
    const f = await job('Plumbing', '2026-03-07T09:00:00Z', undefined, 'SW1A 1AA');
    await quote(f.id, other.id, '2026-03-07T09:10:00Z', 'accepted');
    // The period before: D, mine after 30 min, won, from the same customer as A.
    const d = await job('Plumbing', '2026-02-01T10:00:00Z', regular.id);
    const wonD = await quote(d.id, me.id, '2026-02-01T10:30:00Z', 'accepted', 40_000);

    // Bookings: A completed and paid on 1 March (released on the 8th: £250 less 15% = £212.50),
    // reviewed 4★; E completed on 10 March, unpaid, not reviewed; D completed and paid on 2 February
    // (released on the 9th: £400 less 15% = £340), reviewed 5★.
    const bookingA = await createBooking(db(), {
      quoteId: wonA.id,
      status: 'completed',
      depositPaid: true,
      createdAt: at('2026-03-01T12:00:00Z'),
      paidAt: at('2026-03-01T12:00:00Z'),
      completedAt: at('2026-03-05T12:00:00Z'),
    });
    await createBooking(db(), {
      quoteId: wonE.id,
      status: 'completed',
      createdAt: at('2026-03-06T12:00:00Z'),
      completedAt: at('2026-03-10T12:00:00Z'),
    });
    const bookingD = await createBooking(db(), {
      quoteId: wonD.id,
      status: 'completed',
      depositPaid: true,
      createdAt: at('2026-02-01T12:00:00Z'),
      paidAt: at('2026-02-02T12:00:00Z'),
      completedAt: at('2026-02-05T12:00:00Z'),
    });
    await createReview(db(), { bookingId: bookingA.id, rating: 4, publishedAt: at('2026-03-06T12:00:00Z') });
    await createReview(db(), { bookingId: bookingD.id, rating: 5, publishedAt: at('2026-02-07T12:00:00Z') });
    // Counters of the period before, as an earlier flush left them.
    await db()
      .insert(profileDailyStats)
      .values({ tradespersonId: me.id, day: '2026-02-01', profileViews: 2, searchAppearances: 5 });
    return { me, other };
  }

  const analytics = async (app: App, cookie: string, period = '30d') => {
    const res = await app.inject({ url: `/api/v1/analytics?period=${period}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as AnalyticsView;
  };

  it('computes each figure of the period and the one before from the data', async () => {
    const clock = new ManualClock(NOW);
    const app = await ctx.app({}, { clock });
    const { me } = await scenario();
    // Today's counts come through the app: 3 visitors' views (my own is not one), 2 search pages.
    for (let i = 0; i < 3; i++)
      expect((await app.inject({ url: `/api/v1/tradespeople/${me.id}` })).statusCode).toBe(200);
    const cookie = await sessionFor(db(), me.id);
    await app.inject({ url: `/api/v1/tradespeople/${me.id}`, headers: { cookie } });
    for (let i = 0; i < 2; i++)
      expect((await app.inject({ url: '/api/v1/tradespeople' })).statusCode).toBe(200);
    await app.profileCounters.flush();

    const view = await analytics(app, cookie);
    expect(view.current).toEqual({ start: '2026-02-14', end: '2026-03-16' });
    expect(view.previous).toEqual({ start: '2026-01-15', end: '2026-02-14' });
    expect(view.figures).toEqual({
      profileViews: { current: 3, previous: 2 },
      searchAppearances: { current: 2, previous: 5 },
      quotesSent: { current: 4, previous: 1 },
      quotesWon: { current: 2, previous: 1 },
      quotesDecided: { current: 3, previous: 1 },
      winRate: { current: 2 / 3, previous: 1 },
      // Mine: 60, 120, 600, 1,440 → 360; before: 30.
      medianResponseMinutes: { current: 360, previous: 30 },
      // The area's first quotes: A 60, B 30, C 1,440 → 60; before: D 30.
      areaMedianResponseMinutes: { current: 60, previous: 30 },
      jobsCompleted: { current: 2, previous: 1 },
      earningsPence: { current: 21_250, previous: 34_000 },
      averageRating: { current: 4, previous: 5 },
      reviewCount: { current: 1, previous: 1 },
      // The customer of A and D: a second booking in the period; before it, their first.
      repeatCustomers: { current: 1, previous: 0 },
      completedWithoutReview: 1,
    });
    // The area's quotes on A, B and C: within 4 h mine on A (won) and the other's on A and B;
    // later mine on B (lost) and on C (undecided).
    expect(view.area).toEqual({
      quotes: { decided: 4, won: 1 },
      fast: { decided: 3, won: 1 },
      slow: { decided: 1, won: 0 },
    });
    expect(view.series).toHaveLength(30);
    const day = (date: string) => view.series.find((p) => p.start === date);
    expect(day('2026-03-01')).toEqual({
      start: '2026-03-01',
      end: '2026-03-02',
      profileViews: 0,
      searchAppearances: 0,
      quotesSent: 1,
      quotesWon: 1,
      earningsPence: 0,
      reviewCount: 0,
      averageRating: null,
    });
    expect(day('2026-03-08')?.earningsPence).toBe(21_250);
    expect(day('2026-03-06')).toMatchObject({
      quotesSent: 1,
      quotesWon: 1,
      reviewCount: 1,
      averageRating: 4,
    });
    expect(day('2026-03-15')).toMatchObject({ profileViews: 3, searchAppearances: 2 });
    expect(view.suggestions).toEqual([
      {
        kind: 'ask_for_reviews',
        text: 'Ask the customers of your completed jobs for a review: reviews help new customers choose you.',
        basis: '1 job completed in the last 30 days has no review from the customer yet.',
      },
    ]);

    // 12 months hold all of it, by month; nothing before.
    const year = await analytics(app, cookie, '12m');
    expect(year.current).toEqual({ start: '2025-03-16', end: '2026-03-16' });
    expect(year.series).toHaveLength(12);
    expect(year.figures.quotesSent).toEqual({ current: 5, previous: 0 });
    expect(year.figures.earningsPence).toEqual({ current: 55_250, previous: 0 });
    expect(year.figures.averageRating).toEqual({ current: 4.5, previous: null });
    expect(year.series.at(-1)).toMatchObject({ start: '2026-02-16', end: '2026-03-16', quotesSent: 4 });
  });

  it('is the signed-in tradesperson’s alone', async () => {
    const app = await ctx.app({}, { clock: new ManualClock(NOW) });
    expect((await app.inject({ url: '/api/v1/analytics' })).statusCode).toBe(401);
    const customer = await sessionFor(db(), (await createCustomer(db())).id);
    const res = await app.inject({ url: '/api/v1/analytics', headers: { cookie: customer } });
    expect(res.statusCode).toBe(404);
    const bad = await app.inject({ url: '/api/v1/analytics?period=7d', headers: { cookie: customer } });
    expect(bad.statusCode).toBe(400);
  });

  it('shows a new tradesperson zeros and no suggestion, and reads again after 30 s', async () => {
    const clock = new ManualClock(NOW);
    const app = await ctx.app({}, { clock });
    const me = await createTradesperson(db(), { verified: true, basePostcode: null });
    const cookie = await sessionFor(db(), me.id);
    const empty = await analytics(app, cookie);
    expect(empty.figures.quotesSent).toEqual({ current: 0, previous: 0 });
    expect(empty.figures.winRate).toEqual({ current: null, previous: null });
    expect(empty.area).toBeNull();
    expect(empty.suggestions).toEqual([]);
    await createQuote(db(), { tradespersonId: me.id, createdAt: at('2026-03-15T11:00:00Z') });
    // Kept for 30 s on this instance, then read again.
    expect((await analytics(app, cookie)).figures.quotesSent.current).toBe(0);
    clock.advance(30_000);
    expect((await analytics(app, cookie)).figures.quotesSent.current).toBe(1);
  });

  it('keeps the area’s figures for 10 minutes and the tradesperson’s own for 30 seconds', async () => {
    const clock = new ManualClock(NOW);
    const app = await ctx.app({}, { clock });
    const me = await createTradesperson(db(), { verified: true, trade: 'Plumber', basePostcode: 'LS1 4AP' });
    const other = await createTradesperson(db(), { trade: 'Plumber', basePostcode: 'LS1 4AP' });
    const cookie = await sessionFor(db(), me.id);
    // In Leeds: the other tests' jobs (Manchester, London) are out of this area.
    const quoted = async (status: 'accepted' | 'rejected', tradespersonId: string) => {
      const job = await createJob(db(), {
        category: 'Plumbing',
        postcode: 'LS1 4AP',
        createdAt: at('2026-03-10T09:00:00Z'),
      });
      await createQuote(db(), {
        jobId: job.id,
        tradespersonId,
        status,
        createdAt: at('2026-03-10T10:00:00Z'),
      });
    };
    await quoted('rejected', other.id);
    expect((await analytics(app, cookie)).area?.quotes).toEqual({ decided: 1, won: 0 });

    await quoted('accepted', other.id);
    await quoted('accepted', me.id);
    clock.advance(30_000);
    const later = await analytics(app, cookie);
    expect(later.figures.quotesSent.current).toBe(1);
    expect(later.area?.quotes).toEqual({ decided: 1, won: 0 });
    clock.advance(10 * 60_000);
    expect((await analytics(app, cookie)).area?.quotes).toEqual({ decided: 3, won: 2 });
  });

  it('writes the counts once per flush, adds two instances’ flushes together, and keeps UK days', async () => {
    const clock = new ManualClock(new Date('2026-07-01T22:30:00Z'));
    const me = await createTradesperson(db());
    const one = new ProfileCounters({ db: db(), clock, flushMs: 0 });
    const two = new ProfileCounters({ db: db(), clock, flushMs: 0 });
    const row = async (day: string) =>
      (
        await db()
          .select({ views: profileDailyStats.profileViews, appearances: profileDailyStats.searchAppearances })
          .from(profileDailyStats)
          .where(and(eq(profileDailyStats.tradespersonId, me.id), eq(profileDailyStats.day, day)))
      )[0];

    one.profileViewed(me.id);
    one.profileViewed(me.id);
    one.appearedInSearch([me.id]);
    await one.flush();
    await one.flush();
    expect(await row('2026-07-01')).toEqual({ views: 2, appearances: 1 });

    // 23:30 in London: the next day's row. Both instances flush at once; both counts land.
    clock.advance(60 * 60_000);
    for (let i = 0; i < 5; i++) one.profileViewed(me.id);
    for (let i = 0; i < 7; i++) two.profileViewed(me.id);
    two.appearedInSearch([me.id, me.id]);
    await Promise.all([one.flush(), two.flush()]);
    expect(await row('2026-07-02')).toEqual({ views: 12, appearances: 2 });
    expect(await row('2026-07-01')).toEqual({ views: 2, appearances: 1 });
    await Promise.all([one.close(), two.close()]);
    expect(await row('2026-07-02')).toEqual({ views: 12, appearances: 2 });
  });

  it('writes what is counted when the app closes', async () => {
    const clock = new ManualClock(NOW);
    const app = await ctx.app({}, { clock });
    const me = await createTradesperson(db(), { verified: true });
    await app.inject({ url: `/api/v1/tradespeople/${me.id}` });
    await app.close();
    const [stats] = await db()
      .select()
      .from(profileDailyStats)
      .where(eq(profileDailyStats.tradespersonId, me.id));
    expect(stats).toMatchObject({ day: '2026-03-15', profileViews: 1, searchAppearances: 0 });
  });
});
