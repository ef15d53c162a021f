import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SUPPORT_MESSAGES as M } from '../../../domain/support/messages';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import type { App } from '../../app';
import { bookings, disputes, supportConversations, supportMessages } from '../../db/schema';
import { createAdmin, createBooking, createCustomer } from '../../seed/factories';

// The support inbox (admins): views and counts, assignment, replies and notes, canned replies, a
// conversation turned into a dispute, and the weekly first-response and resolution times.

describeOnDatabases('chat support: the inbox', (ctx) => {
  const db = () => ctx.database().db;

  const as = (app: App, cookie: string) => ({
    get: (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } }),
    send: (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) }),
  });

  async function person(app: App, message = 'I need help') {
    const customer = await createCustomer(db());
    const me = as(app, await sessionFor(db(), customer.id));
    const id = (await me.send('POST', '/support/conversations', { message })).json().id as string;
    return { customer, me, id };
  }

  async function staffOf(app: App, fullName = 'Priya Patel') {
    const admin = await createAdmin(db(), { fullName });
    return { admin, staff: as(app, await sessionFor(db(), admin.id)) };
  }

  it('sorts conversations into unassigned, mine, waiting and closed, with counts and pages', async () => {
    const clock = new ManualClock();
    const app = await ctx.app({}, { clock });
    const { admin, staff } = await staffOf(app);
    const { admin: colleague } = await staffOf(app, 'Ola Nowak');
    const before = (await staff.get('/admin/support')).json().counts;
    const a = await person(app, 'Unassigned question');
    clock.advance(60_000);
    const b = await person(app, 'Mine');
    clock.advance(60_000);
    const c = await person(app, 'Waiting');
    clock.advance(60_000);
    const d = await person(app, 'Closed');

    const mine = await staff.send('POST', `/admin/support/${b.id}/assign`, {});
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().assignedAdmin).toEqual({ id: admin.id, name: 'Priya Patel' });
    await staff.send('POST', `/admin/support/${c.id}/messages`, { body: 'Could you send a photo?' });
    await staff.send('POST', `/admin/support/${d.id}/close`);

    const counts = (await staff.get('/admin/support')).json().counts;
    expect(counts).toEqual({
      unassigned: before.unassigned + 1,
      mine: before.mine + 1,
      waiting: before.waiting + 1,
      closed: before.closed + 1,
    });
    const unassigned = (await staff.get('/admin/support?view=unassigned')).json();
    expect(unassigned.conversations[0]).toMatchObject({
      id: a.id,
      person: { userId: a.customer.id, email: a.customer.email },
      assignedAdmin: null,
      waitingMinutes: 3,
      lastMessage: 'Unassigned question',
      unread: 1,
    });
    expect(
      (await staff.get('/admin/support?view=mine')).json().conversations.map((x: { id: string }) => x.id),
    ).toEqual([b.id]);
    expect((await staff.get('/admin/support?view=waiting')).json().conversations[0].id).toBe(c.id);
    expect((await staff.get('/admin/support?view=closed')).json().conversations[0].id).toBe(d.id);
    // Assigned to another admin: in neither's unassigned view, and not in this admin's 'mine'.
    await staff.send('POST', `/admin/support/${a.id}/assign`, { adminId: colleague.id });
    expect((await staff.get('/admin/support?view=mine')).json().conversations).toHaveLength(1);
    const bad = await staff.send('POST', `/admin/support/${a.id}/assign`, { adminId: a.customer.id });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toMatchObject({ code: 'not_an_admin', message: M.notAdmin });
    const none = await staff.send('POST', `/admin/support/${a.id}/assign`, { adminId: null });
    expect(none.json().assignedAdmin).toBeNull();

    // Pages: 50 a page, the cursor continuing strictly after the last one.
    for (let n = 0; n < 51; n++) {
      clock.advance(1000);
      await person(app, `Question ${n}`);
    }
    const first = (await staff.get('/admin/support?view=unassigned')).json();
    expect(first.conversations).toHaveLength(50);
    const next = (await staff.get(`/admin/support?view=unassigned&cursor=${first.nextCursor}`)).json();
    const ids = new Set([...first.conversations, ...next.conversations].map((x: { id: string }) => x.id));
    expect(ids.size).toBe(first.conversations.length + next.conversations.length);
    expect(ids.has(a.id)).toBe(true);
    const broken = await staff.get('/admin/support?cursor=not-a-cursor');
    expect(broken.statusCode).toBe(400);
  });

  it("sets the first response by support's first message, not a note, and marks both sides' reads", async () => {
    const clock = new ManualClock();
    const app = await ctx.app({}, { clock });
    const { staff } = await staffOf(app);
    const { me, id } = await person(app);
    clock.advance(5 * 60_000);
    await staff.send('POST', `/admin/support/${id}/messages`, { body: 'Looking into it', kind: 'note' });
    let view = (await staff.get(`/admin/support/${id}`)).json();
    expect(view).toMatchObject({ firstResponseAt: null, status: 'open', waitingMinutes: 5 });
    clock.advance(5 * 60_000);
    await staff.send('POST', `/admin/support/${id}/messages`, { body: 'Found it: refunded today.' });
    view = (await staff.get(`/admin/support/${id}`)).json();
    expect(view).toMatchObject({
      firstResponseAt: clock.now().toISOString(),
      status: 'waiting',
      waitingMinutes: null,
    });
    clock.advance(60_000);
    await staff.send('POST', `/admin/support/${id}/messages`, { body: 'Anything else?' });
    expect((await staff.get(`/admin/support/${id}`)).json().firstResponseAt).toBe(view.firstResponseAt);

    expect((await staff.send('POST', `/admin/support/${id}/read`)).statusCode).toBe(204);
    const read = (await staff.get(`/admin/support/${id}`)).json();
    expect(read.messages[0].readAt).not.toBeNull();
    expect(read.unread).toBe(0);
    expect((await me.get('/support/conversations')).json().conversations[0].unread).toBe(2);
  });

  it('shows the person links: their bookings, payments and disputes only', async () => {
    const app = await ctx.app();
    const { staff } = await staffOf(app);
    const { customer, id } = await person(app);
    const booking = await createBooking(db(), { status: 'completed', depositPaid: true });
    await db().update(bookings).set({ customerId: customer.id }).where(eq(bookings.id, booking.id));
    await createBooking(db(), { status: 'completed', depositPaid: true });
    const { links } = (await staff.get(`/admin/support/${id}`)).json();
    expect(links.bookings.map((b: { id: string }) => b.id)).toEqual([booking.id]);
    expect(links.bookings[0]).toMatchObject({ jobId: booking.jobId, amountPence: booking.amount });
    expect(links.payments.map((p: { bookingId: string }) => p.bookingId)).toEqual([booking.id]);
    expect(links.disputes).toEqual([]);
    const email = `guest-links-${Date.now()}@example.test`;
    await app.inject({
      method: 'POST',
      url: '/api/v1/support/guest',
      payload: { email, message: 'Hello there' },
    });
    const [guest] = await db()
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.guestEmail, email));
    expect((await staff.get(`/admin/support/${guest!.id}`)).json().links).toBeNull();
  });

  it("turns a conversation into the person's dispute once, through the disputes module's rules", async () => {
    const app = await ctx.app();
    const { staff } = await staffOf(app);
    const { customer, id } = await person(app, 'The plasterer left the job half done');
    const booking = await createBooking(db(), { status: 'completed', depositPaid: true });
    await db().update(bookings).set({ customerId: customer.id }).where(eq(bookings.id, booking.id));
    const someoneElses = await createBooking(db(), { status: 'completed', depositPaid: true });
    const body = { reason: 'Poor quality of work', description: 'Half the wall is not plastered.' };

    const notTheirs = await staff.send('POST', `/admin/support/${id}/dispute`, {
      ...body,
      bookingId: someoneElses.id,
    });
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().error.message).toBe(M.noBooking);
    const converted = await staff.send('POST', `/admin/support/${id}/dispute`, {
      ...body,
      bookingId: booking.id,
    });
    expect(converted.statusCode, converted.body).toBe(201);
    const { disputeId } = converted.json();
    const [dispute] = await db().select().from(disputes).where(eq(disputes.id, disputeId));
    expect(dispute).toMatchObject({ bookingId: booking.id, raisedBy: customer.id, raisedByType: 'customer' });
    const [frozen] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(frozen!.status).toBe('disputed');
    expect((await staff.get(`/admin/support/${id}`)).json().disputeId).toBe(disputeId);
    const again = await staff.send('POST', `/admin/support/${id}/dispute`, {
      ...body,
      bookingId: booking.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'support_state', message: M.alreadyDisputed });
  });

  it('keeps canned replies with titles unique whatever their case', async () => {
    const app = await ctx.app();
    const { staff } = await staffOf(app);
    const made = await staff.send('POST', '/admin/support/canned', {
      title: 'Refund timing',
      body: 'Refunds take 5 days.',
    });
    expect(made.statusCode, made.body).toBe(201);
    const taken = await staff.send('POST', '/admin/support/canned', { title: 'REFUND TIMING', body: 'x' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'canned_title_taken', message: M.cannedTitleTaken });
    const other = (
      await staff.send('POST', '/admin/support/canned', { title: 'Hello', body: 'Hi there!' })
    ).json();
    const clash = await staff.send('PATCH', `/admin/support/canned/${other.id}`, {
      title: 'refund timing',
      body: 'x',
    });
    expect(clash.statusCode).toBe(409);
    const edited = await staff.send('PATCH', `/admin/support/canned/${other.id}`, {
      title: 'Greeting',
      body: 'Hi!',
    });
    expect(edited.json()).toEqual({ id: other.id, title: 'Greeting', body: 'Hi!' });
    const titles = (await staff.get('/admin/support/canned'))
      .json()
      .replies.map((r: { title: string }) => r.title);
    expect(titles).toEqual(expect.arrayContaining(['Greeting', 'Refund timing']));
    expect((await staff.send('DELETE', `/admin/support/canned/${other.id}`)).statusCode).toBe(204);
    const gone = await staff.send('DELETE', `/admin/support/canned/${other.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(M.cannedNotFound);
    const empty = await staff.send('POST', '/admin/support/canned', { title: ' ', body: 'x' });
    expect(empty.json().error.message).toBe(M.cannedTitleEmpty);
  });

  it('measures weekly first-response minutes and resolution hours (UK weeks, Monday first)', async () => {
    // Wednesday 11 March 2026, noon UK time (GMT).
    const clock = new ManualClock(new Date('2026-03-11T12:00:00Z'));
    const app = await ctx.app({}, { clock });
    const { staff } = await staffOf(app);
    await db().delete(supportMessages);
    await db().delete(supportConversations);
    const at = (iso: string) => new Date(iso);
    const conversation = async (opened: string, answered: string | null, closed: string | null) => {
      const customer = await createCustomer(db());
      await db()
        .insert(supportConversations)
        .values({
          userId: customer.id,
          subject: 'Question',
          origin: 'chat',
          status: closed ? 'closed' : answered ? 'waiting' : 'open',
          createdAt: at(opened),
          updatedAt: at(opened),
          firstResponseAt: answered ? at(answered) : null,
          closedAt: closed ? at(closed) : null,
        });
    };
    // Last week (Monday 2 March): answered after 10, 20 and 60 minutes; two closed after 2 and 4 hours.
    await conversation('2026-03-02T09:00:00Z', '2026-03-02T09:10:00Z', '2026-03-02T11:00:00Z');
    await conversation('2026-03-03T09:00:00Z', '2026-03-03T09:20:00Z', '2026-03-03T13:00:00Z');
    await conversation('2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z', null);
    // This week (Monday 9 March): one unanswered; one from last Sunday evening closed this Monday.
    await conversation('2026-03-10T09:00:00Z', null, null);
    await conversation('2026-03-08T22:00:00Z', '2026-03-08T22:30:00Z', '2026-03-09T08:00:00Z');

    const res = await staff.get('/admin/support/metrics?weeks=3');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().weeks).toEqual([
      {
        weekStart: '2026-02-23',
        opened: 0,
        medianFirstResponseMinutes: null,
        closed: 0,
        medianResolutionHours: null,
      },
      {
        weekStart: '2026-03-02',
        opened: 4,
        medianFirstResponseMinutes: 25,
        closed: 2,
        medianResolutionHours: 3,
      },
      {
        weekStart: '2026-03-09',
        opened: 1,
        medianFirstResponseMinutes: null,
        closed: 1,
        medianResolutionHours: 10,
      },
    ]);
    expect((await staff.get('/admin/support/metrics')).json().weeks).toHaveLength(12);
    expect((await staff.get('/admin/support/metrics?weeks=0')).statusCode).toBe(400);
  });
});
