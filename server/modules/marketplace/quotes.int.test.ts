import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { bookings, jobPostings, quotes } from '../../db/schema';
import { createCustomer, createJob, createQuote, createTradesperson } from '../../seed/factories';

describeOnDatabases('quoting', (ctx) => {
  const db = () => ctx.database().db;
  const quote = async (
    jobId: string,
    userId: string,
    payload: object = { amount: '£249.99', message: 'Can do Tuesday.' },
  ) => {
    const app = await ctx.app();
    return app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${jobId}/quotes`,
      headers: { cookie: await sessionFor(db(), userId) },
      payload,
    });
  };

  it('pages Manage Quotes newest first, 20 at a time, each tab on its own', async () => {
    const app = await ctx.app();
    const pro = await createTradesperson(db(), { verified: true });
    const cookie = await sessionFor(db(), pro.id);
    const start = Date.UTC(2026, 0, 1);
    // 22 pending quotes a minute apart, the 20th and 21st newest at the same moment (the first page
    // ends between them), and one rejected; another tradesperson's quote is never listed.
    const pending = [];
    for (let i = 0; i < 22; i++) {
      const createdAt = new Date(start + (i === 1 ? 2 : i) * 60_000);
      pending.push(await createQuote(db(), { tradespersonId: pro.id, createdAt }));
    }
    await createQuote(db(), { tradespersonId: pro.id, status: 'rejected', createdAt: new Date(start) });
    await createQuote(db());
    const newestFirst = [...pending]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((q) => q.id);

    const page = async (query: string) => {
      const res = await app.inject({ url: `/api/v1/quotes/mine?${query}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.json() as { quotes: { id: string }[]; nextCursor: string | null };
    };
    const first = await page('tab=pending');
    expect(first.quotes.map((q) => q.id)).toEqual(newestFirst.slice(0, 20));
    const second = await page(`tab=pending&cursor=${first.nextCursor}`);
    expect(second.quotes.map((q) => q.id)).toEqual(newestFirst.slice(20));
    expect(second.nextCursor).toBeNull();
    const all = await page('tab=all');
    const rest = await page(`tab=all&cursor=${all.nextCursor}`);
    expect(new Set([...all.quotes, ...rest.quotes].map((q) => q.id)).size).toBe(23);
    expect((await page('tab=rejected')).quotes).toHaveLength(1);

    const bad = await app.inject({ url: '/api/v1/quotes/mine?cursor=bm90LWEtY3Vyc29y', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('That page link is not valid');
  });

  it('takes the amount in pounds and stores pence', async () => {
    const job = await createJob(db());
    const pro = await createTradesperson(db());
    const res = await quote(job.id, pro.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().quote).toMatchObject({ amount: 24999, status: 'pending', message: 'Can do Tuesday.' });
    const [row] = await db().select().from(jobPostings).where(eq(jobPostings.id, job.id));
    expect(row!.liveQuoteCount).toBe(1);
  });

  it('refuses customers, tradespeople without a trade, a second quote and a fourth live quote', async () => {
    const job = await createJob(db());
    const customer = await createCustomer(db());
    expect((await quote(job.id, customer.id)).statusCode).toBe(404);
    const noTrade = await createTradesperson(db(), { trade: null });
    const r1 = await quote(job.id, noTrade.id);
    expect(r1.json().error).toEqual({
      code: 'needs_trade',
      message: 'Add your trade to your profile before quoting',
    });

    const pros = [];
    for (let i = 0; i < 4; i++) pros.push(await createTradesperson(db()));
    for (const p of pros.slice(0, 3)) expect((await quote(job.id, p.id)).statusCode).toBe(201);
    const again = await quote(job.id, pros[0]!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_quoted');
    const fourth = await quote(job.id, pros[3]!.id);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toEqual({
      code: 'quote_limit',
      message: 'This job already has 3 quotes, the most it can take',
    });
  });

  it('refuses bad amounts with clear messages', async () => {
    const job = await createJob(db());
    const pro = await createTradesperson(db());
    for (const [amount, message] of [
      ['0', 'The amount must be more than £0'],
      ['12.345', 'Enter an amount in pounds, like 250 or 249.99'],
      ['1000000.01', 'The amount must be at most £1,000,000'],
      ['', 'Please enter an amount'],
    ]) {
      const res = await quote(job.id, pro.id, { amount, message: 'Hello' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await quote(job.id, pro.id, { amount: '10', message: '  ' })).json().error.message).toBe(
      'Please enter a message',
    );
  });

  it('lets a tradesperson edit or withdraw its own pending quote, freeing a place on the job', async () => {
    const app = await ctx.app();
    const job = await createJob(db());
    const pros = [
      await createTradesperson(db()),
      await createTradesperson(db()),
      await createTradesperson(db()),
    ];
    for (const p of pros) await quote(job.id, p.id);
    const [mine] = await db()
      .select()
      .from(quotes)
      .where(and(eq(quotes.jobId, job.id), eq(quotes.tradespersonId, pros[0]!.id)));
    const cookie = await sessionFor(db(), pros[0]!.id);

    const stranger = await app.inject({
      method: 'PATCH',
      url: `/api/v1/quotes/${mine!.id}`,
      headers: { cookie: await sessionFor(db(), pros[1]!.id) },
      payload: { amount: '1', message: 'hijack' },
    });
    expect(stranger.statusCode).toBe(404);
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/v1/quotes/${mine!.id}`,
      headers: { cookie },
      payload: { amount: '300', message: 'Revised after the photos.' },
    });
    expect(edited.json().quote).toMatchObject({ amount: 30000, message: 'Revised after the photos.' });

    const withdrawn = await app.inject({
      method: 'POST',
      url: `/api/v1/quotes/${mine!.id}/withdraw`,
      headers: { cookie },
    });
    expect(withdrawn.json().quote.status).toBe('withdrawn');
    const newcomer = await createTradesperson(db());
    expect((await quote(job.id, newcomer.id)).statusCode).toBe(201);
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/quotes/${mine!.id}/withdraw`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(409);
  });
});

describeOnDatabases('accepting a quote', (ctx) => {
  const db = () => ctx.database().db;

  it('books the quote in one step: accepted, others rejected, a confirmed booking at its amount, job in progress', async () => {
    const app = await ctx.app();
    const job = await createJob(db());
    const [a, b] = [
      await createQuote(db(), { jobId: job.id, amount: 31_000 }),
      await createQuote(db(), { jobId: job.id }),
    ];
    const cookie = await sessionFor(db(), job.customerId);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/quotes/${a.id}/accept`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({
      status: 'confirmed',
      amount: 31_000,
      quoteId: a.id,
      scheduledDate: null,
    });
    const rows = await db().select().from(quotes).where(eq(quotes.jobId, job.id));
    expect(Object.fromEntries(rows.map((q) => [q.id, q.status]))).toEqual({
      [a.id]: 'accepted',
      [b.id]: 'rejected',
    });
    const [jobRow] = await db().select().from(jobPostings).where(eq(jobPostings.id, job.id));
    expect(jobRow).toMatchObject({ status: 'in_progress', liveQuoteCount: 1 });

    const second = await app.inject({
      method: 'POST',
      url: `/api/v1/quotes/${b.id}/accept`,
      headers: { cookie },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({
      code: 'already_accepted',
      message: 'A quote has already been accepted for this job',
    });
  });

  it('refuses a tradesperson accepting, and another customer (404)', async () => {
    const app = await ctx.app();
    const job = await createJob(db());
    const q = await createQuote(db(), { jobId: job.id });
    for (const userId of [q.tradespersonId, (await createCustomer(db())).id]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/quotes/${q.id}/accept`,
        headers: { cookie: await sessionFor(db(), userId) },
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await db().select().from(bookings).where(eq(bookings.jobId, job.id))).toEqual([]);
  });
});

describeOnDatabases('races on one job', (ctx) => {
  const db = () => ctx.database().db;
  const ROUNDS = ctx.kind === 'postgres' ? 20 : 2;

  it(`leaves exactly 3 quotes when 50 tradespeople quote at once (${ROUNDS} rounds)`, async () => {
    const app = await ctx.app({ RATE_LIMIT_MAX: '100000' });
    const pros = await Promise.all(Array.from({ length: 50 }, () => createTradesperson(db())));
    const cookies = await Promise.all(pros.map((p) => sessionFor(db(), p.id)));
    for (let round = 0; round < ROUNDS; round++) {
      const job = await createJob(db());
      const results = await Promise.all(
        cookies.map((cookie) =>
          app.inject({
            method: 'POST',
            url: `/api/v1/jobs/${job.id}/quotes`,
            headers: { cookie },
            payload: { amount: '100', message: 'Me please' },
          }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(
        results.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === 'quote_limit'),
      ).toBe(true);
      expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
      const stored = await db().select().from(quotes).where(eq(quotes.jobId, job.id));
      expect(stored).toHaveLength(3);
      const [row] = await db().select().from(jobPostings).where(eq(jobPostings.id, job.id));
      expect(row!.liveQuoteCount).toBe(3);
    }
  });

  // A job holds at most 3 live quotes, so the 20 simultaneous requests are spread over its 3 pending
  // quotes and both ways in (Accept, and the booking screen).
  it(`leaves exactly one booking when 20 accepts arrive at once (${ROUNDS} rounds)`, async () => {
    const app = await ctx.app({ RATE_LIMIT_MAX: '100000' });
    for (let round = 0; round < ROUNDS; round++) {
      const job = await createJob(db());
      const qs = [
        await createQuote(db(), { jobId: job.id }),
        await createQuote(db(), { jobId: job.id }),
        await createQuote(db(), { jobId: job.id }),
      ];
      const cookie = await sessionFor(db(), job.customerId);
      const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const q = qs[i % 3]!;
          return i % 2 === 0
            ? app.inject({ method: 'POST', url: `/api/v1/quotes/${q.id}/accept`, headers: { cookie } })
            : app.inject({
                method: 'POST',
                url: '/api/v1/bookings',
                headers: { cookie },
                payload: { quoteId: q.id, scheduledDate: date },
              });
        }),
      );
      const won = results.filter((r) => r.statusCode === 200 || r.statusCode === 201);
      expect(won).toHaveLength(1);
      for (const r of results) if (!won.includes(r)) expect(r.json().error.code).toBe('already_accepted');
      const stored = await db().select().from(bookings).where(eq(bookings.jobId, job.id));
      expect(stored).toHaveLength(1);
      const statuses = (await db().select().from(quotes).where(eq(quotes.jobId, job.id)))
        .map((q) => q.status)
        .sort();
      expect(statuses).toEqual(['accepted', 'rejected', 'rejected']);
      const [row] = await db().select().from(jobPostings).where(eq(jobPostings.id, job.id));
      expect(row).toMatchObject({ status: 'in_progress', liveQuoteCount: 1 });
    }
  });
});
