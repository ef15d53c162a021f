import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import type { App } from '../../app';
import { bookings, emailOutbox, notifications, tradespersonAvailability } from '../../db/schema';
import {
  createBooking,
  createCustomer,
  createJob,
  createQuote,
  createTradesperson,
} from '../../seed/factories';

// DOMAIN-RULES 12: one side of a booking proposes a new date, the other accepts or declines, the
// proposer may withdraw; the day is checked when proposed and again when accepted; the history stays.

const MINUTE = 60_000;

describeOnDatabases('rescheduling a booking', (ctx) => {
  const db = () => ctx.database().db;
  // Tuesday 1 December 2026, noon in London.
  const clock = new ManualClock(new Date('2026-12-01T12:00:00Z'));
  // One app, however many callers ask for it at once (two runs of the job start together).
  let built: Promise<App> | undefined;
  const app = () => {
    built ??= ctx.app({}, { clock });
    return built;
  };
  const dispatch = async () => (await app()).queue.runDue('events.dispatch');

  /** A confirmed booking on Thursday 10 December between Ann (customer) and Tom (tradesperson). */
  async function booked(status: 'confirmed' | 'pending' | 'completed' = 'confirmed') {
    const customer = await createCustomer(db(), { fullName: 'Ann Smith' });
    const tradesperson = await createTradesperson(db(), { fullName: 'Tom Pipes' });
    const job = await createJob(db(), { customerId: customer.id, title: 'Fix the boiler' });
    const quote = await createQuote(db(), {
      jobId: job.id,
      tradespersonId: tradesperson.id,
      status: 'accepted',
    });
    const booking = await createBooking(db(), { quoteId: quote.id, status, scheduledDate: '2026-12-10' });
    return {
      booking,
      customer: { ...customer, cookie: await sessionFor(db(), customer.id) },
      tradesperson: { ...tradesperson, cookie: await sessionFor(db(), tradesperson.id) },
    };
  }

  const request = async (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    (await app()).inject({ method, url: `/api/v1${url}`, headers: { cookie }, payload });
  const propose = (bookingId: string, cookie: string, body: object) =>
    request('POST', `/bookings/${bookingId}/reschedules`, cookie, body);
  const answer = (id: string, action: 'accept' | 'decline' | 'withdraw', cookie: string, body?: object) =>
    request('POST', `/reschedules/${id}/${action}`, cookie, body);
  const history = async (bookingId: string, cookie: string) =>
    (await request('GET', `/bookings/${bookingId}/reschedules`, cookie)).json().reschedules;
  const dateOf = async (bookingId: string) =>
    (await db().select().from(bookings).where(eq(bookings.id, bookingId)))[0]!.scheduledDate;
  const toldOf = async (userId: string) =>
    (await db().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => ({
      kind: n.kind,
      title: n.title,
      body: n.body,
    }));
  const subjectsTo = async (email: string) =>
    (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).map((e) => e.subject);

  it('moves the booking when the other side accepts, telling each side of the other’s move', async () => {
    const { booking, customer, tradesperson } = await booked();
    const proposed = await propose(booking.id, customer.cookie, {
      date: '2026-12-15',
      note: ' We are away that week ',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const { reschedule } = proposed.json();
    expect(reschedule).toMatchObject({
      bookingId: booking.id,
      proposedBy: 'customer',
      fromDate: '2026-12-10',
      toDate: '2026-12-15',
      note: 'We are away that week',
      status: 'pending',
      decisionNote: null,
      decidedAt: null,
    });

    // Both booking cards show it.
    const mine = await request('GET', '/bookings/mine', tradesperson.cookie);
    expect(mine.json().bookings[0].reschedule).toEqual({
      id: reschedule.id,
      proposedBy: 'customer',
      fromDate: '2026-12-10',
      toDate: '2026-12-15',
      note: 'We are away that week',
      createdAt: '2026-12-01T12:00:00.000Z',
    });

    await dispatch();
    const proposal = {
      kind: 'booking.reschedule_proposed',
      title: "Ann Smith proposed a new date for 'Fix the boiler'",
      body: 'They would like to move the booking from Thursday, 10 December 2026 to Tuesday, 15 December 2026. Accept or decline it on the booking.',
    };
    expect(await toldOf(tradesperson.id)).toEqual([proposal]);
    expect(await toldOf(customer.id)).toEqual([]);
    expect(await subjectsTo(tradesperson.email)).toEqual([proposal.title]);

    // The proposer cannot answer their own proposal.
    const own = await answer(reschedule.id, 'accept', customer.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatchObject({
      code: 'not_allowed',
      message: 'The other party answers your proposal',
    });

    clock.advance(5 * MINUTE);
    const accepted = await answer(reschedule.id, 'accept', tradesperson.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().reschedule).toMatchObject({
      status: 'accepted',
      decidedAt: '2026-12-01T12:05:00.000Z',
    });
    expect(await dateOf(booking.id)).toBe('2026-12-15');
    const card = (await request('GET', '/bookings/mine', customer.cookie)).json().bookings[0];
    expect(card).toMatchObject({ scheduledDate: '2026-12-15', reschedule: null });

    await dispatch();
    expect(await toldOf(customer.id)).toEqual([
      {
        kind: 'booking.reschedule_accepted',
        title: "Tom Pipes accepted the new date for 'Fix the boiler'",
        body: 'The booking is now on Tuesday, 15 December 2026.',
      },
    ]);
    expect(await subjectsTo(customer.email)).toEqual([
      "Tom Pipes accepted the new date for 'Fix the boiler'",
    ]);

    const again = await answer(reschedule.id, 'decline', tradesperson.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'reschedule_state',
      message: 'This proposal has already been answered or withdrawn',
    });
    expect(await history(booking.id, tradesperson.cookie)).toMatchObject([
      { id: reschedule.id, status: 'accepted', fromDate: '2026-12-10', toDate: '2026-12-15' },
    ]);
  });

  it('keeps one proposal at a time, takes declines with a reason and withdrawals, and keeps the history', async () => {
    const { booking, customer, tradesperson } = await booked('pending');
    const first = await propose(booking.id, tradesperson.cookie, { date: '2026-12-14' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await propose(booking.id, customer.cookie, { date: '2026-12-16' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'reschedule_state',
      message: 'A new date is already waiting for an answer: withdraw it or wait for the reply first',
    });

    clock.advance(MINUTE);
    const declined = await answer(first.json().reschedule.id, 'decline', customer.cookie, {
      note: 'We have guests then',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().reschedule).toMatchObject({
      status: 'declined',
      decisionNote: 'We have guests then',
    });
    expect(await dateOf(booking.id)).toBe('2026-12-10');

    clock.advance(MINUTE);
    const mine = await propose(booking.id, customer.cookie, { date: '2026-12-16' });
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = await answer(mine.json().reschedule.id, 'withdraw', tradesperson.cookie);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error.message).toBe('Only the person who proposed the date can withdraw it');
    const withdrawn = await answer(mine.json().reschedule.id, 'withdraw', customer.cookie);
    expect(withdrawn.json().reschedule.status).toBe('withdrawn');
    expect(await dateOf(booking.id)).toBe('2026-12-10');

    expect(await history(booking.id, customer.cookie)).toMatchObject([
      { proposedBy: 'customer', toDate: '2026-12-16', status: 'withdrawn', note: null },
      {
        proposedBy: 'tradesperson',
        toDate: '2026-12-14',
        status: 'declined',
        decisionNote: 'We have guests then',
      },
    ]);

    await dispatch();
    expect(await toldOf(tradesperson.id)).toEqual(
      expect.arrayContaining([
        {
          kind: 'booking.reschedule_declined',
          title: "Ann Smith declined the new date for 'Fix the boiler'",
          body: 'Monday, 14 December 2026 does not suit them. The booking stays on Thursday, 10 December 2026.',
        },
        {
          kind: 'booking.reschedule_withdrawn',
          title: "Ann Smith withdrew the new date for 'Fix the boiler'",
          body: 'They no longer propose Wednesday, 16 December 2026. The booking stays on Thursday, 10 December 2026.',
        },
      ]),
    );
    expect((await toldOf(customer.id)).map((n) => n.kind)).toEqual(['booking.reschedule_proposed']);
  });

  it('answers 404 to anyone but the two parties, and refuses finished bookings', async () => {
    const { booking, tradesperson } = await booked();
    const stranger = await createTradesperson(db());
    const cookie = await sessionFor(db(), stranger.id);
    const theirs = await propose(booking.id, tradesperson.cookie, { date: '2026-12-11' });
    expect(theirs.statusCode, theirs.body).toBe(201);

    const proposed = await propose(booking.id, cookie, { date: '2026-12-11' });
    expect(proposed.statusCode).toBe(404);
    expect(proposed.json().error.message).toBe('Booking not found');
    const listed = await request('GET', `/bookings/${booking.id}/reschedules`, cookie);
    expect(listed.statusCode).toBe(404);
    for (const action of ['accept', 'decline', 'withdraw'] as const) {
      const res = await answer(theirs.json().reschedule.id, action, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Reschedule not found');
    }
    expect((await answer(randomUUID(), 'accept', cookie)).statusCode).toBe(404);

    const done = await booked('completed');
    const late = await propose(done.booking.id, done.customer.cookie, { date: '2026-12-11' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'reschedule_state',
      message: 'Only a pending or confirmed booking can be moved to another date',
    });
  });

  it('shows a proposal left waiting when the work is completed as lapsed, and nobody can answer it', async () => {
    const { booking, customer, tradesperson } = await booked();
    const proposed = await propose(booking.id, customer.cookie, { date: '2026-12-11' });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const completed = await request('POST', `/bookings/${booking.id}/complete`, tradesperson.cookie);
    expect(completed.statusCode, completed.body).toBe(200);

    expect((await history(booking.id, customer.cookie)).map((r: { status: string }) => r.status)).toEqual([
      'lapsed',
    ]);
    const late = await answer(proposed.json().reschedule.id, 'accept', tradesperson.cookie);
    expect(late.statusCode).toBe(409);
    expect(await dateOf(booking.id)).toBe('2026-12-10');
  });

  it('refuses a day that cannot be booked, and checks the day again when accepting', async () => {
    const { booking, customer, tradesperson } = await booked();
    // Monday to Friday, one job a day.
    await db()
      .insert(tradespersonAvailability)
      .values({
        tradespersonId: tradesperson.id,
        weeklyPattern: ([1, 2, 3, 4, 5] as const).map((weekday) => ({
          weekday,
          start: '08:00',
          end: '17:00',
        })),
        leadTimeDays: 0,
        jobsPerDay: 1,
      });
    const refused = async (date: string, message: string) => {
      const res = await propose(booking.id, customer.cookie, { date });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toEqual({
        code: 'day_unavailable',
        message,
        details: [{ field: 'date', message }],
      });
    };
    await refused('2026-11-30', 'That date has passed');
    await refused('2026-12-12', 'This tradesperson does not work on that day');
    const same = await propose(booking.id, customer.cookie, { date: '2026-12-10' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe('The booking is already on that date');
    const shapeless = await propose(booking.id, customer.cookie, { date: '2026-02-30' });
    expect(shapeless.json().error.message).toBe('Please select a date');

    const proposed = await propose(booking.id, customer.cookie, { date: '2026-12-15' });
    expect(proposed.statusCode, proposed.body).toBe(201);
    // Another customer books the 15th before the tradesperson answers: the day is full.
    const other = await createQuote(db(), { tradespersonId: tradesperson.id, status: 'accepted' });
    await createBooking(db(), { quoteId: other.id, scheduledDate: '2026-12-15' });
    const accepted = await answer(proposed.json().reschedule.id, 'accept', tradesperson.cookie);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error).toMatchObject({
      code: 'day_unavailable',
      message: 'This tradesperson is fully booked on that date',
    });
    expect(await dateOf(booking.id)).toBe('2026-12-10');
    expect((await history(booking.id, customer.cookie))[0].status).toBe('pending');
  });
});
