import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { getGeoDirectory } from '../../adapters/geo/uk-geography';
import type { Executor } from '../../db/client';
import { tradespersonProfiles, userSettings, users } from '../../db/schema';
import {
  type CreatedTradesperson,
  createAdmin,
  createBooking,
  createCustomer,
  createJob,
  createQuote,
  createReview,
  createTradesperson,
  type TradespersonOverrides,
} from '../../seed/factories';
import { type NearPlan, searchNear, searchNearest } from './tradespeople.repository';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

interface Card {
  id: string;
  fullName: string | null;
  trade: string | null;
  rating: number;
  reviewCount: number;
  distanceMiles: number | null;
  location: string;
  avatarUrl: string;
  specialties: string[];
  saved: boolean;
}

const ids = (cards: Card[]) => cards.map((c) => c.id);

/** A verified tradesperson unless told otherwise, working from a Leeds-area base by default. */
const pro = (db: Executor, overrides: TradespersonOverrides = {}) =>
  createTradesperson(db, {
    verified: true,
    basePostcode: 'LS1 4AP',
    serviceRadiusMiles: 25,
    serviceAreas: [],
    ...overrides,
  });

/** `ratings` become real reviews of the tradesperson, each from a completed and paid booking. */
async function reviewsFor(db: Executor, tradespersonId: string, ratings: number[]) {
  for (const rating of ratings) {
    const job = await createJob(db, { status: 'completed' });
    const quote = await createQuote(db, { jobId: job.id, tradespersonId, status: 'accepted' });
    const booking = await createBooking(db, { quoteId: quote.id, status: 'completed', depositPaid: true });
    await createReview(db, { bookingId: booking.id, rating });
  }
}

