import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { londonToday } from '../../../domain/marketplace/schemas';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { bookings, domainEvents, jobPostings, quoteRevisions, quotes } from '../../db/schema';
import {
  createAdmin,
  createBooking,
  createCustomer,
  createJob,
  createQuote,
  createReview,
  createTradesperson,
} from '../../seed/factories';

const DAY_MS = 86_400_000;
const VAT_NUMBER = 'GB980780684';
const dayAfter = (days: number) => londonToday(new Date(Date.now() + days * DAY_MS));

const items = [
  { kind: 'labour', description: 'Fit the radiator', quantity: '2.5', unitPrice: '45' },
  { kind: 'materials', description: 'Radiator and valves', quantity: 1, unitPrice: '120.49' },
];
const withRates = (rates: (string | null)[]) => items.map((item, i) => ({ ...item, vatRate: rates[i] }));

describeOnDatabases('itemised quotes', (ctx) => {
  const db = () => ctx.database().db;
  const send = async (
    userId: string,
    method: 'POST' | 'PATCH' | 'GET',
    url: string,
    payload?: object,
    clock?: ManualClock,
  ) => {
    const app = await ctx.app({}, clock ? { clock } : undefined);
    return app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { cookie: await sessionFor(db(), userId) },
      ...(payload ? { payload } : {}),
    });
  };
  const quotesOf = (jobId: string) => db().select().from(quotes).where(eq(quotes.jobId, jobId));

  it('prices the lines on the server: the amount is the total, the lines and totals are stored', async () => {
    const job = await createJob(db());
    const pro = await createTradesperson(db());
    const res = await send(pro.id, 'POST', `/jobs/${job.id}/quotes`, {
      message: 'Two days, materials included.',
      lineItems: items,
      validUntil: dayAfter(14),
      exclusions: 'Making good the plaster',
      estimatedStart: dayAfter(7),
      estimatedDurationDays: 2,
    });
    expect(res.statusCode).toBe(201);
    // 2.5 × £45 = £112.50, + £120.49 = £232.99; not VAT registered, so no VAT.
    expect(res.json().quote).toMatchObject({
      amount: 23_299,
      vatNumber: null,
      revision: 1,
      expired: false,
      exclusions: 'Making good the plaster',
      estimatedDurationDays: 2,
      breakdown: { subtotalPence: 23_299, vatPence: 0, totalPence: 23_299, vatByRate: [] },
    });
    expect(res.json().quote.breakdown.lines.map((l: { netPence: number }) => l.netPence)).toEqual([
      11_250, 12_049,
    ]);
    const [row] = await quotesOf(job.id);
    expect(row).toMatchObject({ amount: 23_299, subtotalPence: 23_299, vatPence: 0, vatNumber: null });
    expect(row!.lineItems).toHaveLength(2);
  });

  it('lets only a tradesperson with a VAT number charge VAT, on every line, and names the number', async () => {
    const job = await createJob(db());
    const unregistered = await createTradesperson(db());
    const refused = await send(unregistered.id, 'POST', `/jobs/${job.id}/quotes`, {
      message: 'With VAT',
      lineItems: withRates(['standard', 'standard']),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'validation_error',
      message: 'Add your VAT number to your profile before charging VAT',
    });

    const registered = await createTradesperson(db(), { vatNumber: VAT_NUMBER });
    const missingRate = await send(registered.id, 'POST', `/jobs/${job.id}/quotes`, {
      message: 'One line without a rate',
      lineItems: withRates(['standard', null]),
    });
    expect(missingRate.statusCode).toBe(400);
    expect(missingRate.json().error.message).toBe('Choose a VAT rate');
    expect(await quotesOf(job.id)).toEqual([]);

    const ok = await send(registered.id, 'POST', `/jobs/${job.id}/quotes`, {
      message: 'Labour at 20%, the radiator at 5% (energy-saving)',
      lineItems: withRates(['standard', 'reduced']),
    });
    expect(ok.statusCode).toBe(201);
    // 20% of £112.50 = £22.50; 5% of £120.49 = £6.0245 → £6.02; £232.99 + £28.52 = £261.51.
    expect(ok.json().quote).toMatchObject({ amount: 26_151, vatNumber: VAT_NUMBER });
  });

  it('refuses an amount that is not the total of the items, naming the total, and stores nothing', async () => {
    const job = await createJob(db());
    const registered = await createTradesperson(db(), { vatNumber: VAT_NUMBER });
    const wrong = await send(registered.id, 'POST', `/jobs/${job.id}/quotes`, {
      message: 'x',
      lineItems: withRates(['standard', 'reduced']),
      amount: '261.52',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(
      "The amount must equal the items' total of £261.51, or be left out",
    );
    expect(wrong.json().error.details).toEqual([
      { field: 'amount', message: "The amount must equal the items' total of £261.51, or be left out" },
    ]);
    expect(await quotesOf(job.id)).toEqual([]);

    const right = await send(registered.id, 'POST', `/jobs/${job.id}/quotes`, {
      message: 'x',
      lineItems: withRates(['standard', 'reduced']),
      amount: 261.51,
    });
    expect(right.statusCode).toBe(201);
    expect(right.json().quote).toMatchObject({
      amount: 26_151,
      vatNumber: VAT_NUMBER,
      breakdown: {
        subtotalPence: 23_299,
        vatPence: 2_852,
        vatByRate: [
          { rate: 'standard', netPence: 11_250, vatPence: 2_250 },
          { rate: 'reduced', netPence: 12_049, vatPence: 602 },
        ],
      },
    });
    const [row] = await quotesOf(job.id);
    expect(row).toMatchObject({ subtotalPence: 23_299, vatPence: 2_852, vatNumber: VAT_NUMBER });
  });

  it("keeps the spec's one-figure quote: VAT-inclusive as typed, the VAT number kept when there is one", async () => {
    const job = await createJob(db());
    const registered = await createTradesperson(db(), { vatNumber: VAT_NUMBER });
    const res = await send(registered.id, 'POST', `/jobs/${job.id}/quotes`, {
      amount: '150',
      message: 'Fixed',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().quote).toMatchObject({ amount: 15_000, breakdown: null, vatNumber: VAT_NUMBER });
    const [row] = await quotesOf(job.id);
    expect(row).toMatchObject({ subtotalPence: null, vatPence: 0, lineItems: null });
  });
});

describeOnDatabases('quote revisions', (ctx) => {
  const db = () => ctx.database().db;
  const send = async (userId: string, method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) => {
    const app = await ctx.app();
    return app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { cookie: await sessionFor(db(), userId) },
      ...(payload ? { payload } : {}),
    });
  };

  it('keeps each replaced version, counts the revisions and tells the customer', async () => {
    const job = await createJob(db());
    const pro = await createTradesperson(db());
    const first = await send(pro.id, 'POST', `/jobs/${job.id}/quotes`, { amount: '200', message: 'First' });
    const id = first.json().quote.id;
    const second = await send(pro.id, 'PATCH', `/quotes/${id}`, {
      message: 'Itemised now',
      lineItems: items,
      exclusions: 'Skip hire',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().quote).toMatchObject({ revision: 2, amount: 23_299, exclusions: 'Skip hire' });
    const third = await send(pro.id, 'PATCH', `/quotes/${id}`, { amount: '210', message: 'Simpler again' });
    expect(third.json().quote).toMatchObject({
      revision: 3,
      amount: 21_000,
      breakdown: null,
      exclusions: null,
    });

    const history = await send(job.customerId, 'GET', `/quotes/${id}/revisions`);
    expect(history.statusCode).toBe(200);
    const revisions = history.json().revisions;
    expect(revisions.map((r: { revision: number; amount: number }) => [r.revision, r.amount])).toEqual([
      [2, 23_299],
      [1, 20_000],
    ]);
    expect(revisions[0]).toMatchObject({
      message: 'Itemised now',
      exclusions: 'Skip hire',
      breakdown: { totalPence: 23_299 },
    });
    expect(revisions[1]).toMatchObject({
      message: 'First',
      breakdown: null,
      madeAt: first.json().quote.updatedAt,
    });

    const events = await db().select().from(domainEvents).where(eq(domainEvents.type, 'quote.edited'));
    expect(events.filter((e) => (e.payload as { quoteId: string }).quoteId === id)).toHaveLength(2);
  });

  it('shows the earlier versions to the tradesperson, the customer and admins, and 404 to anyone else', async () => {
    const quote = await createQuote(db());
    const [job] = await db().select().from(jobPostings).where(eq(jobPostings.id, quote.jobId));
    await send(quote.tradespersonId, 'PATCH', `/quotes/${quote.id}`, { amount: '260', message: 'Revised' });
    const see = async (userId: string) =>
      (await send(userId, 'GET', `/quotes/${quote.id}/revisions`)).statusCode;
    expect(await see(quote.tradespersonId)).toBe(200);
    expect(await see(job!.customerId)).toBe(200);
    expect(await see((await createAdmin(db())).id)).toBe(200);
    expect(await see((await createTradesperson(db())).id)).toBe(404);
    expect(await see((await createCustomer(db())).id)).toBe(404);
    const unknown = await send(
      quote.tradespersonId,
      'GET',
      '/quotes/00000000-0000-4000-8000-000000000000/revisions',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('counts tradespeople, not revisions, against the cap of 3 quotes', async () => {
    const job = await createJob(db());
    const pros = [
      await createTradesperson(db()),
      await createTradesperson(db()),
      await createTradesperson(db()),
    ];
    const ids: string[] = [];
    for (const pro of pros) {
      ids.push(
        (await send(pro.id, 'POST', `/jobs/${job.id}/quotes`, { amount: '100', message: 'v1' })).json().quote
          .id,
      );
    }
    for (const [i, pro] of pros.entries()) {
      for (const version of ['v2', 'v3']) {
        const res = await send(pro.id, 'PATCH', `/quotes/${ids[i]}`, { amount: '90', message: version });
        expect(res.statusCode).toBe(200);
      }
    }
    const fourth = await send((await createTradesperson(db())).id, 'POST', `/jobs/${job.id}/quotes`, {
      amount: '80',
      message: 'Me too',
    });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toEqual({
      code: 'quote_limit',
      message: 'This job already has 3 quotes, the most it can take',
    });
    const again = await send(pros[0]!.id, 'PATCH', `/quotes/${ids[0]}`, { amount: '85', message: 'v4' });
    expect(again.json().quote.revision).toBe(4);
    const [row] = await db().select().from(jobPostings).where(eq(jobPostings.id, job.id));
    expect(row!.liveQuoteCount).toBe(3);
    expect(await db().select().from(quoteRevisions).where(eq(quoteRevisions.quoteId, ids[0]!))).toHaveLength(
      3,
    );
  });

  it('refuses to revise a quote that is no longer pending, keeping no version', async () => {
    const quote = await createQuote(db(), { status: 'rejected' });
    const res = await send(quote.tradespersonId, 'PATCH', `/quotes/${quote.id}`, {
      amount: '1',
      message: 'x',
    });
    expect(res.statusCode).toBe(409);
    expect(await db().select().from(quoteRevisions).where(eq(quoteRevisions.quoteId, quote.id))).toEqual([]);
  });
});

describeOnDatabases('quote validity', (ctx) => {
  const db = () => ctx.database().db;

  it('shows a quote past its date as expired, refuses to accept it, and takes it once revised with a new date', async () => {
    const clock = new ManualClock();
    const app = await ctx.app({}, { clock });
    const as = async (userId: string) => ({ cookie: await sessionFor(db(), userId) });
    const job = await createJob(db());
    const pro = await createTradesperson(db());
    const sent = await app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${job.id}/quotes`,
      headers: await as(pro.id),
      payload: { amount: '300', message: 'Valid until tomorrow', validUntil: dayAfter(1) },
    });
    const id = sent.json().quote.id;
    clock.advance(3 * DAY_MS);

    const page = await app.inject({ url: `/api/v1/jobs/${job.id}`, headers: await as(job.customerId) });
    expect(page.json().job.quotes[0]).toMatchObject({ id, expired: true });
    const mine = await app.inject({ url: '/api/v1/quotes/mine', headers: await as(pro.id) });
    expect(mine.json().quotes[0]).toMatchObject({ id, expired: true });

    const refused = await app.inject({
      method: 'POST',
      url: `/api/v1/quotes/${id}/accept`,
      headers: await as(job.customerId),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'quote_expired',
      message: 'This quote has expired: ask the tradesperson to revise it with a new date',
    });
    expect(await db().select().from(bookings).where(eq(bookings.jobId, job.id))).toEqual([]);

    const revised = await app.inject({
      method: 'PATCH',
      url: `/api/v1/quotes/${id}`,
      headers: await as(pro.id),
      payload: { amount: '300', message: 'Still good', validUntil: dayAfter(10) },
    });
    expect(revised.json().quote).toMatchObject({ expired: false, revision: 2 });
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/v1/quotes/${id}/accept`,
      headers: await as(job.customerId),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().booking.amount).toBe(30_000);
  });

  it('is still acceptable on its last valid day', async () => {
    const clock = new ManualClock();
    const app = await ctx.app({}, { clock });
    const job = await createJob(db());
    const pro = await createTradesperson(db());
    const sent = await app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${job.id}/quotes`,
      headers: { cookie: await sessionFor(db(), pro.id) },
      payload: { amount: '300', message: 'Valid today', validUntil: londonToday(clock.now()) },
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/quotes/${sent.json().quote.id}/accept`,
      headers: { cookie: await sessionFor(db(), job.customerId) },
    });
    expect(res.statusCode).toBe(200);
  });
});

