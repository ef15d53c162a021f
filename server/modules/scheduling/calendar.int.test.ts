import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { BookingStatus } from '../../../domain/catalog/statuses';
import { platformFeePence } from '../../../domain/payments/money';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import type { App } from '../../app';
import type { Executor } from '../../db/client';
import { calendarFeeds, paymentMilestones, timeOff, tradespersonAvailability } from '../../db/schema';
import {
  createBooking,
  createCustomer,
  createJob,
  createQuote,
  createTradesperson,
} from '../../seed/factories';

// The tradesperson's calendar and its private feed (docs/api/scheduling.md, DOMAIN-RULES 2 and 12).

// Over http, so the test's session cookie keeps its plain name (https makes it __Host-).
const APP_URL = 'http://tradenest.example';

/** The feed's events, each as its properties (lines unfolded, parameters dropped, text unescaped). */
function vevents(ics: string): Record<string, string>[] {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      const key = line.slice(0, colon).split(';')[0]!;
      current[key] = line
        .slice(colon + 1)
        .replace(/\\n/gi, '\n')
        .replace(/\\([,;\\])/g, '$1');
    }
  }
  return events;
}

describeOnDatabases('the tradesperson calendar and its feed', (ctx) => {
  const db = () => ctx.database().db;
  // Today is Tuesday 10 March 2026 in the UK.
  const clock = new ManualClock(new Date('2026-03-10T12:00:00Z'));
  let built: App | undefined;
  const app = async () => {
    built ??= await ctx.app({ APP_URL, RATE_LIMIT_MAX: '100000' }, { clock });
    return built;
  };
  const get = async (url: string, userId?: string) =>
    (await app()).inject({
      method: 'GET',
      url,
      headers: userId ? { cookie: await sessionFor(db(), userId) } : {},
    });
  const send = async (method: 'POST' | 'DELETE', url: string, userId: string) =>
    (await app()).inject({ method, url, headers: { cookie: await sessionFor(db(), userId) } });

  async function bookingFor(
    d: Executor,
    tradespersonId: string,
    status: BookingStatus,
    scheduledDate: string,
    title: string,
  ) {
    const customer = await createCustomer(d, { fullName: 'Alice Mary Smith' });
    const job = await createJob(d, {
      customerId: customer.id,
      title,
      postcode: 'M1 1AE',
      status: 'in_progress',
    });
    const quote = await createQuote(d, { jobId: job.id, tradespersonId, status: 'accepted', amount: 42_000 });
    return createBooking(d, { quoteId: quote.id, status, scheduledDate });
  }

  /** A booking's milestones, in equal parts of its £420 (the database checks they add up to it). */
  async function milestones(d: Executor, bookingId: string, items: [dueDate: string, title: string][]) {
    const amount = 42_000 / items.length;
    await d.insert(paymentMilestones).values(
      items.map(([dueDate, title], milestoneIndex) => ({
        bookingId,
        milestoneIndex,
        title,
        amount,
        platformFeeAmount: platformFeePence(amount),
        dueDate,
      })),
    );
  }

  /** A tradesperson with one booking in each status in March, one in April, milestones and time off. */
  async function busyTradesperson() {
    const tp = await createTradesperson(db(), { verified: true });
    const pending = await bookingFor(db(), tp.id, 'pending', '2026-03-12', 'Fix a leaking kitchen tap');
    const confirmed = await bookingFor(
      db(),
      tp.id,
      'confirmed',
      '2026-03-13',
      'Replace the bathroom radiator',
    );
    const completed = await bookingFor(db(), tp.id, 'completed', '2026-03-05', 'Unblock the garden drain');
    const disputed = await bookingFor(db(), tp.id, 'disputed', '2026-03-20', 'Refit the shower enclosure');
    const cancelled = await bookingFor(db(), tp.id, 'cancelled', '2026-03-14', 'Move the boiler upstairs');
    const april = await bookingFor(db(), tp.id, 'confirmed', '2026-04-20', 'Service the gas boiler');
    await milestones(db(), confirmed.id, [
      ['2026-03-16', 'First fix'],
      ['2026-04-25', 'Second fix'],
    ]);
    await milestones(db(), cancelled.id, [['2026-03-17', 'Never happens']]);
    await db()
      .insert(timeOff)
      .values([
        { tradespersonId: tp.id, startsOn: '2026-03-18', endsOn: '2026-03-19', note: 'Family wedding' },
        { tradespersonId: tp.id, startsOn: '2026-02-27', endsOn: '2026-03-02', note: null },
        { tradespersonId: tp.id, startsOn: '2026-05-01', endsOn: '2026-05-08', note: null },
      ]);
    await db()
      .insert(tradespersonAvailability)
      .values({
        tradespersonId: tp.id,
        weeklyPattern: ([1, 2, 3, 4, 5] as const).map((weekday) => ({
          weekday,
          start: '08:00',
          end: '17:00',
        })),
        leadTimeDays: 0,
        jobsPerDay: 2,
      });
    return { tp, pending, confirmed, completed, disputed, cancelled, april };
  }

  it("shows a month's bookings with what the tradesperson may see, milestone due dates, time off and the working week", async () => {
    const { tp, pending, confirmed, completed, disputed } = await busyTradesperson();
    const res = await get('/api/v1/calendar?from=2026-03-01&to=2026-03-31', tp.id);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    const base = { customerFirstName: 'Alice', category: 'Plumbing', amount: 42_000, planId: null };
    expect(view.bookings).toEqual([
      {
        ...base,
        id: completed.id,
        jobId: completed.jobId,
        date: '2026-03-05',
        status: 'completed',
        jobTitle: 'Unblock the garden drain',
        postcode: 'M1 1AE',
      },
      {
        ...base,
        id: pending.id,
        jobId: pending.jobId,
        date: '2026-03-12',
        status: 'pending',
        jobTitle: 'Fix a leaking kitchen tap',
        postcode: 'M1',
      },
      {
        ...base,
        id: confirmed.id,
        jobId: confirmed.jobId,
        date: '2026-03-13',
        status: 'confirmed',
        jobTitle: 'Replace the bathroom radiator',
        postcode: 'M1 1AE',
      },
      {
        ...base,
        id: disputed.id,
        jobId: disputed.jobId,
        date: '2026-03-20',
        status: 'disputed',
        jobTitle: 'Refit the shower enclosure',
        postcode: 'M1 1AE',
      },
    ]);
    expect(view.milestones).toEqual([
      {
        id: expect.any(String),
        bookingId: confirmed.id,
        jobId: confirmed.jobId,
        dueDate: '2026-03-16',
        title: 'First fix',
        amount: 21_000,
        status: 'pending',
      },
    ]);
    expect(
      view.timeOff.map((t: { startsOn: string; endsOn: string; note: string | null }) => [
        t.startsOn,
        t.endsOn,
        t.note,
      ]),
    ).toEqual([
      ['2026-02-27', '2026-03-02', null],
      ['2026-03-18', '2026-03-19', 'Family wedding'],
    ]);
    expect(view.workingWeek.map((d: { weekday: number }) => d.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(JSON.stringify(view)).not.toContain('Smith');
  });

  it('is a tradesperson’s own: a customer is told there is nothing here, another tradesperson sees only theirs', async () => {
    const { pending } = await busyTradesperson();
    const other = await createTradesperson(db());
    const range = '/api/v1/calendar?from=2026-03-01&to=2026-03-31';
    expect((await get(range, pending.customerId)).statusCode).toBe(404);
    expect((await send('POST', '/api/v1/calendar/feed', pending.customerId)).statusCode).toBe(404);
    expect((await get('/api/v1/calendar/feed', pending.customerId)).statusCode).toBe(404);
    expect((await get(range)).statusCode).toBe(401);
    const theirs = await get(range, other.id);
    expect(theirs.json()).toMatchObject({ bookings: [], milestones: [], timeOff: [] });
    // Never having set a pattern means working every day.
    expect(theirs.json().workingWeek).toHaveLength(7);
  });

  it('reads at most 62 days, from before to', async () => {
    const tp = await createTradesperson(db());
    const message = 'Choose 1 to 62 days, the first on or before the last';
    for (const query of ['from=2026-03-01&to=2026-05-02', 'from=2026-03-10&to=2026-03-09']) {
      const res = await get(`/api/v1/calendar?${query}`, tp.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ message, details: [{ field: 'to', message }] });
    }
    expect((await get('/api/v1/calendar?from=2026-03-01&to=2026-05-01', tp.id)).statusCode).toBe(200);
    expect((await get('/api/v1/calendar?from=2026-02-30&to=2026-03-01', tp.id)).statusCode).toBe(400);
  });

  it('feeds the year as all-day events with only what the tradesperson may see, and keeps only the hash', async () => {
    const { tp, pending, confirmed, cancelled, april } = await busyTradesperson();
    expect((await get('/api/v1/calendar/feed', tp.id)).json()).toEqual({ feed: null });

    const made = await send('POST', '/api/v1/calendar/feed', tp.id);
    expect(made.statusCode, made.body).toBe(201);
    const { url, feed } = made.json();
    expect(feed).toEqual({ createdAt: '2026-03-10T12:00:00.000Z' });
    const token = url.match(
      /^http:\/\/tradenest\.example\/api\/v1\/calendar\/feed\/([A-Za-z0-9_-]{43})\.ics$/,
    )?.[1];
    expect(token, url).toBeDefined();
    expect((await get('/api/v1/calendar/feed', tp.id)).json()).toEqual({ feed });

    const [row] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.tradespersonId, tp.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token!).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const res = await get(new URL(url).pathname);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.body).toMatch(/\r\nX-WR-CALNAME:TradeNest bookings\r\n/);
    // Calendar apps ask again and again: the same feed is a 304 to its ETag, and comes compressed.
    const pathname = new URL(url).pathname;
    const again = await (await app()).inject({
      method: 'GET',
      url: pathname,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const compressed = await (await app()).inject({
      method: 'GET',
      url: pathname,
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(res.body);
    expect(res.body).not.toContain('Smith');
    const events = vevents(res.body);
    const byUid = new Map(events.map((e) => [e.UID, e]));
    expect(byUid.has(`booking-${cancelled.id}@tradenest`)).toBe(false);
    expect(byUid.get(`booking-${pending.id}@tradenest`)).toMatchObject({
      DTSTART: '20260312',
      DTEND: '20260313',
      SUMMARY: 'Fix a leaking kitchen tap — Alice',
      STATUS: 'TENTATIVE',
      LOCATION: 'M1',
      DESCRIPTION: `Status: Pending\n${APP_URL}/job/${pending.jobId}`,
    });
    expect(byUid.get(`booking-${confirmed.id}@tradenest`)).toMatchObject({
      DTSTART: '20260313',
      SUMMARY: 'Replace the bathroom radiator — Alice',
      STATUS: 'CONFIRMED',
      LOCATION: 'M1 1AE',
      DESCRIPTION: `Status: Confirmed\n${APP_URL}/job/${confirmed.jobId}`,
    });
    expect(byUid.get(`booking-${april.id}@tradenest`)).toMatchObject({
      DTSTART: '20260420',
      LOCATION: 'M1 1AE',
    });
    const others = events
      .filter((e) => !e.UID!.startsWith('booking-'))
      .map((e) => [e.SUMMARY, e.DTSTART, e.DTEND]);
    expect(others).toEqual([
      ['Milestone due: First fix', '20260316', '20260317'],
      ['Milestone due: Second fix', '20260425', '20260426'],
      ['Time off', '20260227', '20260303'],
      ['Time off', '20260318', '20260320'],
      ['Time off', '20260501', '20260509'],
    ]);
    expect(events).toHaveLength(5 + 5);
  });

  it('leaves out bookings older than 90 days or further than a year ahead', async () => {
    const tp = await createTradesperson(db());
    const old = await bookingFor(db(), tp.id, 'completed', '2025-12-09', 'Paint the hallway ceiling');
    const oldest = await bookingFor(db(), tp.id, 'completed', '2025-12-10', 'Paint the landing walls');
    const latest = await bookingFor(db(), tp.id, 'confirmed', '2027-03-10', 'Lay the patio slabs');
    const later = await bookingFor(db(), tp.id, 'confirmed', '2027-03-11', 'Build a garden wall');
    const made = await send('POST', '/api/v1/calendar/feed', tp.id);
    expect(made.statusCode, made.body).toBe(201);
    const { url } = made.json();
    const uids = vevents((await get(new URL(url).pathname)).body).map((e) => e.UID);
    expect(uids).toEqual([`booking-${oldest.id}@tradenest`, `booking-${latest.id}@tradenest`]);
    expect(uids).not.toContain(`booking-${old.id}@tradenest`);
    expect(uids).not.toContain(`booking-${later.id}@tradenest`);
  });

  it('serves a feed as it was read for a minute, then reads the calendar again', async () => {
    const tp = await createTradesperson(db());
    const made = await send('POST', '/api/v1/calendar/feed', tp.id);
    const path = new URL(made.json().url).pathname;
    expect(vevents((await get(path)).body)).toEqual([]);
    const booking = await bookingFor(db(), tp.id, 'confirmed', '2026-03-20', 'Fit a new kitchen tap');
    expect(vevents((await get(path)).body)).toEqual([]);
    clock.advance(60_000);
    expect(vevents((await get(path)).body).map((e) => e.UID)).toEqual([`booking-${booking.id}@tradenest`]);
  });

  it('stops the old address at once when regenerated, and every address when turned off', async () => {
    const { tp } = await busyTradesperson();
    const first = (await send('POST', '/api/v1/calendar/feed', tp.id)).json().url as string;
    expect((await get(new URL(first).pathname)).statusCode).toBe(200);
    clock.advance(60_000);
    const second = (await send('POST', '/api/v1/calendar/feed', tp.id)).json();
    expect(second.url).not.toBe(first);
    expect(second.feed.createdAt).toBe(clock.now().toISOString());
    const gone = await get(new URL(first).pathname);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toMatchObject({ code: 'not_found', message: 'Calendar feed not found' });
    expect((await get(new URL(second.url).pathname)).statusCode).toBe(200);
    expect(
      await db().select().from(calendarFeeds).where(eq(calendarFeeds.tradespersonId, tp.id)),
    ).toHaveLength(1);

    const off = await send('DELETE', '/api/v1/calendar/feed', tp.id);
    expect(off.statusCode).toBe(204);
    expect((await get(new URL(second.url).pathname)).statusCode).toBe(404);
    expect((await get('/api/v1/calendar/feed', tp.id)).json()).toEqual({ feed: null });
    expect((await get('/api/v1/calendar/feed/not-a-token.ics')).statusCode).toBe(404);
  });
});
