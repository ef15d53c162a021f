import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { JOB_MESSAGES, MARKET_MESSAGES } from '../../../domain/marketplace/schemas';
import { PHOTO_MESSAGES } from '../../../domain/photos/rules';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { image, postMultipart, temporaryDataDir } from '../../../test/uploads';
import type { App } from '../../app';
import { jobPostings, photos } from '../../db/schema';
import { createCustomer, createJob, createQuote, createTradesperson } from '../../seed/factories';

// Photos on a job (issue 38): named when the job is posted, replaced as a list when an open job is
// edited (PATCH /jobs/:id, which also edits the job's details while it has no quotes), shown on the
// job's page in the customer's order.

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

describeOnDatabases('job photos', (ctx) => {
  const db = () => ctx.database().db;
  const data = temporaryDataDir();
  afterAll(() => data.remove());
  let built: App | undefined;
  const app = async () => {
    built ??= await ctx.app({ DATA_DIR: data.dir, RATE_LIMIT_MAX: '100000' });
    return built;
  };
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
    (await app()).inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  const customer = async () => {
    const user = await createCustomer(db());
    return { id: user.id, cookie: await sessionFor(db(), user.id) };
  };
  const uploadAs = async (cookie: string, n = 1) => {
    const ids: string[] = [];
    const png = await image('png', { width: 320, height: 240 });
    for (let i = 0; i < n; i++) {
      const res = await postMultipart(
        await app(),
        '/api/v1/photos',
        cookie,
        {},
        { bytes: png, name: 'p.png' },
      );
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().photo.id);
    }
    return ids;
  };
  const photoRowsOf = (jobId: string) =>
    db()
      .select({ id: photos.id, caption: photos.caption, position: photos.position })
      .from(photos)
      .where(eq(photos.jobId, jobId))
      .orderBy(asc(photos.position));
  const fileOf = (id: string) => path.join(data.filesDir, 'photos', id, 'display.webp');

  it("posts a job with photos in the customer's order and shows them on the job's page", async () => {
    const me = await customer();
    const [a, b] = await uploadAs(me.cookie, 2);
    const res = await call('POST', '/api/v1/jobs', me.cookie, {
      ...validJob(),
      photos: [
        { id: b, caption: '  Under the sink ' },
        { id: a, caption: '' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { job } = res.json();
    expect(job.photos.map((p: { id: string; caption: string | null }) => [p.id, p.caption])).toEqual([
      [b, 'Under the sink'],
      [a, null],
    ]);
    expect(job.photos[0]).toMatchObject({ width: 320, height: 240, url: `/api/v1/photos/${b}/display` });

    const pro = await createTradesperson(db());
    const seen = await call('GET', `/api/v1/jobs/${job.id}`, await sessionFor(db(), pro.id));
    expect(seen.json().job.photos.map((p: { id: string }) => p.id)).toEqual([b, a]);
    // Attached: they no longer count towards the owner's eight pending uploads.
    expect((await uploadAs(me.cookie, 8)).length).toBe(8);
  });

  it.each([
    [
      "another user's photo",
      async (_mine: string[], theirs: string[]) => [{ id: theirs[0] }],
      PHOTO_MESSAGES.notFound,
    ],
    ['an unknown photo', async () => [{ id: randomUUID() }], PHOTO_MESSAGES.notFound],
    [
      'the same photo twice',
      async (mine: string[]) => [{ id: mine[0] }, { id: mine[0] }],
      PHOTO_MESSAGES.notFound,
    ],
    [
      'nine photos',
      async (mine: string[]) =>
        Array.from({ length: 9 }, (_, i) => ({ id: mine[0]!.replace(/.$/, String(i)) })),
      PHOTO_MESSAGES.tooMany,
    ],
    [
      'a caption over 200 characters',
      async (mine: string[]) => [{ id: mine[0], caption: 'x'.repeat(201) }],
      PHOTO_MESSAGES.captionLong,
    ],
  ])('refuses posting a job with %s and posts nothing', async (_name, photosFor, message) => {
    const me = await customer();
    const them = await customer();
    const mine = await uploadAs(me.cookie);
    const theirs = await uploadAs(them.cookie);
    const res = await call('POST', '/api/v1/jobs', me.cookie, {
      ...validJob(),
      photos: await photosFor(mine, theirs),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await db().select().from(jobPostings).where(eq(jobPostings.customerId, me.id))).toEqual([]);
    const [row] = await db().select().from(photos).where(eq(photos.id, mine[0]!));
    expect(row).toMatchObject({ jobId: null });
  });

  it("replaces an open job's photos: reordered, recaptioned, one added, one removed with its files", async () => {
    const me = await customer();
    const [a, b, c] = await uploadAs(me.cookie, 3);
    const posted = await call('POST', '/api/v1/jobs', me.cookie, {
      ...validJob(),
      photos: [{ id: a }, { id: b }],
    });
    const jobId = posted.json().job.id;
    expect(existsSync(fileOf(a!))).toBe(true);
    const res = await call('PATCH', `/api/v1/jobs/${jobId}`, me.cookie, {
      photos: [
        { id: c, caption: 'New angle' },
        { id: b, caption: 'Now with a caption' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await photoRowsOf(jobId)).toEqual([
      { id: c, caption: 'New angle', position: 0 },
      { id: b, caption: 'Now with a caption', position: 1 },
    ]);
    expect(res.json().job.photos.map((p: { id: string }) => p.id)).toEqual([c, b]);
    expect(await db().select().from(photos).where(eq(photos.id, a!))).toEqual([]);
    expect(existsSync(fileOf(a!))).toBe(false);
  });

  it("edits an open job's details while it has no quotes, validated as when posting", async () => {
    const me = await customer();
    const job = await createJob(db(), { customerId: me.id });
    const details = { ...validJob(), title: 'Replace the whole kitchen tap', postcode: 'ls1 4ap' };
    const res = await call('PATCH', `/api/v1/jobs/${job.id}`, me.cookie, { details });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().job).toMatchObject({ title: 'Replace the whole kitchen tap', postcode: 'LS1 4AP' });
    const [row] = await db().select().from(jobPostings).where(eq(jobPostings.id, job.id));
    expect(row).toMatchObject({ outcode: 'LS1', budgetMin: 5000 });

    const bad = await call('PATCH', `/api/v1/jobs/${job.id}`, me.cookie, {
      details: { ...details, title: 'Tap' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(JOB_MESSAGES.titleShort);
  });

  it('keeps the details of a job with quotes, while its photos may still change', async () => {
    const me = await customer();
    const job = await createJob(db(), { customerId: me.id, title: 'The original title' });
    await createQuote(db(), { jobId: job.id });
    const [a] = await uploadAs(me.cookie);
    const both = await call('PATCH', `/api/v1/jobs/${job.id}`, me.cookie, {
      details: { ...validJob(), title: 'A different title' },
      photos: [{ id: a }],
    });
    expect(both.statusCode).toBe(409);
    expect(both.json().error).toMatchObject({
      code: 'job_has_quotes',
      message: MARKET_MESSAGES.editHasQuotes,
    });
    expect(await photoRowsOf(job.id)).toEqual([]);
    const [row] = await db().select().from(jobPostings).where(eq(jobPostings.id, job.id));
    expect(row!.title).toBe('The original title');

    const photosOnly = await call('PATCH', `/api/v1/jobs/${job.id}`, me.cookie, { photos: [{ id: a }] });
    expect(photosOnly.statusCode, photosOnly.body).toBe(200);
    expect(photosOnly.json().job.photos).toHaveLength(1);
  });

  it('lets only the owner edit, and only while the job is open', async () => {
    const me = await customer();
    const job = await createJob(db(), { customerId: me.id });
    const edit = { photos: [] };
    const stranger = await customer();
    const pro = await createTradesperson(db());
    expect((await call('PATCH', `/api/v1/jobs/${job.id}`, stranger.cookie, edit)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/v1/jobs/${job.id}`, await sessionFor(db(), pro.id), edit)).statusCode,
    ).toBe(404);
    expect((await call('PATCH', `/api/v1/jobs/${randomUUID()}`, me.cookie, edit)).statusCode).toBe(404);
    await db().update(jobPostings).set({ status: 'cancelled' }).where(eq(jobPostings.id, job.id));
    const closed = await call('PATCH', `/api/v1/jobs/${job.id}`, me.cookie, edit);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toMatchObject({ code: 'not_open', message: MARKET_MESSAGES.editNotOpen });
  });

  it('gives a photo named by two jobs posted at once to exactly one of them', async () => {
    const me = await customer();
    for (let round = 0; round < 3; round++) {
      const [a] = await uploadAs(me.cookie);
      const post = () => call('POST', '/api/v1/jobs', me.cookie, { ...validJob(), photos: [{ id: a }] });
      const results = await Promise.all([post(), post()]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(results.find((r) => r.statusCode === 400)!.json().error.message).toBe(PHOTO_MESSAGES.notFound);
      const [row] = await db().select().from(photos).where(eq(photos.id, a!));
      expect(row!.jobId).toBe(results.find((r) => r.statusCode === 201)!.json().job.id);
    }
  });
});
