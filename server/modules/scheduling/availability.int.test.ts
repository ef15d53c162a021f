import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { londonToday } from '../../../domain/marketplace/schemas';
import { addDays, isoWeekday } from '../../../domain/scheduling/availability';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import type { App } from '../../app';
import { bookings, timeOff, tradespersonAvailability } from '../../db/schema';
import {
  createBooking,
  createCustomer,
  createJob,
  createQuote,
  createTradesperson,
} from '../../seed/factories';

const DAY_MS = 86_400_000;
const MON_FRI = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '17:30' }));

/** The first date on or after `from` that falls on `weekday` (1 = Monday). */
const nextWeekday = (from: string, weekday: number) => {
  let d = from;
  while (isoWeekday(d) !== weekday) d = addDays(d, 1);
  return d;
};

describeOnDatabases('availability settings', (ctx) => {
  const db = () => ctx.database().db;
  const clock = new ManualClock();
  const today = () => londonToday(clock.now());
  let app: App;
  const as = async (userId: string) => {
    app ??= await ctx.app({ RATE_LIMIT_MAX: '100000' }, { clock });
    const cookie = await sessionFor(db(), userId);
    return (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, payload });
  };
  const storedTimeOff = async (tradespersonId: string) =>
    db().select().from(timeOff).where(eq(timeOff.tradespersonId, tradespersonId));
  const storedPattern = async (tradespersonId: string) =>
    db()
      .select()
      .from(tradespersonAvailability)
      .where(eq(tradespersonAvailability.tradespersonId, tradespersonId));

  it('shows the open default as not set, then saves the pattern Monday first', async () => {
    const pro = await createTradesperson(db());
    const call = await as(pro.id);
    const before = await call('GET', '/availability');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      availability: {
        isSet: false,
        weeklyPattern: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
        leadTimeDays: 0,
        jobsPerDay: null,
      },
      timeOff: [],
    });
    const saved = await call('PUT', '/availability', {
      weeklyPattern: [...MON_FRI].reverse(),
      leadTimeDays: 2,
      jobsPerDay: 3,
    });
    expect(saved.statusCode).toBe(200);
    const expected = { isSet: true, weeklyPattern: MON_FRI, leadTimeDays: 2, jobsPerDay: 3 };
    expect(saved.json().availability).toEqual(expected);
    expect((await call('GET', '/availability')).json().availability).toEqual(expected);
  });

  it('refuses a bad pattern with each message, field by field, and changes nothing', async () => {
    const pro = await createTradesperson(db());
    const call = await as(pro.id);
    const good = { weeklyPattern: MON_FRI, leadTimeDays: 1, jobsPerDay: 2 };
    expect((await call('PUT', '/availability', good)).statusCode).toBe(200);
    const cases: [object, string, string][] = [
      [
        { weeklyPattern: [{ weekday: 1, start: '8am', end: '17:00' }] },
        'weeklyPattern.0.start',
        'Enter a time like 08:00',
      ],
      [
        { weeklyPattern: [{ weekday: 2, start: '17:00', end: '09:00' }] },
        'weeklyPattern.0.end',
        'The finish time must be after the start time',
      ],
      [
        {
          weeklyPattern: [
            { weekday: 3, start: '08:00', end: '12:00' },
            { weekday: 3, start: '13:00', end: '17:00' },
          ],
        },
        'weeklyPattern.1.weekday',
        'Each day can appear only once',
      ],
      [{ leadTimeDays: 61 }, 'leadTimeDays', 'Lead time must be a whole number of days from 0 to 60'],
      [{ leadTimeDays: 1.5 }, 'leadTimeDays', 'Lead time must be a whole number of days from 0 to 60'],
      [{ jobsPerDay: 0 }, 'jobsPerDay', 'Jobs a day must be a whole number from 1 to 10'],
      [{ jobsPerDay: 11 }, 'jobsPerDay', 'Jobs a day must be a whole number from 1 to 10'],
    ];
    for (const [change, field, message] of cases) {
      const res = await call('PUT', '/availability', { ...good, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', message });
      expect(res.json().error.details).toContainEqual({ field, message });
    }
    const [row] = await storedPattern(pro.id);
    expect(row).toMatchObject(good);
  });

  it('keeps time off to come, refuses overlaps and bad periods verbatim, removes only their own', async () => {
    const pro = await createTradesperson(db());
    const call = await as(pro.id);
    const t = today();
    const added = await call('POST', '/availability/time-off', {
      startsOn: addDays(t, 10),
      endsOn: addDays(t, 16),
      note: '  Holiday in Cornwall ',
    });
    expect(added.statusCode).toBe(201);
    const period = added.json().timeOff;
    expect(period).toEqual({
      id: expect.any(String),
      startsOn: addDays(t, 10),
      endsOn: addDays(t, 16),
      note: 'Holiday in Cornwall',
    });
    expect(added.json().bookingsCovered).toEqual([]);

    const cases: [object, string, string][] = [
      [
        { startsOn: addDays(t, 16), endsOn: addDays(t, 20) },
        'startsOn',
        'This overlaps time off you have already set',
      ],
      [
        { startsOn: addDays(t, 5), endsOn: addDays(t, 10) },
        'startsOn',
        'This overlaps time off you have already set',
      ],
      [
        { startsOn: addDays(t, 5), endsOn: addDays(t, 4) },
        'endsOn',
        'The last day off must be on or after the first',
      ],
      [{ startsOn: addDays(t, -3), endsOn: addDays(t, -1) }, 'endsOn', 'Time off must end today or later'],
      [{ startsOn: t, endsOn: addDays(t, 366) }, 'endsOn', 'Time off can cover at most a year'],
      [{ startsOn: '2026-02-30', endsOn: t }, 'startsOn', 'Please enter a valid date'],
      [{ startsOn: t, endsOn: t, note: 'x'.repeat(201) }, 'note', 'The note must be at most 200 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/availability/time-off', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', message });
      expect(res.json().error.details).toContainEqual({ field, message });
    }
    expect(await storedTimeOff(pro.id)).toHaveLength(1);

    // A period that has ended is no longer listed; one ending today still is.
    const endsToday = await call('POST', '/availability/time-off', { startsOn: addDays(t, -2), endsOn: t });
    expect(endsToday.statusCode).toBe(201);
    expect((await call('GET', '/availability')).json().timeOff.map((p: { id: string }) => p.id)).toEqual([
      endsToday.json().timeOff.id,
      period.id,
    ]);

    const other = await as((await createTradesperson(db())).id);
    const foreign = await other('DELETE', `/availability/time-off/${period.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Time off not found');
    expect(await storedTimeOff(pro.id)).toHaveLength(2);
    expect((await call('DELETE', `/availability/time-off/${period.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/availability/time-off/${period.id}`)).statusCode).toBe(404);
    expect(await storedTimeOff(pro.id)).toHaveLength(1);
  });

  it('caps time off at 100 periods to come', async () => {
    const pro = await createTradesperson(db());
    const t = today();
    await db()
      .insert(timeOff)
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          tradespersonId: pro.id,
          startsOn: addDays(t, i * 2),
          endsOn: addDays(t, i * 2),
        })),
      );
    const res = await (await as(pro.id))('POST', '/availability/time-off', {
      startsOn: addDays(t, 250),
      endsOn: addDays(t, 251),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'startsOn', message: 'You can keep at most 100 periods of time off' },
    ]);
    expect(await storedTimeOff(pro.id)).toHaveLength(100);
  });

  it('lists the bookings time off covers, and leaves them booked', async () => {
    const pro = await createTradesperson(db());
    const t = today();
    const job = await createJob(db(), { title: 'Fix a leaking tap', status: 'in_progress' });
    const quote = await createQuote(db(), { jobId: job.id, tradespersonId: pro.id, status: 'accepted' });
    const booked = await createBooking(db(), { quoteId: quote.id, scheduledDate: addDays(t, 3) });
    const cancelledQuote = await createQuote(db(), { tradespersonId: pro.id, status: 'accepted' });
    await createBooking(db(), {
      quoteId: cancelledQuote.id,
      scheduledDate: addDays(t, 4),
      status: 'cancelled',
    });
    const res = await (await as(pro.id))('POST', '/availability/time-off', {
      startsOn: addDays(t, 2),
      endsOn: addDays(t, 5),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().bookingsCovered).toEqual([
      { id: booked.id, scheduledDate: addDays(t, 3), status: 'confirmed', jobTitle: 'Fix a leaking tap' },
    ]);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booked.id));
    expect(row!.status).toBe('confirmed');
  });

  it('is for tradespeople only (403), and for nobody signed out (401)', async () => {
    const customer = await as((await createCustomer(db())).id);
    for (const [method, url, body] of [
      ['GET', '/availability', undefined],
      ['PUT', '/availability', { weeklyPattern: MON_FRI, leadTimeDays: 0, jobsPerDay: 1 }],
      ['POST', '/availability/time-off', { startsOn: today(), endsOn: today() }],
    ] as const) {
      const res = await customer(method, url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'only_tradespeople',
        message: 'Only tradespeople have a working pattern',
      });
      const signedOut = await app.inject({ method, url: `/api/v1${url}`, payload: body });
      expect(signedOut.statusCode).toBe(401);
    }
  });
});

describeOnDatabases('availability at booking time', (ctx) => {
  const db = () => ctx.database().db;
  // Three days ahead of the real date, so a day the booking body takes (today onwards) can still be
  // in the past for the rules, which read the injected clock.
  const clock = new ManualClock(new Date(Date.now() + 3 * DAY_MS));
  const today = () => londonToday(clock.now());
  let app: App;
  const server = async () => {
    app ??= await ctx.app({ RATE_LIMIT_MAX: '100000' }, { clock });
    return app;
  };

  /** A tradesperson with a pattern (or none), and a way for a new customer to book them. */
  const setUp = async (pattern?: {
    weeklyPattern: typeof MON_FRI;
    leadTimeDays: number;
    jobsPerDay: number;
  }) => {
    const pro = await createTradesperson(db(), { verified: true });
    if (pattern) {
      const res = await (await server()).inject({
        method: 'PUT',
        url: '/api/v1/availability',
        headers: { cookie: await sessionFor(db(), pro.id) },
        payload: pattern,
      });
      expect(res.statusCode).toBe(200);
    }
    const book = async (scheduledDate: string) => {
      const job = await createJob(db());
      const quote = await createQuote(db(), { jobId: job.id, tradespersonId: pro.id });
      return (await server()).inject({
        method: 'POST',
        url: '/api/v1/bookings',
        headers: { cookie: await sessionFor(db(), job.customerId) },
        payload: { quoteId: quote.id, scheduledDate },
      });
    };
    return { pro, book };
  };

  const expectRefused = async (res: Awaited<ReturnType<App['inject']>>, message: string) => {
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'day_unavailable',
      message,
      details: [{ field: 'scheduledDate', message }],
    });
  };

  it('books any day for a tradesperson who never set a pattern', async () => {
    const { book } = await setUp();
    const sunday = nextWeekday(addDays(today(), 1), 7);
    expect((await book(sunday)).statusCode).toBe(201);
    expect((await book(sunday)).statusCode).toBe(201);
  });

  it('refuses each reason in the words the calendar uses, and writes nothing', async () => {
    const { pro, book } = await setUp({ weeklyPattern: MON_FRI, leadTimeDays: 2, jobsPerDay: 1 });
    const t = today();
    const monday = nextWeekday(addDays(t, 7), 1);
    await expectRefused(await book(addDays(t, -1)), 'That date has passed');
    await expectRefused(await book(addDays(t, 1)), 'This tradesperson needs more notice for that date');
    await expectRefused(
      await book(nextWeekday(addDays(t, 2), 6)),
      'This tradesperson does not work on that day',
    );
    const cookie = await sessionFor(db(), pro.id);
    const away = await (await server()).inject({
      method: 'POST',
      url: '/api/v1/availability/time-off',
      headers: { cookie },
      payload: { startsOn: monday, endsOn: addDays(monday, 4) },
    });
    expect(away.statusCode).toBe(201);
    await expectRefused(await book(addDays(monday, 2)), 'This tradesperson is away on that date');
    expect(await db().select().from(bookings).where(eq(bookings.tradespersonId, pro.id))).toEqual([]);

    const tuesday = addDays(monday, 8);
    const first = await book(tuesday);
    expect(first.statusCode).toBe(201);
    await expectRefused(await book(tuesday), 'This tradesperson is fully booked on that date');
    expect(await db().select().from(bookings).where(eq(bookings.tradespersonId, pro.id))).toHaveLength(1);
  });

  it('frees the place of a cancelled booking', async () => {
    const { pro, book } = await setUp({ weeklyPattern: MON_FRI, leadTimeDays: 0, jobsPerDay: 1 });
    const wednesday = nextWeekday(addDays(today(), 1), 3);
    const first = await book(wednesday);
    expect(first.statusCode).toBe(201);
    await expectRefused(await book(wednesday), 'This tradesperson is fully booked on that date');
    const cancel = await (await server()).inject({
      method: 'POST',
      url: `/api/v1/bookings/${first.json().booking.id}/cancel`,
      headers: { cookie: await sessionFor(db(), pro.id) },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await book(wednesday)).statusCode).toBe(201);
  });

  it('answers the bookable days of a range, within its bounds, for signed-in users', async () => {
    const { pro } = await setUp({ weeklyPattern: MON_FRI, leadTimeDays: 1, jobsPerDay: 1 });
    const customer = await createCustomer(db());
    const cookie = await sessionFor(db(), customer.id);
    const t = today();
    const monday = nextWeekday(addDays(t, 2), 1);
    const taken = await createBooking(db(), {
      quoteId: (await createQuote(db(), { tradespersonId: pro.id, status: 'accepted' })).id,
      scheduledDate: monday,
    });
    const days = (url: string, headers: Record<string, string> = { cookie }) =>
      app.inject({ url: `/api/v1/tradespeople/${url}`, headers });

    const week = await days(`${pro.id}/bookable-days?from=${monday}&to=${addDays(monday, 6)}`);
    expect(week.statusCode).toBe(200);
    expect(week.json().days.map((d: { refusal: string | null }) => d.refusal)).toEqual([
      'full',
      null,
      null,
      null,
      null,
      'not_working',
      'not_working',
    ]);
    const moving = await days(
      `${pro.id}/bookable-days?from=${monday}&to=${monday}&exceptBooking=${taken.id}`,
    );
    expect(moving.json().days).toEqual([{ date: monday, refusal: null }]);
    const early = await days(`${pro.id}/bookable-days?from=${t}&to=${t}`);
    expect(early.json().days).toEqual([{ date: t, refusal: 'lead_time' }]);

    const message = 'Choose 1 to 62 days, the first on or before the last';
    for (const to of [addDays(t, 62), addDays(t, -1)]) {
      const res = await days(`${pro.id}/bookable-days?from=${t}&to=${to}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'validation_error',
        message,
        details: [{ field: 'to', message }],
      });
    }
    expect((await days(`${pro.id}/bookable-days?from=${t}&to=${addDays(t, 61)}`)).json().days).toHaveLength(
      62,
    );
    const notPro = await days(`${customer.id}/bookable-days?from=${t}&to=${t}`);
    expect(notPro.statusCode).toBe(404);
    expect(notPro.json().error.message).toBe('Tradesperson not found');
    expect((await days(`${pro.id}/bookable-days?from=${t}&to=${t}`, {})).statusCode).toBe(401);
  });
});

