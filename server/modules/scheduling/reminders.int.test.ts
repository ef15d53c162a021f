import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import type { App } from '../../app';
import { bookings, domainEvents, emailOutbox, notifications } from '../../db/schema';
import { EventOutbox } from '../../queue/outbox';
import {
  createBooking,
  createCustomer,
  createJob,
  createQuote,
  createTradesperson,
} from '../../seed/factories';
import { remindDueBookings } from './reminders.service';

// The day before a confirmed booking both sides are reminded, in-app and (their settings allowing) by
// email, exactly once however many instances run the job; a moved booking is reminded for its new day.

const DAY = 24 * 60 * 60 * 1000;

describeOnDatabases('day-before reminders', (ctx) => {
  const db = () => ctx.database().db;
  // Tuesday 1 December 2026, noon in London: tomorrow is Wednesday 2 December.
  const clock = new ManualClock(new Date('2026-12-01T12:00:00Z'));
  // One app, however many callers ask for it at once (two runs of the job start together).
  let built: Promise<App> | undefined;
  const app = () => {
    built ??= ctx.app({}, { clock });
    return built;
  };
  const remind = async () => {
    const a = await app();
    return remindDueBookings({ db: db(), clock, events: new EventOutbox(a.queue) });
  };
  const dispatch = async () => (await app()).queue.runDue('events.dispatch');

  async function booked(
    scheduledDate: string,
    { status = 'confirmed', customerEmails = true } = {} as {
      status?: 'confirmed' | 'pending' | 'cancelled';
      customerEmails?: boolean;
    },
  ) {
    const customer = await createCustomer(db(), {
      fullName: 'Ann Smith',
      settings: { quoteUpdates: customerEmails },
    });
    const tradesperson = await createTradesperson(db(), { fullName: 'Tom Pipes' });
    const job = await createJob(db(), { customerId: customer.id, title: 'Fix the boiler' });
    const quote = await createQuote(db(), {
      jobId: job.id,
      tradespersonId: tradesperson.id,
      status: 'accepted',
    });
    const booking = await createBooking(db(), { quoteId: quote.id, status, scheduledDate });
    return { booking, customer, tradesperson };
  }
  const remindersOf = async (bookingId: string) =>
    (await db().select().from(domainEvents).where(eq(domainEvents.type, 'booking.reminder'))).filter(
      (e) => (e.payload as { bookingId: string }).bookingId === bookingId,
    );
  const toldOf = async (userId: string) =>
    (
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'booking.reminder')))
    ).map((n) => ({ title: n.title, body: n.body }));
  const subjectsTo = async (email: string) =>
    (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).map((e) => e.subject);

  it('reminds both sides of tomorrow’s confirmed bookings once, with two runs at once, honouring the settings', async () => {
    const due = await booked('2026-12-02', { customerEmails: false });
    const later = await booked('2026-12-03');
    const unconfirmed = await booked('2026-12-02', { status: 'pending' });
    const cancelled = await booked('2026-12-02', { status: 'cancelled' });

    // Nobody is emailed at night: the run at 07:23 UK time sends nothing, the 08:23 one does.
    const earlyMorning = Date.parse('2026-12-01T07:23:00Z') - clock.now().getTime();
    clock.advance(earlyMorning);
    expect(await remind()).toBe(0);
    expect(await remindersOf(due.booking.id)).toEqual([]);
    clock.advance(-earlyMorning);

    const runs = await Promise.all([remind(), remind()]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(await remindersOf(due.booking.id)).toHaveLength(1);
    for (const untouched of [later, unconfirmed, cancelled]) {
      expect(await remindersOf(untouched.booking.id)).toEqual([]);
      const [row] = await db().select().from(bookings).where(eq(bookings.id, untouched.booking.id));
      expect(row!.remindedFor).toBeNull();
    }

    await dispatch();
    const title = "Reminder: 'Fix the boiler' is tomorrow";
    expect(await toldOf(due.customer.id)).toEqual([
      { title, body: 'Tom Pipes is booked to come on Wednesday, 2 December 2026.' },
    ]);
    expect(await toldOf(due.tradesperson.id)).toEqual([
      { title, body: 'You are booked for Ann Smith on Wednesday, 2 December 2026.' },
    ]);
    // Ann turned 'Quote updates' off: in-app only. Tom gets the email too.
    expect(await subjectsTo(due.customer.email)).toEqual([]);
    expect(await subjectsTo(due.tradesperson.email)).toEqual([title]);

    // The next hour's run finds nothing left to send.
    expect(await remind()).toBe(0);
    await dispatch();
    expect(await toldOf(due.tradesperson.id)).toHaveLength(1);
  });

  it('reminds a moved booking for its new date, even after a reminder for the old one', async () => {
    clock.advance(10 * DAY);
    // Friday 11 December: tomorrow is Saturday 12 December.
    const { booking, customer, tradesperson } = await booked('2026-12-12');
    expect(await remind()).toBe(1);

    // Moved to Sunday the 13th: reminded again on Saturday, for the Sunday.
    const cookie = await sessionFor(db(), customer.id);
    const a = await app();
    const proposed = await a.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}/reschedules`,
      headers: { cookie },
      payload: { date: '2026-12-13' },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const accepted = await a.inject({
      method: 'POST',
      url: `/api/v1/reschedules/${proposed.json().reschedule.id}/accept`,
      headers: { cookie: await sessionFor(db(), tradesperson.id) },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await remind()).toBe(0);

    clock.advance(DAY);
    expect(await remind()).toBe(1);
    expect(
      (await remindersOf(booking.id)).map((e) => (e.payload as { scheduledDate: string }).scheduledDate),
    ).toEqual(['2026-12-12', '2026-12-13']);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.remindedFor).toBe('2026-12-13');
  });
});