describeOnDatabases('comparing quotes', (ctx) => {
  const db = () => ctx.database().db;
  const compare = async (jobId: string, userId: string) =>
    (await ctx.app()).inject({
      url: `/api/v1/jobs/${jobId}/quotes/compare`,
      headers: { cookie: await sessionFor(db(), userId) },
    });

  it("lays the job's live quotes side by side for its customer, lowest total first", async () => {
    const app = await ctx.app();
    const job = await createJob(db(), { postcode: 'M1 1AE' });
    const near = await createTradesperson(db(), {
      verified: true,
      basePostcode: 'M1 1AE',
      vatNumber: VAT_NUMBER,
    });
    const far = await createTradesperson(db(), { verified: false, basePostcode: 'LS1 4AP' });
    const gone = await createTradesperson(db());
    // The far tradesperson has one published 4-star review.
    const earlier = await createQuote(db(), { tradespersonId: far.id, status: 'accepted' });
    await createReview(db(), {
      bookingId: (await createBooking(db(), { quoteId: earlier.id, status: 'completed', depositPaid: true }))
        .id,
      rating: 4,
    });

    const post = async (userId: string, payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/jobs/${job.id}/quotes`,
        headers: { cookie: await sessionFor(db(), userId) },
        payload,
      });
    await post(near.id, {
      message: 'Itemised',
      lineItems: withRates(['standard', 'reduced']),
      estimatedDurationDays: 2,
    });
    await post(far.id, { amount: '199', message: 'One figure', estimatedStart: dayAfter(3) });
    const withdrawn = (await post(gone.id, { amount: '50', message: 'Cheapest' })).json().quote.id;
    await app.inject({
      method: 'POST',
      url: `/api/v1/quotes/${withdrawn}/withdraw`,
      headers: { cookie: await sessionFor(db(), gone.id) },
    });

    const res = await compare(job.id, job.customerId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.job).toMatchObject({ id: job.id, title: job.title, status: 'open' });
    expect(body.quotes.map((q: { amount: number }) => q.amount)).toEqual([19_900, 26_151]);
    const [cheap, itemised] = body.quotes;
    expect(cheap).toMatchObject({
      breakdown: null,
      byKind: [],
      estimatedStart: dayAfter(3),
      tradesperson: { id: far.id, rating: 4, reviewCount: 1, verified: false },
    });
    expect(cheap.distanceMiles).toBeGreaterThan(20);
    expect(itemised).toMatchObject({
      vatNumber: VAT_NUMBER,
      estimatedDurationDays: 2,
      revision: 1,
      distanceMiles: 0,
      byKind: [
        { kind: 'labour', netPence: 11_250 },
        { kind: 'materials', netPence: 12_049 },
      ],
      breakdown: { subtotalPence: 23_299, vatPence: 2_852, totalPence: 26_151 },
      tradesperson: { id: near.id, rating: 0, reviewCount: 0, verified: true },
    });
  });

  it('answers the customer and admins only; anyone else, and an unknown job, get a 404', async () => {
    const quote = await createQuote(db());
    const [job] = await db().select().from(jobPostings).where(eq(jobPostings.id, quote.jobId));
    expect((await compare(job!.id, job!.customerId)).statusCode).toBe(200);
    expect((await compare(job!.id, (await createAdmin(db())).id)).statusCode).toBe(200);
    expect((await compare(job!.id, quote.tradespersonId)).statusCode).toBe(404);
    expect((await compare(job!.id, (await createCustomer(db())).id)).statusCode).toBe(404);
    expect((await compare(job!.id, (await createTradesperson(db())).id)).statusCode).toBe(404);
    expect((await compare('00000000-0000-4000-8000-000000000000', job!.customerId)).statusCode).toBe(404);
  });
});

describeOnDatabases('revisions under concurrency', (ctx) => {
  const db = () => ctx.database().db;

  it.runIf(ctx.kind === 'postgres')(
    'numbers simultaneous revisions one after the other, keeping every replaced version once',
    async () => {
      const app = await ctx.app();
      const quote = await createQuote(db());
      const cookie = await sessionFor(db(), quote.tradespersonId);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          app.inject({
            method: 'PATCH',
            url: `/api/v1/quotes/${quote.id}`,
            headers: { cookie },
            payload: { amount: String(100 + i), message: `Version ${i}` },
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      const kept = await db().select().from(quoteRevisions).where(eq(quoteRevisions.quoteId, quote.id));
      expect(kept.map((r) => r.revision).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const [row] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
      expect(row!.revision).toBe(11);
    },
  );

  it.runIf(ctx.kind === 'postgres')(
    'books the amount of the version accepted when a revision and an acceptance race, 20 rounds',
    async () => {
      const app = await ctx.app();
      for (let round = 0; round < 20; round++) {
        const quote = await createQuote(db(), { amount: 25_000 });
        const [job] = await db().select().from(jobPostings).where(eq(jobPostings.id, quote.jobId));
        const [revise, accept] = await Promise.all([
          app.inject({
            method: 'PATCH',
            url: `/api/v1/quotes/${quote.id}`,
            headers: { cookie: await sessionFor(db(), quote.tradespersonId) },
            payload: { amount: '300', message: 'Dearer after all' },
          }),
          app.inject({
            method: 'POST',
            url: `/api/v1/quotes/${quote.id}/accept`,
            headers: { cookie: await sessionFor(db(), job!.customerId) },
          }),
        ]);
        expect(accept.statusCode).toBe(200);
        // Either the revision came first and the booking is at its amount, or acceptance did and the
        // revision was refused: the booking never holds a figure the quote no longer says.
        const [booked] = await db().select().from(bookings).where(eq(bookings.quoteId, quote.id));
        const [row] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
        expect(booked!.amount).toBe(row!.amount);
        expect(revise.statusCode === 200 ? 30_000 : 25_000).toBe(booked!.amount);
        if (revise.statusCode !== 200) expect(revise.json().error.code).toBe('not_pending');
      }
    },
  );
});