describeOnDatabases('searching for tradespeople by location', (ctx) => {
  const db = () => ctx.database().db;
  const search = async (query: string, cookie?: string) => {
    const app = await ctx.app();
    return app.inject({ url: `/api/v1/tradespeople?${query}`, headers: cookie ? { cookie } : {} });
  };
  let near: CreatedTradesperson; // 9 miles from LS1 4AP
  let far: CreatedTradesperson; // 11 miles from LS1 4AP
  let manchester: CreatedTradesperson;
  let shortRange: CreatedTradesperson;
  const unlisted: string[] = [];

  beforeAll(async () => {
    near = await pro(db(), {
      fullName: 'Nina Near',
      trade: 'Plumber',
      basePostcode: 'LS17 0AA',
      specialties: ['Leak detection', 'Power flushing', 'Bathroom fitting', 'Boiler servicing'],
      serviceAreas: ['Leeds', 'Harrogate'],
      createdAt: daysAgo(5),
    });
    far = await pro(db(), {
      fullName: 'Fred Far',
      trade: 'Electrician',
      basePostcode: 'LS22 5AA',
      specialties: ['Rewiring'],
      createdAt: daysAgo(4),
    });
    // Manchester is 36 miles from Leeds, well outside a 15-mile radius.
    manchester = await pro(db(), {
      trade: 'Plumber',
      basePostcode: 'M1 1AE',
      serviceRadiusMiles: 15,
      createdAt: daysAgo(3),
    });
    // 9 miles away, but only works within 5.
    shortRange = await pro(db(), {
      trade: 'Plumber',
      basePostcode: 'LS17 0AB',
      serviceRadiusMiles: 5,
      createdAt: daysAgo(2),
    });
    // Right in the centre, and never listed.
    const hidden = { settings: { profileVisible: false } };
    for (const overrides of [{ verified: false }, hidden, { suspendedAt: new Date() }]) {
      unlisted.push((await pro(db(), { trade: 'Plumber', createdAt: daysAgo(1), ...overrides })).id);
    }
  });

  it('finds a tradesperson 9 miles away under Nearby, but not one 11 miles away', async () => {
    // The fixture's own distances, so that the test cannot pass by accident.
    const geo = getGeoDirectory();
    const at = geo.resolveLocation('LS1 4AP');
    if (!at.ok) throw new Error('LS1 4AP');
    const miles = (t: CreatedTradesperson) =>
      geo.distanceMiles(at, { lat: t.tradesperson.baseLat!, lng: t.tradesperson.baseLng! });
    expect(miles(near)).toBeGreaterThan(8.5);
    expect(miles(near)).toBeLessThan(9.5);
    expect(miles(far)).toBeGreaterThan(10.5);
    expect(miles(far)).toBeLessThan(11.5);

    const customer = await createCustomer(db());
    const cookie = await sessionFor(db(), customer.id);
    const nearby = await search('location=LS1%204AP&filter=nearby', cookie);
    expect(nearby.statusCode).toBe(200);
    expect(ids(nearby.json().tradespeople)).toEqual([near.id]);
    expect(nearby.json().total).toBe(1);

    // Without the chip both are listed, nearest first, with their distances rounded as roundMiles does.
    const all = await search('location=LS1%204AP', cookie);
    const cards: Card[] = all.json().tradespeople;
    expect(ids(cards)).toEqual([near.id, far.id]);
    expect(cards[0]!.distanceMiles).toBe(Math.round(miles(near) * 10) / 10);
    expect(cards[1]!.distanceMiles).toBe(Math.round(miles(far)));
    expect(all.json().location).toMatchObject({ label: 'LS1 4AP', lat: at.lat, lng: at.lng });
  });

  it('lists only verified, visible, active tradespeople whose area covers the place', async () => {
    const res = await search('location=Leeds');
    expect(res.statusCode).toBe(200);
    const listed = ids(res.json().tradespeople);
    expect(listed).toEqual([near.id, far.id]);
    expect(listed).not.toContain(manchester.id);
    expect(listed).not.toContain(shortRange.id);
    for (const id of unlisted) expect(listed).not.toContain(id);
  });

  it('lists newest first without a location, and never the unverified, hidden or suspended', async () => {
    const res = await search('');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 4, page: 1, pageSize: 20, location: null });
    expect(ids(res.json().tradespeople)).toEqual([shortRange.id, manchester.id, far.id, near.id]);
    expect(res.json().tradespeople.every((c: Card) => c.distanceMiles === null)).toBe(true);
  });

  it.each([
    ['LS1 4AP', 'LS1 4AP'],
    ['ls1 4ap', 'LS1 4AP'],
    ['LS1', 'LS1'],
    ['Leeds', 'Leeds'],
  ])('takes %j as a location', async (location, label) => {
    const res = await search(`location=${encodeURIComponent(location)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().location.label).toBe(label);
    expect(ids(res.json().tradespeople)).toContain(near.id);
  });

  it.each([
    ['LS1 4APX', 'Invalid UK postcode format'],
    ['12345', 'Invalid UK postcode format'],
    ['ZZ99 9ZZ', 'We could not find that postcode'],
    ['Atlantis', 'We could not find that place. Try a town, a city or a postcode.'],
  ])('refuses the location %j with %j', async (location, message) => {
    const res = await search(`location=${encodeURIComponent(location)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('matches a service by trade word, job category or specialty', async () => {
    const found = async (query: string) => ids((await search(query)).json().tradespeople);
    expect(await found('service=plumber&location=LS1')).toEqual([near.id]);
    expect(await found('service=Plumbing&location=LS1')).toEqual([near.id]);
    expect(await found('service=electricians&location=LS1')).toEqual([far.id]);
    // Specialties match without regard to case, on part of the words.
    expect(await found('service=power%20FLUSH&location=LS1')).toEqual([near.id]);
    expect(await found('service=rewiring')).toEqual([far.id]);
    // LIKE's wildcards are only characters here.
    expect(await found('service=%25')).toEqual([]);
    expect(await found('service=spaceship%20repair')).toEqual([]);
  });

  it('finds specialties the same through the trigram index as while walking the boxes', async () => {
    const leeds = getGeoDirectory().geocodePostcode('LS1 4AP');
    if (!leeds.ok) throw new Error('LS1 4AP should geocode');
    for (const word of ['leak', 'power flush', 'rewir', 'boiler', 'plumb', 'nothing like it']) {
      const query = {
        viewerId: null,
        categoryTrades: null,
        serviceTrades: [],
        servicePattern: `%${word}%`,
        limit: 20,
        offset: 0,
        lat: leeds.lat,
        lng: leeds.lng,
        nearbyMiles: 10,
      };
      const few = await searchNear(db(), query, 'all', { trades: [], specialties: 'few' });
      const many = await searchNear(db(), query, 'all', { trades: [], specialties: 'many' });
      expect(many.map((r) => r.id)).toEqual(few.map((r) => r.id));
    }
  });

  it('narrows a service by category, matching its trades and specialties only within it', async () => {
    const found = async (query: string) => ids((await search(query)).json().tradespeople);
    expect(await found('service=leak&category=Plumbing&location=LS1')).toEqual([near.id]);
    expect(await found('service=leak&category=electrical&location=LS1')).toEqual([]);
    expect(await found('service=plumber&category=electrical&location=LS1')).toEqual([]);
    expect(await found('service=rewiring&category=electrical&location=Leeds')).toEqual([far.id]);
  });

  it('narrows by category, and refuses an unknown one', async () => {
    const found = async (query: string) => ids((await search(query)).json().tradespeople);
    expect(await found('category=electrical&location=Leeds')).toEqual([far.id]);
    expect(await found('category=Plumbing&location=Leeds')).toEqual([near.id]);
    expect(await found('category=auto')).toEqual([]);
    const res = await search('category=spaceships');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('That category is not one we list');
  });

  it('pages through results with a total on every page', async () => {
    const page = async (n: number, extra = '') => (await search(`limit=1&page=${n}${extra}`)).json();
    const first = await page(1, '&location=LS1');
    expect(first).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(ids(first.tradespeople)).toEqual([near.id]);
    expect(ids((await page(2, '&location=LS1')).tradespeople)).toEqual([far.id]);
    const past = await page(3, '&location=LS1');
    expect(past).toMatchObject({ total: 2, tradespeople: [] });
    expect(ids((await page(2)).tradespeople)).toEqual([manchester.id]);
    expect((await page(2)).total).toBe(4);
  });

  it('builds cards from the profile: generated avatar, first three specialties, first service area', async () => {
    const cards: Card[] = (await search('location=LS1')).json().tradespeople;
    const nina = cards.find((c) => c.id === near.id)!;
    expect(nina).toMatchObject({
      fullName: 'Nina Near',
      trade: 'Plumber',
      avatarUrl: `/api/v1/avatars/${near.id}.svg`,
      specialties: ['Leak detection', 'Power flushing', 'Bathroom fitting'],
      location: 'Leeds',
      rating: 0,
      reviewCount: 0,
      saved: false,
    });
    // No service areas: the base district's town.
    expect(cards.find((c) => c.id === far.id)!.location).toBe(getGeoDirectory().placeForOutcode('LS22'));
  });

  it("uses the signed-in user's own postcode for Nearby without a location, else answers nothing", async () => {
    const local = await createCustomer(db(), { postcode: 'LS1 4AP' });
    const res = await search('filter=nearby', await sessionFor(db(), local.id));
    expect(ids(res.json().tradespeople)).toEqual([near.id]);
    expect(res.json().location.label).toBe('LS1 4AP');

    // No profile postcode: their latest job's.
    const poster = await createCustomer(db(), { postcode: null });
    await createJob(db(), { customerId: poster.id, postcode: 'LS1 4AP' });
    const fromJob = await search('filter=nearby', await sessionFor(db(), poster.id));
    expect(ids(fromJob.json().tradespeople)).toEqual([near.id]);

    const nowhere = await createCustomer(db(), { postcode: null });
    const none = await search('filter=nearby', await sessionFor(db(), nowhere.id));
    expect(none.json()).toMatchObject({ tradespeople: [], total: 0, location: null });
    expect((await search('filter=nearby')).json()).toMatchObject({ tradespeople: [], location: null });
  });

  it('marks the cards a customer saved', async () => {
    const app = await ctx.app();
    const customer = await createCustomer(db());
    const cookie = await sessionFor(db(), customer.id);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/v1/saved-pros/${near.id}`,
      headers: { cookie },
    });
    expect(put.statusCode).toBe(204);
    const cards: Card[] = (await search('location=LS1', cookie)).json().tradespeople;
    expect(cards.map((c) => [c.id, c.saved])).toEqual([
      [near.id, true],
      [far.id, false],
    ]);
    // Nobody else sees that customer's choice.
    const visitorCards: Card[] = (await search('location=LS1')).json().tradespeople;
    expect(visitorCards.every((c) => !c.saved)).toBe(true);
  });

  it('refuses malformed input with a 400, never a 500', async () => {
    for (const query of [
      'page=0',
      'page=abc',
      'limit=51',
      'filter=everyone',
      `service=${'x'.repeat(101)}`,
      'location=a&location=b',
    ]) {
      expect((await search(query)).statusCode, query).toBe(400);
    }
  });
});

describeOnDatabases('a search near a busy place', (ctx) => {
  const db = () => ctx.database().db;
  const leeds = { lat: 53.7997, lng: -1.5492 };
  const search = async (query: string) => (await ctx.app()).inject({ url: `/api/v1/tradespeople?${query}` });

  // Over the count's cap: 1,100 plumbers and 300 electricians around Leeds, in set-based SQL as the
  // bench fills a million. Bases share 40 points, so hundreds of tradespeople tie on every distance:
  // pages must still follow one another without a repeat or a gap. One in nine is accredited and one
  // in five Top Rated, for the chips' filters; one in eleven offers 'boiler repairs'.
  beforeAll(async () => {
    await db().execute(sql`create temp table busy as
      select gen_random_uuid() as id, n, case when n < 1100 then 'Plumber' else 'Electrician' end as trade,
             ${leeds.lat} + ((n % 40) / 8 - 2.5) * 0.03 as lat, ${leeds.lng} + ((n % 40) % 8 - 3.5) * 0.05 as lng,
             5 + (n * 7) % 26 as radius
      from generate_series(0, 1399) n`);
    await db().execute(sql`insert into users (id, email, password_hash, email_verified_at)
      select id, 'busy-' || n || '@example.test', '!', now() from busy`);
    await db().execute(sql`insert into profiles (id, full_name, user_type, rating_total, review_count)
      select id, 'Busy ' || n, 'tradesperson', case when n % 5 = 0 then 48 else 0 end, case when n % 5 = 0 then 10 else 0 end from busy`);
    await db().execute(sql`insert into user_settings (user_id) select id from busy`);
    await db().execute(sql`insert into tradesperson_profiles (user_id, trade, specialties, base_postcode, base_lat, base_lng, service_radius_miles, verified)
      select id, trade, case when n % 11 = 0 then array['Boiler repairs'] else array[]::text[] end, 'LS1 4AP', lat, lng, radius, true from busy`);
    await db().execute(sql`insert into documents (user_id, kind, status, title, storage_key, file_name, mime_type, size_bytes)
      select id, 'accreditation', 'approved', 'Gas Safe', 'busy/' || n, 'gas-safe.pdf', 'application/pdf', 1000 from busy where n % 9 = 0`);
    await db().execute(sql`drop table busy`);
  });

  it("says '1,000+' rather than count thousands, and pages on past the count", async () => {
    const first = (await search('service=plumber&location=LS1%204AP&limit=50')).json();
    expect(first).toMatchObject({ total: 1000, totalCapped: true, page: 1, pageSize: 50 });
    expect(first.tradespeople).toHaveLength(50);
    const deep = (await search('service=plumber&location=LS1%204AP&limit=50&page=21')).json();
    expect(deep).toMatchObject({ total: 1000, totalCapped: true });
    expect(deep.tradespeople.length).toBeGreaterThan(0);
    // Counted exactly under the cap: electricians.
    const electricians = (await search('service=electrician&location=LS1%204AP&limit=50')).json();
    expect(electricians).toMatchObject({ totalCapped: false });
    expect(electricians.total).toBeLessThanOrEqual(300);
    expect(electricians.total).toBeGreaterThan(200);
  });

  it('walks to the same pages, in the same order, as reading and sorting every match', async () => {
    const base = {
      viewerId: null,
      categoryTrades: null,
      serviceTrades: ['Plumber'],
      servicePattern: '%plumber%',
      lat: leeds.lat,
      lng: leeds.lng,
      nearbyMiles: 10,
    };
    const plans: NearPlan[] = [
      { trades: ['Plumber'], specialties: 'few' },
      { trades: ['Plumber', 'Electrician'], specialties: 'none' },
      { trades: null, specialties: 'none' },
      { trades: [], specialties: 'many' },
    ];
    let compared = 0;
    const empty: string[] = [];
    for (const plan of plans) {
      const servicePattern = plan.specialties === 'many' ? '%boiler%' : base.servicePattern;
      for (const filter of ['all', 'nearby', 'verified', 'top-rated'] as const) {
        for (const [limit, offset] of [
          [20, 0],
          [50, 450],
          [20, 980],
          [50, 1350],
          [20, 5000],
        ] as const) {
          const q = { ...base, servicePattern, limit, offset };
          const walked = await searchNearest(db(), q, filter, plan);
          const sorted = await searchNear(db(), q, filter, plan);
          expect(
            walked.map((r) => r.id),
            `${JSON.stringify(plan)} ${filter} ${offset}`,
          ).toEqual(sorted.map((r) => r.id));
          expect(walked.map((r) => r.distance)).toEqual(sorted.map((r) => r.distance));
          compared += walked.length;
          if (offset === 0 && walked.length === 0) empty.push(`${JSON.stringify(plan)} ${filter}`);
        }
      }
    }
    // Every plan and filter had a first page to compare, and deep pages too.
    expect(empty).toEqual([]);
    expect(compared).toBeGreaterThan(700);
  });
});

describeOnDatabases('leaving and rejoining the listing', (ctx) => {
  const db = () => ctx.database().db;
  const listedIds = async () => {
    const app = await ctx.app();
    const res = await app.inject({ url: '/api/v1/tradespeople?location=LS1&limit=50' });
    return ids(res.json().tradespeople);
  };

  it("follows the 'Profile visible to all' switch, suspension and account deletion at once", async () => {
    const app = await ctx.app();
    const t = await pro(db());
    const cookie = await sessionFor(db(), t.id);
    expect(await listedIds()).toContain(t.id);

    const off = await app.inject({
      method: 'PATCH',
      url: '/api/v1/account/settings',
      headers: { cookie },
      payload: { profileVisible: false },
    });
    expect(off.statusCode).toBe(200);
    expect(await listedIds()).not.toContain(t.id);
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/account/settings',
      headers: { cookie },
      payload: { profileVisible: true },
    });
    expect(await listedIds()).toContain(t.id);

    await db().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, t.id));
    expect(await listedIds()).not.toContain(t.id);
    await db().update(users).set({ suspendedAt: null }).where(eq(users.id, t.id));
    expect(await listedIds()).toContain(t.id);

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/v1/account',
      headers: { cookie: await sessionFor(db(), t.id) },
      payload: { password: t.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await listedIds()).not.toContain(t.id);
    expect((await app.inject({ url: `/api/v1/tradespeople/${t.id}` })).statusCode).toBe(404);
  });

  it('cannot be listed by writing the hidden flag directly', async () => {
    const t = await pro(db(), { settings: { profileVisible: false } });
    await db()
      .update(tradespersonProfiles)
      .set({ hidden: false })
      .where(eq(tradespersonProfiles.userId, t.id));
    expect(await listedIds()).not.toContain(t.id);
  });
});

describeOnDatabases('Top Rated and featured professionals', (ctx) => {
  const db = () => ctx.database().db;
  let mean445: CreatedTradesperson;
  let mean44: CreatedTradesperson;
  let unrated: CreatedTradesperson;

  beforeAll(async () => {
    mean445 = await pro(db(), { createdAt: daysAgo(10) });
    mean44 = await pro(db(), { createdAt: daysAgo(9) });
    unrated = await pro(db(), { createdAt: daysAgo(8) });
    // 89 / 20 = 4.45, shown as 4.5; 22 / 5 = 4.4.
    await reviewsFor(db(), mean445.id, [...Array(9).fill(5), ...Array(11).fill(4)]);
    await reviewsFor(db(), mean44.id, [5, 5, 4, 4, 4]);
    // Highly rated but unverified: never featured.
    const unverified = await pro(db(), { verified: false });
    await reviewsFor(db(), unverified.id, [5]);
  });

  it('counts a mean of 4.45 as Top Rated (shown 4.5) and 4.4 not', async () => {
    const app = await ctx.app();
    const res = await app.inject({ url: '/api/v1/tradespeople?filter=top-rated' });
    const cards: Card[] = res.json().tradespeople;
    expect(ids(cards)).toEqual([mean445.id]);
    expect(cards[0]).toMatchObject({ rating: 4.5, reviewCount: 20 });
    const all: Card[] = (await app.inject({ url: '/api/v1/tradespeople' })).json().tradespeople;
    expect(all.find((c) => c.id === mean44.id)).toMatchObject({ rating: 4.4, reviewCount: 5 });
  });

  it('features the best rated first, then the newest, up to the limit', async () => {
    const app = await ctx.app();
    const res = await app.inject({ url: '/api/v1/tradespeople/featured' });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().tradespeople)).toEqual([mean445.id, mean44.id, unrated.id]);
    const two = await app.inject({ url: '/api/v1/tradespeople/featured?limit=2' });
    expect(ids(two.json().tradespeople)).toEqual([mean445.id, mean44.id]);
    for (const limit of ['0', '7', 'x']) {
      expect((await app.inject({ url: `/api/v1/tradespeople/featured?limit=${limit}` })).statusCode).toBe(
        400,
      );
    }
  });

  it("'Verified' also asks for an approved trade accreditation", async () => {
    const app = await ctx.app();
    // The factories give every verified tradesperson an approved accreditation of its trade.
    const withoutAccreditation = await pro(db(), { documents: false });
    const res = await app.inject({ url: '/api/v1/tradespeople?filter=verified' });
    const listed = ids(res.json().tradespeople);
    expect(listed).toContain(mean445.id);
    expect(listed).not.toContain(withoutAccreditation.id);
  });
});

describeOnDatabases('public profiles and reviews', (ctx) => {
  const db = () => ctx.database().db;
  const get = async (url: string, cookie?: string) =>
    (await ctx.app()).inject({ url, headers: cookie ? { cookie } : {} });

  it('shows a verified tradesperson to visitors without its postcode or documents', async () => {
    const t = await pro(db(), {
      fullName: 'Pat Plumber',
      businessName: 'Pat Plumbing Ltd',
      trade: 'Plumber',
      serviceAreas: ['Leeds'],
    });
    const res = await get(`/api/v1/tradespeople/${t.id}`);
    expect(res.statusCode).toBe(200);
    const { profile } = res.json();
    expect(profile).toMatchObject({
      id: t.id,
      fullName: 'Pat Plumber',
      businessName: 'Pat Plumbing Ltd',
      trade: 'Plumber',
      baseDistrict: 'LS1, Leeds',
      serviceRadiusMiles: 25,
      verified: true,
      rating: 0,
      reviewCount: 0,
      avatarUrl: `/api/v1/avatars/${t.id}.svg`,
      saved: false,
      reviewsPublic: true,
      isOwnProfile: false,
    });
    expect(profile.checks.map((c: { kind: string }) => c.kind).sort()).toEqual([
      'accreditation',
      'insurance',
      'photo_id',
    ]);
    expect(JSON.stringify(profile)).not.toContain('LS1 4AP');
    expect(JSON.stringify(profile)).not.toContain('storage');
    const own = await get(`/api/v1/tradespeople/${t.id}`, await sessionFor(db(), t.id));
    expect(own.json().profile.isOwnProfile).toBe(true);
  });

  it('shows an unverified tradesperson a profile page, marked unverified', async () => {
    const t = await pro(db(), { verified: false });
    const res = await get(`/api/v1/tradespeople/${t.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ verified: false, checks: [] });
  });

  it('answers 404 for a hidden profile, except to its owner and admins, and never lists it', async () => {
    const t = await pro(db(), { settings: { profileVisible: false } });
    const customer = await createCustomer(db());
    expect((await get(`/api/v1/tradespeople/${t.id}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/tradespeople/${t.id}`, await sessionFor(db(), customer.id))).statusCode).toBe(
      404,
    );
    expect((await get(`/api/v1/tradespeople/${t.id}/reviews`)).statusCode).toBe(404);
    expect((await get(`/api/v1/tradespeople/${t.id}`, await sessionFor(db(), t.id))).statusCode).toBe(200);
    const admin = await createAdmin(db());
    expect((await get(`/api/v1/tradespeople/${t.id}`, await sessionFor(db(), admin.id))).statusCode).toBe(
      200,
    );
    const listed = ids((await get('/api/v1/tradespeople?location=LS1&limit=50')).json().tradespeople);
    expect(listed).not.toContain(t.id);
  });

  it('answers 404 for customers, suspended accounts and unknown ids, 400 for a malformed id', async () => {
    const customer = await createCustomer(db());
    const suspended = await pro(db(), { suspendedAt: new Date() });
    for (const id of [customer.id, suspended.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await get(`/api/v1/tradespeople/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await get('/api/v1/tradespeople/not-an-id')).statusCode).toBe(400);
  });

  it('lists reviews newest first, a page at a time, naming reviewers by first name and initial', async () => {
    const t = await pro(db());
    const job = async (name: string) => {
      const reviewer = await createCustomer(db(), { fullName: name });
      const j = await createJob(db(), { customerId: reviewer.id, status: 'completed' });
      const q = await createQuote(db(), { jobId: j.id, tradespersonId: t.id, status: 'accepted' });
      return createBooking(db(), { quoteId: q.id, status: 'completed', depositPaid: true });
    };
    const oldest = await createReview(db(), {
      bookingId: (await job('Ann Smith')).id,
      rating: 4,
      comment: 'Tidy work.',
      reply: 'Thank you, Ann!',
      createdAt: daysAgo(3),
    });
    const middle = await createReview(db(), { bookingId: (await job('Bob')).id, createdAt: daysAgo(2) });
    const newest = await createReview(db(), {
      bookingId: (await job('Cara de la Cruz')).id,
      comment: null,
      createdAt: daysAgo(1),
    });

    const first = await get(`/api/v1/tradespeople/${t.id}/reviews?limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json().reviews.map((r: { id: string }) => r.id)).toEqual([newest.id, middle.id]);
    expect(first.json().reviews.map((r: { reviewerName: string }) => r.reviewerName)).toEqual([
      'Cara C.',
      'Bob',
    ]);
    const next = await get(`/api/v1/tradespeople/${t.id}/reviews?limit=2&cursor=${first.json().nextCursor}`);
    expect(next.json().reviews).toEqual([
      {
        id: oldest.id,
        rating: 4,
        comment: 'Tidy work.',
        reviewerName: 'Ann S.',
        createdAt: oldest.createdAt.toISOString(),
        publishedAt: oldest.createdAt.toISOString(),
        reply: 'Thank you, Ann!',
        repliedAt: expect.any(String),
        // A visitor reports nothing.
        canReport: false,
        reported: false,
      },
    ]);
    expect(next.json().nextCursor).toBeNull();
    expect((await get(`/api/v1/tradespeople/${t.id}/reviews?cursor=bogus`)).statusCode).toBe(400);
  });

  it("hides reviews when 'Show reviews publicly' is off, except from the tradesperson and admins", async () => {
    const t = await pro(db(), { settings: { showReviewsPublicly: false } });
    await reviewsFor(db(), t.id, [5]);
    const empty = { reviews: [], nextCursor: null, summary: null, reviewsPublic: false };
    expect((await get(`/api/v1/tradespeople/${t.id}/reviews`)).json()).toEqual(empty);
    const customer = await createCustomer(db());
    expect(
      (await get(`/api/v1/tradespeople/${t.id}/reviews`, await sessionFor(db(), customer.id))).json(),
    ).toEqual(empty);
    const own = await get(`/api/v1/tradespeople/${t.id}/reviews`, await sessionFor(db(), t.id));
    expect(own.json().reviews).toHaveLength(1);
    const admin = await createAdmin(db());
    const asAdmin = await get(`/api/v1/tradespeople/${t.id}/reviews`, await sessionFor(db(), admin.id));
    expect(asAdmin.json().reviews).toHaveLength(1);
    const profile = (await get(`/api/v1/tradespeople/${t.id}`)).json().profile;
    expect(profile.reviewsPublic).toBe(false);

    // Turning it back on shows them again.
    await db().update(userSettings).set({ showReviewsPublicly: true }).where(eq(userSettings.userId, t.id));
    expect((await get(`/api/v1/tradespeople/${t.id}/reviews`)).json().reviews).toHaveLength(1);
  });

  it('uses an uploaded picture when there is one', async () => {
    const t = await pro(db(), { avatarUrl: '/api/v1/files/avatars/abc.webp' });
    expect((await get(`/api/v1/tradespeople/${t.id}`)).json().profile.avatarUrl).toBe(
      '/api/v1/files/avatars/abc.webp',
    );
  });

  it('serves a generated avatar per id, cached for a year', async () => {
    const id = '3b9f2f0e-3c1e-4b8a-9c1e-2f7e1c1b2a3d';
    const res = await get(`/api/v1/avatars/${id}.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toMatch(/^<svg /);
    expect((await get(`/api/v1/avatars/${id}.svg`)).body).toBe(res.body);
    expect((await get('/api/v1/avatars/4c9f2f0e-3c1e-4b8a-9c1e-2f7e1c1b2a3d.svg')).body).not.toBe(res.body);
    expect((await get('/api/v1/avatars/not-a-uuid.svg')).statusCode).toBe(404);
    expect((await get(`/api/v1/avatars/${id}.png`)).statusCode).toBe(404);
  });
});
