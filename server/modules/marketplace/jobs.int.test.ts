import { randomUUID } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { secondInstance } from '../../../test/instances';
import { jobPostings, quotes } from '../../db/schema';
import {
  createBooking,
  createCustomer,
  createJob,
  createQuote,
  createReview,
  createTradesperson,
} from '../../seed/factories';
import { countOpenJobs, openJobsPage, tradespersonBase } from './jobs.repository';

const nextYear = new Date().getUTCFullYear() + 1;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const validJob = () => ({
  title: 'Fix a dripping kitchen tap',
  category: 'Plumbing',
  description: 'The mixer tap in the kitchen drips all day and the washer needs replacing.',
  budgetMin: '50',
  budgetMax: '150',
  postcode: 'm1 1ae',
  preferredStartDate: tomorrow(),
});

describeOnDatabases('posting a job', (ctx) => {
  const db = () => ctx.database().db;
  /** How many jobs the customer has stored. */
  const jobsOf = async (customerId: string) => {
    const [row] = await db()
      .select({ n: count() })
      .from(jobPostings)
      .where(eq(jobPostings.customerId, customerId));
    return row!.n;
  };
  /** POST /api/v1/jobs as the user, by default with a valid job. */
  const postJobAs = async (userId: string, payload: object = validJob()) =>
    (await ctx.app()).inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: { cookie: await sessionFor(db(), userId) },
      payload,
    });

  it('stores budgets in pence and the postcode normalised and geocoded', async () => {
    const customer = await createCustomer(db());
    const res = await postJobAs(customer.id);
    expect(res.statusCode).toBe(201);
    const { job } = res.json();
    expect(job).toMatchObject({
      status: 'open',
      budgetMin: 5000,
      budgetMax: 15000,
      postcode: 'M1 1AE',
      place: 'Manchester',
    });
    const [row] = await db().select().from(jobPostings).where(eq(jobPostings.id, job.id));
    expect(row).toMatchObject({ outcode: 'M1', customerId: customer.id, liveQuoteCount: 0 });
    expect(row!.lat).toBeCloseTo(53.48, 1);
  });

  it.each([
    [{ title: 'Tap' }, 'Title must be at least 5 characters'],
    [{ description: 'short' }, 'Description must be at least 20 characters'],
    [{ category: '' }, 'Please select a category'],
    [{ budgetMin: '-5' }, 'Budget must be a positive number'],
    [
      { budgetMin: '300', budgetMax: '100' },
      'Maximum budget must be greater than or equal to minimum budget',
    ],
    [{ postcode: 'nonsense' }, 'Invalid UK postcode format'],
    [{ postcode: 'SW1A 1AA ABCDEF' }, 'Postcode is too long'],
    [{ preferredStartDate: '2020-01-01' }, 'Start date cannot be in the past'],
    // Not calendar dates: PostgreSQL refused them after validation let them through (a 500).
    [{ preferredStartDate: `${nextYear}-02-30` }, 'Please enter a valid date'],
    [{ preferredStartDate: `${nextYear}-04-31` }, 'Please enter a valid date'],
    [{ postcode: 'JE2 3AB' }, 'We could not find that postcode'],
  ])('refuses %j with its message and stores nothing', async (change, message) => {
    const customer = await createCustomer(db());
    const res = await postJobAs(customer.id, { ...validJob(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await jobsOf(customer.id)).toBe(0);
  });

  it('invites only a tradesperson everyone may see; any other id gets the answer an unknown one does', async () => {
    const app = await ctx.app();
    const customer = await createCustomer(db());
    const cookie = await sessionFor(db(), customer.id);
    const post = (invitedTradespersonId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/jobs',
        headers: { cookie },
        payload: { ...validJob(), invitedTradespersonId },
      });

    const visible = await createTradesperson(db(), { verified: true });
    const invited = await post(visible.id);
    expect(invited.statusCode).toBe(201);
    const [row] = await db().select().from(jobPostings).where(eq(jobPostings.id, invited.json().job.id));
    expect(row!.invitedTradespersonId).toBe(visible.id);

    const unknown = await post(randomUUID());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('That tradesperson cannot be found');
    // Their profiles answer 404, so an invitation must not tell them from ids that do not exist.
    const hidden = await createTradesperson(db(), { verified: true, settings: { profileVisible: false } });
    const suspended = await createTradesperson(db(), { verified: true, suspendedAt: new Date() });
    const aCustomer = await createCustomer(db());
    for (const id of [hidden.id, suspended.id, aCustomer.id]) {
      const res = await post(id);
      expect(res.statusCode).toBe(unknown.statusCode);
      expect(res.body).toBe(unknown.body);
    }
    expect(await jobsOf(customer.id)).toBe(1);
  });

  it('lets only signed-in customers post', async () => {
    const app = await ctx.app();
    const visitor = await app.inject({ method: 'POST', url: '/api/v1/jobs', payload: validJob() });
    expect(visitor.statusCode).toBe(401);
    const pro = await createTradesperson(db());
    const res = await postJobAs(pro.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('only_customers');
  });
});

