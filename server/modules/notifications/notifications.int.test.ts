import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { DomainEvent, NewDomainEvent } from '../../../domain/events/catalog';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { type EventStream, listen, openEvents } from '../../../test/sse';
import { emailOutbox, notifications, userSettings, users } from '../../db/schema';
import {
  createBooking,
  createCustomer,
  createJob,
  createNotification,
  createQuote,
  createTradesperson,
} from '../../seed/factories';
import { notifyForEvent } from './notifications.service';

const APP_URL = 'https://tradenest.test';

describeOnDatabases('notifications', (ctx) => {
  const db = () => ctx.database().db;
  const streams: EventStream[] = [];
  // Emails are queued (pg-boss) in the caller's transaction: the app creates the queue's schema, and a
  // worker's database may not have one yet when this file runs first on it.
  beforeAll(async () => {
    await ctx.app();
  });
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });

  const stored = (event: NewDomainEvent): DomainEvent => ({
    ...event,
    id: randomUUID(),
    occurredAt: new Date().toISOString(),
  });
  const handle = (event: DomainEvent) =>
    db().transaction((tx) => notifyForEvent(tx, event, { appUrl: APP_URL }));
  const notificationsOf = (userId: string) =>
    db().select().from(notifications).where(eq(notifications.userId, userId));
  const emailsTo = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));

  /** A customer's job, a tradesperson's quote on it and a booking from that quote. */
  async function marketplace(settings: { customer?: object; tradesperson?: object } = {}) {
    const customer = await createCustomer(db(), { fullName: 'Ann Smith', settings: settings.customer });
    const tradesperson = await createTradesperson(db(), {
      fullName: 'Tom Pipes',
      settings: settings.tradesperson,
    });
    const job = await createJob(db(), { customerId: customer.id, title: 'Fix <b>tap</b> & sink' });
    const quote = await createQuote(db(), { jobId: job.id, tradespersonId: tradesperson.id, amount: 12_050 });
    const booking = await createBooking(db(), { quoteId: quote.id, status: 'pending' });
    const ref = {
      jobId: job.id,
      customerId: customer.id,
      quoteId: quote.id,
      tradespersonId: tradesperson.id,
      bookingId: booking.id,
    };
    return { customer, tradesperson, job, quote, booking, ref };
  }

  it('tells the right person what happened, with a link, and nobody of their own action', async () => {
    const { customer, tradesperson, job, ref } = await marketplace();
    const c = customer.id;
    const t = tradesperson.id;
    const title = `'Fix <b>tap</b> & sink'`;
    const cases: {
      event: NewDomainEvent;
      to: string | null;
      title?: string;
      body?: string;
      link?: string;
    }[] = [
      {
        event: { type: 'quote.received', actorId: t, payload: ref },
        to: c,
        title: `New quote for ${title}`,
        body: 'Tom Pipes sent you a quote of £120.50.',
        link: `/job/${job.id}`,
      },
      {
        event: { type: 'quote.edited', actorId: t, payload: ref },
        to: c,
        title: `Tom Pipes revised their quote for ${title}`,
        body: 'The quote is now £120.50: see what changed on the job page.',
        link: `/job/${job.id}`,
      },
      {
        event: { type: 'quote.withdrawn', actorId: t, payload: ref },
        to: c,
        body: 'Tom Pipes withdrew their quote.',
        link: `/job/${job.id}`,
      },
      {
        event: { type: 'quote.accepted', actorId: c, payload: ref },
        to: t,
        title: `Quote accepted for ${title}`,
        body: 'Ann Smith accepted your quote of £120.50. The job is now in My Bookings.',
        link: '/my-jobs',
      },
      {
        event: {
          type: 'quote.rejected',
          actorId: c,
          payload: { ...ref, reason: 'other_quote_accepted' },
        },
        to: t,
        body: 'Ann Smith chose another quote for this job.',
        link: `/job/${job.id}`,
      },
      {
        event: { type: 'quote.rejected', actorId: c, payload: { ...ref, reason: 'job_cancelled' } },
        to: t,
        body: 'Ann Smith cancelled the job, so your quote is closed.',
      },
      {
        event: { type: 'booking.created', actorId: c, payload: { ...ref, status: 'pending' } },
        to: t,
        title: `Booking request for ${title}`,
        body: 'Ann Smith wants to book you. Please confirm or decline the booking.',
        link: '/my-jobs',
      },
      // From Accept: quote.accepted has told the tradesperson already.
      { event: { type: 'booking.created', actorId: c, payload: { ...ref, status: 'confirmed' } }, to: null },
      {
        event: { type: 'booking.confirmed', actorId: t, payload: ref },
        to: c,
        body: 'Tom Pipes confirmed your booking.',
        link: '/my-jobs',
      },
      {
        event: { type: 'booking.declined', actorId: t, payload: ref },
        to: c,
        body: 'Tom Pipes declined your booking.',
      },
      {
        event: { type: 'booking.cancelled', actorId: c, payload: { ...ref, cancelledBy: 'customer' } },
        to: t,
        body: 'Ann Smith cancelled the booking.',
      },
      {
        event: { type: 'booking.cancelled', actorId: t, payload: { ...ref, cancelledBy: 'tradesperson' } },
        to: c,
        body: 'Tom Pipes cancelled the booking.',
      },
      {
        event: { type: 'booking.completed', actorId: t, payload: ref },
        to: c,
        title: `Job marked complete: ${title}`,
        body: 'Tom Pipes marked the job as complete.',
        link: '/my-jobs',
      },
      { event: { type: 'job.posted', actorId: c, payload: ref }, to: null },
      { event: { type: 'job.cancelled', actorId: c, payload: ref }, to: null },
      {
        event: {
          type: 'message.sent',
          actorId: c,
          payload: { conversationId: randomUUID(), messageId: randomUUID(), senderId: c, recipientId: t },
        },
        to: null,
      },
      // The actor is never told of their own action, whatever the rules say.
      { event: { type: 'quote.received', actorId: c, payload: ref }, to: null },
    ];

    for (const { event, to, ...expected } of cases) {
      const label = `${event.type} by ${event.actorId === c ? 'customer' : 'tradesperson'}`;
      const domainEvent = stored(event);
      const notified = await handle(domainEvent);
      expect(notified, label).toEqual(to ? [to] : []);
      const rows = await db().select().from(notifications).where(eq(notifications.eventId, domainEvent.id));
      expect(rows, label).toHaveLength(to ? 1 : 0);
      if (to)
        expect(rows[0], label).toMatchObject({ userId: to, kind: event.type, readAt: null, ...expected });
    }
  });

  it('tells the other side of a change to a booking, and the tradesperson once when it is paid', async () => {
    const { customer, tradesperson, booking, ref } = await marketplace();
    const c = customer.id;
    const t = tradesperson.id;
    const title = `'Fix <b>tap</b> & sink'`;
    const change = { ...ref, changeId: randomUUID(), direction: 'increase' as const, amountPence: 12_050 };
    const link = `/booking-changes/${booking.id}`;
    const paymentId = randomUUID();
    const cases: { event: NewDomainEvent; to: string | null; title?: string; body?: string }[] = [
      {
        event: { type: 'change.proposed', actorId: t, payload: { ...change, proposedBy: t } },
        to: c,
        title: `Tom Pipes proposed a change to ${title}`,
        body: "The price would go up by £120.50. Accept or decline it on the booking's changes.",
      },
      {
        event: {
          type: 'change.accepted',
          actorId: c,
          payload: { ...change, proposedBy: t, amountAfter: 24_100, settlement: 'payment' },
        },
        to: t,
        title: `Ann Smith accepted your change to ${title}`,
        body: 'The price went up by £120.50. The agreed amount is now £241.00. The customer pays the difference into escrow.',
      },
      {
        event: {
          type: 'change.declined',
          actorId: t,
          payload: { ...change, proposedBy: c, direction: 'decrease' },
        },
        to: c,
        title: `Tom Pipes declined your change to ${title}`,
        body: 'The agreed work and price stay as they were.',
      },
      {
        event: {
          type: 'change.withdrawn',
          actorId: c,
          payload: { ...change, proposedBy: c, direction: 'decrease' },
        },
        to: t,
        body: 'They no longer propose to move the price down by £120.50.',
      },
      {
        event: { type: 'change.paid', actorId: c, payload: { ...change, proposedBy: t, paymentId } },
        to: t,
        title: `Ann Smith paid the change to ${title}`,
        body: "£120.50 is held in escrow and released with the booking's payment.",
      },
      // The change's payment itself: change.paid has told the tradesperson already.
      {
        event: {
          type: 'payment.succeeded',
          actorId: null,
          payload: {
            ...ref,
            paymentId,
            amountPence: 12_050,
            heldUntil: new Date().toISOString(),
            changeId: change.changeId,
          },
        },
        to: null,
      },
    ];
    for (const { event, to, ...expected } of cases) {
      const domainEvent = stored(event);
      expect(await handle(domainEvent), event.type).toEqual(to ? [to] : []);
      const rows = await db().select().from(notifications).where(eq(notifications.eventId, domainEvent.id));
      if (to) expect(rows[0], event.type).toMatchObject({ userId: to, link, ...expected });
      else expect(rows, event.type).toHaveLength(0);
    }
  });

  it('emails text and escaped HTML with an unsubscribe link, once however often the event is handled', async () => {
    const { customer, tradesperson, job, ref } = await marketplace();
    const event = stored({ type: 'quote.received', actorId: tradesperson.id, payload: ref });
    expect(await handle(event)).toEqual([customer.id]);
    // Replayed (a retry of the queue, say): no second notification, no second email.
    expect(await handle(event)).toEqual([]);
    expect(await notificationsOf(customer.id)).toHaveLength(1);

    const emails = await emailsTo(customer.email);
    expect(emails).toHaveLength(1);
    const email = emails[0]!;
    expect(email).toMatchObject({
      kind: 'quote.received',
      dedupeKey: `event:${event.id}:${customer.id}`,
      subject: "New quote for 'Fix <b>tap</b> & sink'",
    });
    expect(email.textBody).toContain('Hello Ann Smith,');
    expect(email.textBody).toContain('Tom Pipes sent you a quote of £120.50.');
    expect(email.textBody).toContain(`${APP_URL}/job/${job.id}`);
    const unsubscribe = /https:\/\/tradenest\.test\/unsubscribe\?token=([\w-]+)/.exec(email.textBody);
    expect(unsubscribe).not.toBeNull();
    expect(email.htmlBody).toContain(`href="${APP_URL}/unsubscribe?token=${unsubscribe![1]}"`);
    expect(email.htmlBody).not.toContain('<b>tap</b>');
    expect(email.textBody).not.toContain('&lt;');

    // The same link in every email to that person for that switch.
    await handle(stored({ type: 'quote.edited', actorId: tradesperson.id, payload: ref }));
    const again = (await emailsTo(customer.email)).find((e) => e.kind === 'quote.edited')!;
    expect(again.textBody).toContain(`token=${unsubscribe![1]}`);
  });

  it("follows the Settings: 'Quote updates' and 'Email notifications' stop the email, not the notification", async () => {
    const cases = [
      { settings: { quoteUpdates: false }, emailed: false },
      { settings: { emailNotifications: false }, emailed: false },
      { settings: { newMessages: false }, emailed: true },
    ];
    for (const { settings, emailed } of cases) {
      const { customer, tradesperson, ref } = await marketplace({ customer: settings });
      await handle(stored({ type: 'quote.received', actorId: tradesperson.id, payload: ref }));
      expect(await notificationsOf(customer.id), JSON.stringify(settings)).toHaveLength(1);
      expect(await emailsTo(customer.email), JSON.stringify(settings)).toHaveLength(emailed ? 1 : 0);
    }
  });

  it('never emails a suspended or deleted account, and tells a deleted one nothing at all', async () => {
    const suspended = await marketplace();
    await db().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.customer.id));
    await handle(
      stored({ type: 'quote.received', actorId: suspended.tradesperson.id, payload: suspended.ref }),
    );
    expect(await notificationsOf(suspended.customer.id)).toHaveLength(1);
    expect(await emailsTo(suspended.customer.email)).toHaveLength(0);

    const deleted = await marketplace();
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.tradesperson.id));
    expect(
      await handle(stored({ type: 'quote.accepted', actorId: deleted.customer.id, payload: deleted.ref })),
    ).toEqual([]);
    expect(await notificationsOf(deleted.tradesperson.id)).toHaveLength(0);
    expect(await emailsTo(deleted.tradesperson.email)).toHaveLength(0);
  });

  it('pages notifications newest first, counts the unread and marks one or all read', async () => {
    const app = await ctx.app();
    const me = await createCustomer(db());
    const cookie = await sessionFor(db(), me.id);
    const base = Date.now() - 3_600_000;
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await createNotification(db(), {
          userId: me.id,
          title: `N${i}`,
          createdAt: new Date(base + i * 1000),
        }),
      );
    }
    await createNotification(db(), { title: 'Someone else’s' });
    const get = (url: string) => app.inject({ url, headers: { cookie } });

    const first = (await get('/api/v1/notifications?limit=2')).json();
    expect(first.notifications.map((n: { title: string }) => n.title)).toEqual(['N4', 'N3']);
    expect(first.notifications[0]).toEqual({
      id: made[4]!.id,
      kind: 'quote.received',
      title: 'N4',
      body: made[4]!.body,
      link: '/my-jobs',
      read: false,
      createdAt: made[4]!.createdAt.toISOString(),
    });
    const second = (await get(`/api/v1/notifications?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.notifications.map((n: { title: string }) => n.title)).toEqual(['N2', 'N1']);
    const last = (await get(`/api/v1/notifications?limit=2&cursor=${second.nextCursor}`)).json();
    expect(last).toMatchObject({ notifications: [{ title: 'N0' }], nextCursor: null });
    expect((await get('/api/v1/notifications?cursor=nonsense')).statusCode).toBe(400);
    expect((await get('/api/v1/notifications/unread-count')).json()).toEqual({ unread: 5 });

    const read = await app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${made[2]!.id}/read`,
      headers: { cookie },
    });
    expect(read.json().notification).toMatchObject({ id: made[2]!.id, read: true });
    expect((await get('/api/v1/notifications/unread-count')).json()).toEqual({ unread: 4 });
    const all = await app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read-all',
      headers: { cookie },
    });
    expect(all.json()).toEqual({ read: 4 });
    expect((await get('/api/v1/notifications/unread-count')).json()).toEqual({ unread: 0 });
    const unreadLeft = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), eq(notifications.title, 'N2')));
    expect(unreadLeft[0]!.readAt).not.toBeNull();
  });

  it('pages notifications made at one moment without skipping any', async () => {
    const app = await ctx.app();
    const me = await createCustomer(db());
    const cookie = await sessionFor(db(), me.id);
    // Five at once, as one transaction's events make them: the database's own clock, to the
    // microsecond (12:00:00.123456), which a cursor must carry as stored.
    await db().execute(sql`
      insert into notifications (user_id, kind, title, body, link, created_at)
      select ${me.id}, 'quote.received', 'At once ' || i, 'A quote arrived.', '/my-jobs',
             timestamptz '2026-03-01 12:00:00.123456+00'
      from generate_series(1, 5) i`);
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 5; page++) {
      const res = await app.inject({ url: `/api/v1/notifications?limit=2${cursor}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { notifications: { title: string }[]; nextCursor: string | null };
      seen.push(...body.notifications.map((n) => n.title));
      if (!body.nextCursor) break;
      cursor = `&cursor=${body.nextCursor}`;
    }
    expect(seen.sort()).toEqual(['At once 1', 'At once 2', 'At once 3', 'At once 4', 'At once 5']);
  });

  it("answers 404 for someone else's notification and 401 to a visitor", async () => {
    const app = await ctx.app();
    const theirs = await createNotification(db());
    const cookie = await sessionFor(db(), (await createCustomer(db())).id);
    for (const id of [theirs.id, randomUUID()]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/notifications/${id}/read`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Notification not found');
    }
    const [row] = await db().select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(row!.readAt).toBeNull();
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/notifications' },
      { method: 'GET' as const, url: '/api/v1/notifications/unread-count' },
      { method: 'POST' as const, url: `/api/v1/notifications/${theirs.id}/read` },
      { method: 'POST' as const, url: '/api/v1/notifications/read-all' },
    ]) {
      expect((await app.inject(request)).statusCode, request.url).toBe(401);
    }
  });

  it("turns 'Quote updates' off from an email's link without a session, and refuses an unknown link", async () => {
    const app = await ctx.app();
    const { customer, tradesperson, ref } = await marketplace();
    const cookie = await sessionFor(db(), customer.id);
    const session = async () =>
      (await app.inject({ url: '/api/v1/auth/session', headers: { cookie } })).json().user.settings;
    expect((await session()).quoteUpdates).toBe(true);

    await handle(stored({ type: 'quote.received', actorId: tradesperson.id, payload: ref }));
    const [email] = await emailsTo(customer.email);
    const token = /unsubscribe\?token=([\w-]+)/.exec(email!.textBody)![1]!;

    // Looking at the link changes nothing (mail scanners open links).
    const look = await app.inject({ url: `/api/v1/notifications/unsubscribe?token=${token}` });
    expect(look.json()).toEqual({ setting: 'quoteUpdates' });
    const settingsOf = async () =>
      (await db().select().from(userSettings).where(eq(userSettings.userId, customer.id)))[0]!;
    expect((await settingsOf()).quoteUpdates).toBe(true);

    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/notifications/unsubscribe',
        payload: { token },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ setting: 'quoteUpdates' });
    }
    expect(await settingsOf()).toMatchObject({
      quoteUpdates: false,
      emailNotifications: true,
      newMessages: true,
    });
    // A session read before the change does not keep the old switches.
    await expect.poll(async () => (await session()).quoteUpdates).toBe(false);

    await handle(stored({ type: 'quote.edited', actorId: tradesperson.id, payload: ref }));
    expect(await emailsTo(customer.email)).toHaveLength(1);
    expect(await notificationsOf(customer.id)).toHaveLength(2);

    for (const bad of ['not-a-token', token.slice(1)]) {
      const post = await app.inject({
        method: 'POST',
        url: '/api/v1/notifications/unsubscribe',
        payload: { token: bad },
      });
      expect(post.statusCode).toBe(404);
      expect(post.json().error.message).toBe(
        'This unsubscribe link is not valid. You can turn emails off under Profile, Settings.',
      );
      expect((await app.inject({ url: `/api/v1/notifications/unsubscribe?token=${bad}` })).statusCode).toBe(
        404,
      );
    }
  });

  it("pushes a 'notification' event to the user's streams only", async () => {
    const app = await ctx.app();
    const base = await listen(app);
    const me = await createCustomer(db());
    const other = await createCustomer(db());
    const mine = await createNotification(db(), { userId: me.id });
    const cookie = await sessionFor(db(), me.id);
    const tabs = await Promise.all([
      openEvents(base, cookie),
      openEvents(base, cookie),
      openEvents(base, await sessionFor(db(), other.id)),
    ]);
    streams.push(...tabs);
    for (const tab of tabs) await tab.next('ready');
    const [myTab, myOtherTab, otherTab] = tabs;

    // Reading it in one tab tells the user's other tabs to refresh their bell.
    await app.inject({ method: 'POST', url: `/api/v1/notifications/${mine.id}/read`, headers: { cookie } });
    expect(await myTab!.next('notification')).toEqual({});
    expect(await myOtherTab!.next('notification')).toEqual({});

    const theirs = await createNotification(db(), { userId: other.id });
    await app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${theirs.id}/read`,
      headers: { cookie: await sessionFor(db(), other.id) },
    });
    await otherTab!.next('notification');
    expect(otherTab!.received.filter((e) => e.event === 'notification')).toHaveLength(1);
    expect(myTab!.received.filter((e) => e.event === 'notification')).toHaveLength(1);
  });
});