describeOnDatabases('two customers racing for the last place of a day', (ctx) => {
  const db = () => ctx.database().db;
  const ROUNDS = ctx.kind === 'postgres' ? 10 : 2;

  it(`books exactly one of them (${ROUNDS} rounds)`, async () => {
    const app = await ctx.app({ RATE_LIMIT_MAX: '100000' });
    const pro = await createTradesperson(db(), { verified: true });
    const weekdays = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '17:00' }));
    const set = await app.inject({
      method: 'PUT',
      url: '/api/v1/availability',
      headers: { cookie: await sessionFor(db(), pro.id) },
      payload: { weeklyPattern: weekdays, leadTimeDays: 0, jobsPerDay: 1 },
    });
    expect(set.statusCode).toBe(200);
    for (let round = 0; round < ROUNDS; round++) {
      const date = addDays(londonToday(), 2 + round);
      const attempts = await Promise.all(
        [0, 1].map(async () => {
          const job = await createJob(db());
          const quote = await createQuote(db(), { jobId: job.id, tradespersonId: pro.id });
          return { quote, cookie: await sessionFor(db(), job.customerId) };
        }),
      );
      const results = await Promise.all(
        attempts.map(({ quote, cookie }) =>
          app.inject({
            method: 'POST',
            url: '/api/v1/bookings',
            headers: { cookie },
            payload: { quoteId: quote.id, scheduledDate: date },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('day_unavailable');
      const stored = await db().select().from(bookings).where(eq(bookings.scheduledDate, date));
      expect(stored.filter((b) => b.tradespersonId === pro.id)).toHaveLength(1);
    }
  });

  it(`gives the last place to exactly one of a booking and an accepted reschedule (${ROUNDS} rounds)`, async () => {
    const app = await ctx.app({ RATE_LIMIT_MAX: '100000' });
    const pro = await createTradesperson(db(), { verified: true });
    const proCookie = await sessionFor(db(), pro.id);
    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '17:00' }));
    const set = await app.inject({
      method: 'PUT',
      url: '/api/v1/availability',
      headers: { cookie: proCookie },
      payload: { weeklyPattern: everyDay, leadTimeDays: 0, jobsPerDay: 1 },
    });
    expect(set.statusCode).toBe(200);
    for (let round = 0; round < ROUNDS; round++) {
      const date = addDays(londonToday(), 2 + round);
      // A booking elsewhere in the diary whose customer asks to move it to `date`, still free.
      const job = await createJob(db());
      const quote = await createQuote(db(), { jobId: job.id, tradespersonId: pro.id, status: 'accepted' });
      const moving = await createBooking(db(), {
        quoteId: quote.id,
        status: 'confirmed',
        scheduledDate: addDays(londonToday(), 40 + round),
      });
      const proposed = await app.inject({
        method: 'POST',
        url: `/api/v1/bookings/${moving.id}/reschedules`,
        headers: { cookie: await sessionFor(db(), job.customerId) },
        payload: { date },
      });
      expect(proposed.statusCode, proposed.body).toBe(201);
      // Another customer books `date` while the tradesperson accepts the move to it.
      const other = await createJob(db());
      const otherQuote = await createQuote(db(), { jobId: other.id, tradespersonId: pro.id });
      const otherCookie = await sessionFor(db(), other.customerId);
      const [accepted, booked] = await Promise.all([
        app.inject({
          method: 'POST',
          url: `/api/v1/reschedules/${proposed.json().reschedule.id}/accept`,
          headers: { cookie: proCookie },
        }),
        app.inject({
          method: 'POST',
          url: '/api/v1/bookings',
          headers: { cookie: otherCookie },
          payload: { quoteId: otherQuote.id, scheduledDate: date },
        }),
      ]);
      expect([accepted.statusCode, booked.statusCode].filter((c) => c < 300)).toHaveLength(1);
      const loser = accepted.statusCode < 300 ? booked : accepted;
      expect(loser.statusCode).toBe(409);
      expect(loser.json().error.code).toBe('day_unavailable');
      const stored = await db().select().from(bookings).where(eq(bookings.scheduledDate, date));
      expect(stored.filter((b) => b.tradespersonId === pro.id)).toHaveLength(1);
    }
  });
});
