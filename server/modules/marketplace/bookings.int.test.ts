import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import type { App } from '../../app';
import { jobPostings, quotes, reviews } from '../../db/schema';
import {
  createBooking,
  createCustomer,
  createJob,
  createQuote,
  createTradesperson,
} from '../../seed/factories';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** One page of My Bookings as `cookie`'s user sees it (200 expected). */
async function myBookingsPage(app: App, cookie: string, query: string) {
  const res = await app.inject({ url: `/api/v1/bookings/mine${query}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { bookings: { id: string }[]; nextCursor: string | null };
}

describeOnDatabases('booking a date', (ctx) => {
  const db = () => ctx.database().db;

  it('pages My Bookings newest first, 20 at a time, for either party', async () => {
    const app = await ctx.app();
    const pro = await createTradesperson(db(), { verified: true });
    const start = Date.UTC(2026, 0, 1);
    // 21 bookings of one tradesperson a minute apart, the 20th and 21st newest at the same moment.
    const made = [];
    for (let i = 0; i < 21; i++) {
      const job = await createJob(db(), { status: 'in_progress' });
      const quote = await createQuote(db(), { jobId: job.id, tradespersonId: pro.id, status: 'accepted' });
      const createdAt = new Date(start + (i === 0 ? 1 : i) * 60_000);
      made.push(await createBooking(db(), { quoteId: quote.id, createdAt }));
    }
    await createBooking(db()); // someone else's
    const newestFirst = [...made]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((b) => b.id);
    const cookie = await sessionFor(db(), pro.id);
    const page = (query: string) => myBookingsPage(app, cookie, query);
    const first = await page('');
    expect(first.bookings.map((b) => b.id)).toEqual(newestFirst.slice(0, 20));
    const second = await page(`?cursor=${first.nextCursor}`);
    expect(second.bookings.map((b) => b.id)).toEqual(newestFirst.slice(20));
    expect(second.nextCursor).toBeNull();

    // The customer of one of them sees only theirs, on one page.
    const customerCookie = await sessionFor(db(), made[3]!.customerId);
    const theirs = await app.inject({ url: '/api/v1/bookings/mine', headers: { cookie: customerCookie } });
    expect(theirs.json()).toMatchObject({ bookings: [{ id: made[3]!.id }], nextCursor: null });

    const bad = await app.inject({
      url: '/api/v1/bookings/mine?cursor=bm90LWEtY3Vyc29y',
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('That page link is not valid');
  });

  it('pages the bookings of someone on both sides as one list, newest first', async () => {
    const app = await ctx.app();
    const person = await createTradesperson(db(), { verified: true });
    const start = Date.UTC(2026, 1, 1);
    // 13 bookings as the tradesperson and 13 as the customer, alternating a minute apart: each side is
    // read along its own index, and a page must still be the newest of both.
    const made = [];
    for (let i = 0; i < 26; i++) {
      const asCustomer = i % 2 === 1;
      const job = await createJob(db(), {
        status: 'in_progress',
        ...(asCustomer ? { customerId: person.id } : {}),
      });
      const quote = await createQuote(db(), {
        jobId: job.id,
        status: 'accepted',
        ...(asCustomer ? {} : { tradespersonId: person.id }),
      });
      made.push(await createBooking(db(), { quoteId: quote.id, createdAt: new Date(start + i * 60_000) }));
    }
    const newestFirst = made.map((b) => b.id).reverse();
    const cookie = await sessionFor(db(), person.id);
    const page = (query: string) => myBookingsPage(app, cookie, query);
    const first = await page('');
    expect(first.bookings.map((b) => b.id)).toEqual(newestFirst.slice(0, 20));
    const second = await page(`?cursor=${first.nextCursor}`);
    expect(second.bookings.map((b) => b.id)).toEqual(newestFirst.slice(20));
    expect(second.nextCursor).toBeNull();
  });

  it("creates a pending booking at the quote's amount, whatever amount the browser sends", async () => {
    const app = await ctx.app();
    const job = await createJob(db());
    const q = await createQuote(db(), { jobId: job.id, amount: 18_500 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: { cookie: await sessionFor(db(), job.customerId) },
      payload: { quoteId: q.id, scheduledDate: inDays(3), amount: 1 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().booking).toMatchObject({ status: 'pending', amount: 18_500, scheduledDate: inDays(3) });
  });

  it("refuses a past date and a missing one with the spec's words", async () => {
    const app = await ctx.app();
    const job = await createJob(db());
    const q = await createQuote(db(), { jobId: job.id });
    const cookie = await sessionFor(db(), job.customerId);
    const past = await app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: { cookie },
      payload: { quoteId: q.id, scheduledDate: '2020-01-01' },
    });
    expect(past.json().error.message).toBe('Please choose a date from today onwards');
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: { cookie },
      payload: { quoteId: q.id },
    });
    expect(missing.json().error.message).toBe('Please select a date');
    const [row] = await db().select().from(jobPostings).where(eq(jobPostings.id, job.id));
    expect(row!.status).toBe('open');
  });

  // '2027-02-29' and friends used to reach PostgreSQL, which refused them: a 500 after the quote was
  // already accepted inside the transaction.
  it.each([
    ['2026-13-01', 'Please select a date'],
    ['2027-02-29', 'Please select a date'],
    ['2027-01-32', 'Please select a date'],
    ['2026-00-10', 'Please select a date'],
    ['9999-12-31', 'Please choose a date no more than a year from today'],
    [inDays(400), 'Please choose a date no more than a year from today'],
  ])('refuses %s (%s) and accepts nothing', async (scheduledDate, message) => {
    const app = await ctx.app();
    const job = await createJob(db());
    const q = await createQuote(db(), { jobId: job.id });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: { cookie: await sessionFor(db(), job.customerId) },
      payload: { quoteId: q.id, scheduledDate },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_error',
      message,
      details: [{ field: 'scheduledDate', message }],
    });
    const [quote] = await db().select().from(quotes).where(eq(quotes.id, q.id));
    expect(quote!.status).toBe('pending');
  });
});

describeOnDatabases('moving a booking along', (ctx) => {
  const db = () => ctx.database().db;
  const act = async (bookingId: string, action: string, userId: string) =>
    (await ctx.app()).inject({
      method: 'POST',
      url: `/api/v1/bookings/${bookingId}/${action}`,
      headers: { cookie: await sessionFor(db(), userId) },
    });

  it('lets the tradesperson confirm a pending booking, then mark it complete', async () => {
    const booking = await createBooking(db(), { status: 'pending' });
    expect((await act(booking.id, 'confirm', booking.customerId)).statusCode).toBe(403);
    expect((await act(booking.id, 'complete', booking.tradespersonId)).statusCode).toBe(409);
    const confirmed = await act(booking.id, 'confirm', booking.tradespersonId);
    expect(confirmed.json().booking.status).toBe('confirmed');
    const done = await act(booking.id, 'complete', booking.tradespersonId);
    expect(done.json().booking).toMatchObject({ status: 'completed', depositPaid: false });
    expect(done.json().booking.completedAt).not.toBeNull();
    expect((await act(booking.id, 'complete', booking.tradespersonId)).json().error.code).toBe(
      'booking_state',
    );
  });

  it('reopens the job when a pending booking is declined, and hides bookings from outsiders', async () => {
    const booking = await createBooking(db(), { status: 'pending' });
    const outsider = await createTradesperson(db());
    expect((await act(booking.id, 'decline', outsider.id)).statusCode).toBe(404);
    const declined = await act(booking.id, 'decline', booking.tradespersonId);
    expect(declined.json().booking.status).toBe('cancelled');
    const [job] = await db().select().from(jobPostings).where(eq(jobPostings.id, booking.jobId));
    expect(job).toMatchObject({ status: 'open', liveQuoteCount: 0 });
    const [quote] = await db().select().from(quotes).where(eq(quotes.id, booking.quoteId));
    expect(quote!.status).toBe('rejected');
  });

  it('lets the customer cancel before confirmation but not after', async () => {
    const pending = await createBooking(db(), { status: 'pending' });
    expect((await act(pending.id, 'cancel', pending.customerId)).json().booking.status).toBe('cancelled');
    const confirmed = await createBooking(db(), { status: 'confirmed' });
    expect((await act(confirmed.id, 'cancel', confirmed.customerId)).statusCode).toBe(409);
  });
});

describeOnDatabases('the tradesperson dashboard', (ctx) => {
  const db = () => ctx.database().db;

  it('computes its figures from real data, rating included', async () => {
    const app = await ctx.app();
    const pro = await createTradesperson(db());
    const customer = await createCustomer(db());
    await createQuote(db(), { tradespersonId: pro.id });
    await createQuote(db(), { tradespersonId: pro.id });
    const confirmedQuote = await createQuote(db(), {
      tradespersonId: pro.id,
      status: 'accepted',
      jobId: (await createJob(db(), { customerId: customer.id, status: 'in_progress' })).id,
    });
    await createBooking(db(), { quoteId: confirmedQuote.id, status: 'confirmed' });
    for (const [amount, rating] of [
      [12_345, 5],
      [100_005, 4],
    ] as const) {
      const q = await createQuote(db(), {
        tradespersonId: pro.id,
        status: 'accepted',
        amount,
        jobId: (await createJob(db(), { status: 'completed' })).id,
      });
      // Paid three weeks ago: released after the 7-day window, so it counts as earnings.
      const b = await createBooking(db(), {
        quoteId: q.id,
        status: 'completed',
        depositPaid: true,
        paidAt: new Date(Date.now() - 21 * 24 * 3600_000),
      });
      await db().insert(reviews).values({
        bookingId: b.id,
        reviewerId: b.customerId,
        revieweeId: pro.id,
        rating,
        publishedAt: new Date(),
        revealDueAt: new Date(),
      });
    }
    const res = await app.inject({
      url: '/api/v1/tradesperson/dashboard',
      headers: { cookie: await sessionFor(db(), pro.id) },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stats).toEqual({
      activeJobs: 1,
      pendingQuotes: 2,
      // Released money after the 15% fee: 12,345 − 1,852 and 100,005 − 15,001.
      totalEarningsPence: 95_497,
      rating: 4.5,
      reviewCount: 2,
    });
    expect(body.recentQuotes).toHaveLength(5);
    expect(body.activeJobs.map((b: { status: string }) => b.status)).toEqual(['confirmed']);
    // Completed work that is unpaid, or paid but still held in escrow, is not earnings yet.
    const unpaid = await createQuote(db(), { tradespersonId: pro.id, status: 'accepted', amount: 13_500 });
    await createBooking(db(), { quoteId: unpaid.id, status: 'completed' });
    const held = await createQuote(db(), { tradespersonId: pro.id, status: 'accepted', amount: 20_000 });
    await createBooking(db(), { quoteId: held.id, status: 'completed', depositPaid: true });
    const again = await app.inject({
      url: '/api/v1/tradesperson/dashboard',
      headers: { cookie: await sessionFor(db(), pro.id) },
    });
    expect(again.json().stats.totalEarningsPence).toBe(95_497);
    const asCustomer = await app.inject({
      url: '/api/v1/tradesperson/dashboard',
      headers: { cookie: await sessionFor(db(), customer.id) },
    });
    expect(asCustomer.statusCode).toBe(404);
  });
});