describeOnDatabases('who sees a job', (ctx) => {
  const db = () => ctx.database().db;

  it("answers 404 'Job not found' to another customer and asks visitors to sign in", async () => {
    const app = await ctx.app();
    const job = await createJob(db());
    const stranger = await createCustomer(db());
    const res = await app.inject({
      url: `/api/v1/jobs/${job.id}`,
      headers: { cookie: await sessionFor(db(), stranger.id) },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'not_found', message: 'Job not found' });
    expect((await app.inject({ url: `/api/v1/jobs/${job.id}` })).statusCode).toBe(401);
    // A malformed id is refused without touching the database.
    const bad = await app.inject({
      url: '/api/v1/jobs/not-a-uuid',
      headers: { cookie: await sessionFor(db(), stranger.id) },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows a tradesperson the district of an open job, and the full postcode once booked on it', async () => {
    const app = await ctx.app();
    const job = await createJob(db(), { postcode: 'M1 1AE' });
    const pro = await createTradesperson(db(), { basePostcode: 'M4 1HN' });
    const cookie = await sessionFor(db(), pro.id);
    const open = (await app.inject({ url: `/api/v1/jobs/${job.id}`, headers: { cookie } })).json().job;
    expect(open).toMatchObject({
      postcode: 'M1',
      postcodeIsPartial: true,
      viewer: { relation: 'tradesperson', canQuote: true },
    });
    expect(open.distanceMiles).toBeGreaterThan(0);
    expect(JSON.stringify(open)).not.toContain('M1 1AE');

    const quote = await createQuote(db(), { jobId: job.id, tradespersonId: pro.id, status: 'accepted' });
    await createBooking(db(), { quoteId: quote.id, status: 'confirmed' });
    await db().update(jobPostings).set({ status: 'in_progress' }).where(eq(jobPostings.id, job.id));
    const booked = (await app.inject({ url: `/api/v1/jobs/${job.id}`, headers: { cookie } })).json().job;
    expect(booked).toMatchObject({ postcode: 'M1 1AE', postcodeIsPartial: false });
    expect(booked.booking.tradesperson.id).toBe(pro.id);

    const outsider = await createTradesperson(db());
    const hidden = await app.inject({
      url: `/api/v1/jobs/${job.id}`,
      headers: { cookie: await sessionFor(db(), outsider.id) },
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('shows a tradesperson only its own quote and the owner every quote with real ratings', async () => {
    const app = await ctx.app();
    const job = await createJob(db());
    const [a, b] = [await createTradesperson(db(), { verified: true }), await createTradesperson(db())];
    await createQuote(db(), { jobId: job.id, tradespersonId: a.id });
    await createQuote(db(), { jobId: job.id, tradespersonId: b.id });
    const asA = (
      await app.inject({ url: `/api/v1/jobs/${job.id}`, headers: { cookie: await sessionFor(db(), a.id) } })
    ).json().job;
    expect(asA.quotes.map((q: { tradesperson: { id: string } }) => q.tradesperson.id)).toEqual([a.id]);
    expect(asA.viewer).toMatchObject({
      canQuote: false,
      cannotQuoteReason: 'You have already quoted for this job',
    });
    const owner = (
      await app.inject({
        url: `/api/v1/jobs/${job.id}`,
        headers: { cookie: await sessionFor(db(), job.customerId) },
      })
    ).json().job;
    expect(owner.quotes).toHaveLength(2);
    expect(
      owner.quotes.find((q: { tradesperson: { id: string } }) => q.tradesperson.id === a.id).tradesperson,
    ).toMatchObject({
      verified: true,
      rating: 0,
      reviewCount: 0,
    });
    expect(owner.customer).toMatchObject({ id: job.customerId, rating: 0, reviewCount: 0 });
  });
});

describeOnDatabases("a customer's jobs", (ctx) => {
  const db = () => ctx.database().db;

  it('lists them by tab with the real number of quotes received and the live booking', async () => {
    const app = await ctx.app();
    const customer = await createCustomer(db());
    const open = await createJob(db(), { customerId: customer.id });
    await createQuote(db(), { jobId: open.id });
    await createQuote(db(), { jobId: open.id });
    await createQuote(db(), { jobId: open.id, status: 'withdrawn' });
    const active = await createJob(db(), { customerId: customer.id, status: 'in_progress' });
    const accepted = await createQuote(db(), { jobId: active.id, status: 'accepted', amount: 42_000 });
    await createBooking(db(), { quoteId: accepted.id, status: 'completed', depositPaid: false });
    const cookie = await sessionFor(db(), customer.id);

    const all = (await app.inject({ url: '/api/v1/jobs/mine', headers: { cookie } })).json().jobs;
    expect(all.map((j: { id: string }) => j.id)).toEqual([active.id, open.id]);
    expect(all.find((j: { id: string }) => j.id === open.id).quoteCount).toBe(2);
    // Each card carries the job's own fields as stored.
    expect(all.find((j: { id: string }) => j.id === open.id)).toEqual({
      id: open.id,
      title: open.title,
      category: open.category,
      status: 'open',
      budgetMin: open.budgetMin,
      budgetMax: open.budgetMax,
      postcode: open.postcode,
      createdAt: open.createdAt.toISOString(),
      quoteCount: 2,
      booking: null,
    });
    const activeTab = (await app.inject({ url: '/api/v1/jobs/mine?tab=active', headers: { cookie } })).json()
      .jobs;
    expect(activeTab).toHaveLength(1);
    expect(activeTab[0].booking).toMatchObject({ status: 'completed', depositPaid: false, amount: 42_000 });
    const openTab = (await app.inject({ url: '/api/v1/jobs/mine?tab=open', headers: { cookie } })).json()
      .jobs;
    expect(openTab.map((j: { id: string }) => j.id)).toEqual([open.id]);
  });

  it('pages My Jobs newest first, 20 at a time, each tab on its own, across jobs of one moment', async () => {
    const app = await ctx.app();
    const customer = await createCustomer(db());
    const cookie = await sessionFor(db(), customer.id);
    const start = Date.UTC(2026, 0, 1);
    // 23 open jobs a minute apart and 2 done, then the 20th and 21st newest moved into one millisecond,
    // 200 microseconds apart. The time is stored to the millisecond (decision 0044), so the two tie and
    // come in id order; the first page ends between them, and the cursor must not skip the 21st.
    const open = [];
    for (let i = 0; i < 23; i++)
      open.push(await createJob(db(), { customerId: customer.id, createdAt: new Date(start + i * 60_000) }));
    for (let i = 0; i < 2; i++)
      await createJob(db(), { customerId: customer.id, status: 'completed', createdAt: new Date(start + i) });
    await createJob(db()); // someone else's
    const minute3 = new Date(start + 3 * 60_000).toISOString();
    await db().execute(
      sql`update ${jobPostings} set created_at = ${minute3}::timestamptz + interval '300 microseconds' where id = ${open[2]!.id}`,
    );
    await db().execute(
      sql`update ${jobPostings} set created_at = ${minute3}::timestamptz + interval '100 microseconds' where id = ${open[3]!.id}`,
    );
    const oneMoment = [open[2]!, open[3]!].map((j) => j.id).sort((a, b) => (a < b ? 1 : -1));
    const newestFirst = [
      ...open
        .slice(4)
        .reverse()
        .map((j) => j.id),
      ...oneMoment,
      open[1]!.id,
      open[0]!.id,
    ];
    const stored = await db()
      .select({ at: jobPostings.createdAt })
      .from(jobPostings)
      .where(inArray(jobPostings.id, oneMoment));
    expect(stored.map((r) => r.at.toISOString())).toEqual([minute3, minute3]);

    const page = async (query: string) => {
      const res = await app.inject({ url: `/api/v1/jobs/mine?${query}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.json() as { jobs: { id: string }[]; nextCursor: string | null };
    };
    const first = await page('tab=open');
    expect(first.jobs.map((j) => j.id)).toEqual(newestFirst.slice(0, 20));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(`tab=open&cursor=${first.nextCursor}`);
    expect(second.jobs.map((j) => j.id)).toEqual(newestFirst.slice(20));
    expect(second.nextCursor).toBeNull();

    const all = await page('tab=all');
    expect(all.jobs).toHaveLength(20);
    const rest = await page(`tab=all&cursor=${all.nextCursor}`);
    expect(rest.jobs).toHaveLength(5);
    expect(new Set([...all.jobs, ...rest.jobs].map((j) => j.id)).size).toBe(25);
    expect(rest.nextCursor).toBeNull();
    const done = await page('tab=done');
    expect(done.jobs).toHaveLength(2);
    expect(done.nextCursor).toBeNull();

    // A cursor the server did not write is refused, in the same words as the other lists'.
    const bad = await app.inject({ url: '/api/v1/jobs/mine?cursor=bm90LWEtY3Vyc29y', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('That page link is not valid');
  });

  it('cancels an open job and rejects its pending quotes; only the owner may, only while open', async () => {
    const app = await ctx.app();
    const job = await createJob(db());
    const q = await createQuote(db(), { jobId: job.id });
    const stranger = await createCustomer(db());
    const refused = await app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${job.id}/cancel`,
      headers: { cookie: await sessionFor(db(), stranger.id) },
    });
    expect(refused.statusCode).toBe(404);
    const cookie = await sessionFor(db(), job.customerId);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${job.id}/cancel`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().job.status).toBe('cancelled');
    const [quote] = await db().select().from(quotes).where(eq(quotes.id, q.id));
    expect(quote!.status).toBe('rejected');
    const [cancelled] = await db().select().from(jobPostings).where(eq(jobPostings.id, job.id));
    expect(cancelled!.liveQuoteCount).toBe(0);
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${job.id}/cancel`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(409);
  });
});

describeOnDatabases('the open-jobs list', (ctx) => {
  const db = () => ctx.database().db;

  type Instance = Awaited<ReturnType<typeof ctx.app>>;

  /**
   * A job with two of its three quotes, dated `daysAhead` so it heads the list; what a tradesperson who
   * has not quoted sees of the list through an instance; and a third quote, by another, through one.
   */
  async function jobOneQuoteFromFull(daysAhead: number) {
    const job = await createJob(db(), { createdAt: new Date(Date.now() + daysAhead * 86_400_000) });
    await createQuote(db(), { jobId: job.id });
    await createQuote(db(), { jobId: job.id });
    const viewer = await sessionFor(db(), (await createTradesperson(db())).id);
    const listedOn = (app: Instance) => async () =>
      (await app.inject({ url: '/api/v1/jobs/open', headers: { cookie: viewer } }))
        .json()
        .jobs.map((j: { id: string }) => j.id);
    const quoteThrough = async (app: Instance, payload: { amount: string; message: string }) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/jobs/${job.id}/quotes`,
        headers: { cookie: await sessionFor(db(), (await createTradesperson(db())).id) },
        payload,
      });
    return { job, listedOn, quoteThrough };
  }

  it('lists open jobs newest first in keyset pages, leaving out full jobs for those who did not quote', async () => {
    const app = await ctx.app();
    const base = Date.now() - 10 * 86_400_000;
    const jobs = [];
    for (let i = 0; i < 7; i++)
      jobs.push(await createJob(db(), { createdAt: new Date(base + i * 3_600_000) }));
    await createJob(db(), { status: 'in_progress' });
    const full = jobs[6]!;
    const quoters = [];
    for (let i = 0; i < 3; i++) {
      const t = await createTradesperson(db());
      quoters.push(t);
      await createQuote(db(), { jobId: full.id, tradespersonId: t.id });
    }
    const pro = await createTradesperson(db(), { basePostcode: 'M1 1AE' });
    const cookie = await sessionFor(db(), pro.id);

    const first = (await app.inject({ url: '/api/v1/jobs/open?limit=4', headers: { cookie } })).json();
    const expected = jobs
      .slice(0, 6)
      .reverse()
      .map((j) => j.id);
    expect(first.total).toBe(6);
    expect(first.jobs.map((j: { id: string }) => j.id)).toEqual(expected.slice(0, 4));
    expect(first.jobs[0]).not.toHaveProperty('postcode');
    expect(first.jobs[0]).toMatchObject({ outcode: 'M1', place: 'Manchester' });
    const second = (
      await app.inject({ url: `/api/v1/jobs/open?limit=4&cursor=${first.nextCursor}`, headers: { cookie } })
    ).json();
    expect(second.jobs.map((j: { id: string }) => j.id)).toEqual(expected.slice(4));
    expect(second.nextCursor).toBeNull();

    const asQuoter = (
      await app.inject({
        url: '/api/v1/jobs/open',
        headers: { cookie: await sessionFor(db(), quoters[0]!.id) },
      })
    ).json();
    expect(asQuoter.jobs.map((j: { id: string }) => j.id)).toContain(full.id);
    // The quoter's card says so; nobody else's does.
    const fullCard = asQuoter.jobs.find((j: { id: string }) => j.id === full.id);
    expect(fullCard.quotedByMe).toBe(true);
    expect(asQuoter.jobs.filter((j: { quotedByMe: boolean }) => j.quotedByMe)).toHaveLength(1);
    expect(first.jobs.every((j: { quotedByMe: boolean }) => !j.quotedByMe)).toBe(true);
  });

  it('filters by category, as a job category or a browse category id', async () => {
    const app = await ctx.app();
    const plumbing = await createJob(db(), { category: 'Plumbing' });
    const garden = await createJob(db(), { category: 'Gardening' });
    const pro = await createTradesperson(db());
    const cookie = await sessionFor(db(), pro.id);
    const ids = async (category: string) => {
      const res = await app.inject({ url: `/api/v1/jobs/open?category=${category}`, headers: { cookie } });
      return { status: res.statusCode, body: res.json() };
    };
    // Other tests of this file leave jobs behind: check membership and that nothing else slips in.
    const byCategory = (await ids('Plumbing')).body;
    expect(byCategory.jobs.map((j: { id: string }) => j.id)).toContain(plumbing.id);
    expect(byCategory.jobs.map((j: { id: string }) => j.id)).not.toContain(garden.id);
    expect(byCategory.jobs.every((j: { category: string }) => j.category === 'Plumbing')).toBe(true);
    expect(byCategory.total).toBe(byCategory.jobs.length);
    const byBrowseId = (await ids('garden')).body;
    expect(byBrowseId.jobs.map((j: { id: string }) => j.id)).toContain(garden.id);
    expect(byBrowseId.jobs.every((j: { category: string }) => j.category === 'Gardening')).toBe(true);
    expect((await ids('auto')).body).toMatchObject({ jobs: [], total: 0 });
    const unknown = await ids('spaceships');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('That category is not one we list');
  });

  it("shows customers' real ratings and filters Top Rated on them (4.45 rounds to 4.5)", async () => {
    const app = await ctx.app();
    const high = await createCustomer(db());
    const low = await createCustomer(db());
    const highJob = await createJob(db(), { customerId: high.id });
    const lowJob = await createJob(db(), { customerId: low.id });
    // 89 / 20 = 4.45, shown as 4.5: Top Rated. 88 / 20 = 4.4: not.
    for (const [customer, fives] of [
      [high, 9],
      [low, 8],
    ] as const) {
      for (let i = 0; i < 20; i++) {
        const job = await createJob(db(), { customerId: customer.id, status: 'completed' });
        const quote = await createQuote(db(), { jobId: job.id, status: 'accepted' });
        const booking = await createBooking(db(), {
          quoteId: quote.id,
          status: 'completed',
          depositPaid: true,
        });
        await createReview(db(), {
          bookingId: booking.id,
          reviewerId: booking.tradespersonId,
          rating: i < fives ? 5 : 4,
        });
      }
    }
    const pro = await createTradesperson(db());
    const cookie = await sessionFor(db(), pro.id);
    const list = async (filter: string) =>
      (await app.inject({ url: `/api/v1/jobs/open?filter=${filter}`, headers: { cookie } })).json();
    const all = await list('all');
    const card = (id: string) => all.jobs.find((j: { id: string }) => j.id === id);
    expect(card(highJob.id).customer).toMatchObject({ rating: 4.5, reviewCount: 20 });
    expect(card(lowJob.id).customer).toMatchObject({ rating: 4.4, reviewCount: 20 });
    const topRated = (await list('top-rated')).jobs.map((j: { id: string }) => j.id);
    expect(topRated).toContain(highJob.id);
    expect(topRated).not.toContain(lowJob.id);
  });

  it('filters for real: nearby within the service radius, and verified customers', async () => {
    const app = await ctx.app();
    const verifiedCustomer = await createCustomer(db());
    const unverifiedCustomer = await createCustomer(db(), { emailVerifiedAt: null });
    const manchester = await createJob(db(), { postcode: 'M1 1AE', customerId: verifiedCustomer.id });
    const london = await createJob(db(), { postcode: 'SW1A 1AA', customerId: unverifiedCustomer.id });
    const pro = await createTradesperson(db(), { basePostcode: 'M4 1HN', serviceRadiusMiles: 20 });
    const cookie = await sessionFor(db(), pro.id);
    const ids = async (filter: string) =>
      (await app.inject({ url: `/api/v1/jobs/open?filter=${filter}`, headers: { cookie } }))
        .json()
        .jobs.map((j: { id: string }) => j.id);
    const nearby = await ids('nearby');
    expect(nearby).toContain(manchester.id);
    expect(nearby).not.toContain(london.id);
    const verified = await ids('verified');
    expect(verified).toContain(manchester.id);
    expect(verified).not.toContain(london.id);
    expect(await ids('all')).toEqual(expect.arrayContaining([manchester.id, london.id]));
    expect(await ids('top-rated')).not.toEqual(expect.arrayContaining([manchester.id]));
    expect(await ids('top-rated')).not.toEqual(expect.arrayContaining([london.id]));
    const bad = await app.inject({ url: '/api/v1/jobs/open?cursor=garbage', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it('finds the same nearby jobs whichever plan it uses (location index or date order)', async () => {
    const pro = await createTradesperson(db(), { basePostcode: 'M4 1HN', serviceRadiusMiles: 20 });
    const base = await tradespersonBase(db(), pro.id);
    expect(base).not.toBeNull();
    const query = {
      viewerId: pro.id,
      filter: 'nearby' as const,
      categories: null,
      limit: 50,
      cursor: null,
      near: base,
    };
    const byDate = (await openJobsPage(db(), { ...query, sparse: false })).map((r) => r.job.id);
    const byLocation = (await openJobsPage(db(), { ...query, sparse: true })).map((r) => r.job.id);
    expect(byDate.length).toBeGreaterThan(0);
    expect(byLocation).toEqual(byDate);
  });

  it("finds the same Nearby page from the shared newest jobs as the database's own query does", async () => {
    const app = await ctx.app();
    const soon = (i: number) => new Date(Date.now() + 20 * 86_400_000 + i * 60_000);
    for (const [i, postcode] of ['M1 1AE', 'SW1A 1AA', 'M4 1HN', 'LS1 4AP', 'M1 1AE', 'B1 1AA'].entries())
      await createJob(db(), { postcode, createdAt: soon(i) });
    const pro = await createTradesperson(db(), { basePostcode: 'M4 1HN', serviceRadiusMiles: 30 });
    const fromApi = (
      await app.inject({
        url: '/api/v1/jobs/open?filter=nearby',
        headers: { cookie: await sessionFor(db(), pro.id) },
      })
    ).json();
    const fromDatabase = await openJobsPage(db(), {
      viewerId: pro.id,
      filter: 'nearby',
      categories: null,
      limit: 21,
      cursor: null,
      near: await tradespersonBase(db(), pro.id),
    });
    expect(fromApi.jobs.length).toBeGreaterThan(2);
    expect(fromApi.jobs.map((j: { id: string }) => j.id)).toEqual(
      fromDatabase.map((r) => r.job.id).slice(0, 20),
    );
    expect(fromApi.jobs.every((j: { distanceMiles: number }) => j.distanceMiles <= 30)).toBe(true);
  });

  it('fills a page past the full jobs that the shared page holds', async () => {
    const app = await ctx.app();
    // Newer than every other test's jobs, so these make up the first page.
    const at = (days: number, i: number) => new Date(Date.now() + days * 86_400_000 + i * 60_000);
    const full = [];
    for (let i = 0; i < 14; i++) {
      const job = await createJob(db(), { createdAt: at(30, i) });
      for (let q = 0; q < 3; q++) await createQuote(db(), { jobId: job.id });
      full.push(job);
    }
    const open = [];
    for (let i = 0; i < 3; i++) open.push(await createJob(db(), { createdAt: at(29, i) }));
    const pro = await createTradesperson(db());
    const cookie = await sessionFor(db(), pro.id);
    // limit 2: the shared page holds 13 rows (2 + 1 + 10 to spare), all of them full jobs.
    const first = (await app.inject({ url: '/api/v1/jobs/open?limit=2', headers: { cookie } })).json();
    expect(first.jobs.map((j: { id: string }) => j.id)).toEqual([open[2]!.id, open[1]!.id]);
    expect(first.nextCursor).not.toBeNull();
    // One of the full jobs' quoters still sees it, marked as quoted.
    const [quote] = await db().select().from(quotes).where(eq(quotes.jobId, full[13]!.id)).limit(1);
    const asQuoter = (
      await app.inject({
        url: '/api/v1/jobs/open?limit=2',
        headers: { cookie: await sessionFor(db(), quote!.tradespersonId) },
      })
    ).json();
    expect(asQuoter.jobs[0]).toMatchObject({ id: full[13]!.id, quotedByMe: true });
  });

  it('shows a quote made through this server at once, though pages are shared between viewers', async () => {
    const app = await ctx.app({ OPEN_JOBS_CACHE_MS: '10000' });
    const { job, listedOn, quoteThrough } = await jobOneQuoteFromFull(60);
    const listed = listedOn(app);
    expect(await listed()).toContain(job.id);
    const third = await quoteThrough(app, { amount: '120', message: 'I can do this on Monday.' });
    expect(third.statusCode).toBe(201);
    // Full now, and this viewer did not quote: gone from their list without waiting 10 s.
    expect(await listed()).not.toContain(job.id);
  });

  it.runIf(ctx.kind === 'postgres')(
    "clears every instance's shared pages when a quote is made through one of them",
    async () => {
      const instanceA = await ctx.app({ OPEN_JOBS_CACHE_MS: '10000' });
      const { app: instanceB, close } = await secondInstance(ctx, { OPEN_JOBS_CACHE_MS: '10000' });
      try {
        const { job, listedOn, quoteThrough } = await jobOneQuoteFromFull(70);
        const listedOnB = listedOn(instanceB);
        expect(await listedOnB()).toContain(job.id);
        const third = await quoteThrough(instanceA, { amount: '90', message: 'Available this week.' });
        expect(third.statusCode).toBe(201);
        // Far sooner than B's 10 s: A's NOTIFY cleared B's pages.
        await expect.poll(listedOnB, { timeout: 3000, interval: 50 }).not.toContain(job.id);
      } finally {
        await close();
      }
    },
  );

  it("shows another server's new job once the shared page expires", async () => {
    const app = await ctx.app({ OPEN_JOBS_CACHE_MS: '300' });
    const viewer = await sessionFor(db(), (await createTradesperson(db())).id);
    const listed = async () =>
      (await app.inject({ url: '/api/v1/jobs/open', headers: { cookie: viewer } }))
        .json()
        .jobs.map((j: { id: string }) => j.id);
    await listed();
    // Written straight to the database, as another instance would.
    const job = await createJob(db(), { createdAt: new Date(Date.now() + 90 * 86_400_000) });
    await expect.poll(listed, { timeout: 5000, interval: 100 }).toContain(job.id);
  });

  it('is not for customers', async () => {
    const app = await ctx.app();
    const customer = await createCustomer(db());
    const res = await app.inject({
      url: '/api/v1/jobs/open',
      headers: { cookie: await sessionFor(db(), customer.id) },
    });
    expect(res.statusCode).toBe(404);
  });
});

describeOnDatabases("the open-jobs list's count", (ctx) => {
  const db = () => ctx.database().db;

  it('gives requests that arrive together, before the count is kept, the one right total', async () => {
    const app = await ctx.app();
    for (let i = 0; i < 3; i++) await createJob(db(), {});
    const pro = await createTradesperson(db(), { basePostcode: 'M1 1AE' });
    const cookie = await sessionFor(db(), pro.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => app.inject({ url: '/api/v1/jobs/open', headers: { cookie } })),
    );
    const counted = await countOpenJobs(db(), {
      viewerId: pro.id,
      filter: 'all',
      categories: null,
      limit: 21,
      cursor: null,
      near: null,
    });
    expect(counted).toBeGreaterThanOrEqual(3);
    expect(answers.map((a) => a.json().total)).toEqual(answers.map(() => counted));
  });
});
