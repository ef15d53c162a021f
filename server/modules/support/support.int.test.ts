import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { SUPPORT_MESSAGES as M } from '../../../domain/support/messages';
import { ManualClock } from '../../../test/clock';
import { testConfig } from '../../../test/config';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { type EventStream, listen, openEvents } from '../../../test/sse';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import {
  auditLog,
  emailOutbox,
  notifications,
  supportConversations,
  supportMessages,
  userSettings,
} from '../../db/schema';
import { EventOutbox } from '../../queue/outbox';
import { createAdmin, createCustomer, createTradesperson } from '../../seed/factories';
import { notifyUnreadSupportReplies } from './unread-replies';

// Chat support, the person's side and what support's notes may never reach: every route, the
// notifications, the emails and the event stream. The inbox's own rules are in inbox.int.test.ts.

describeOnDatabases('chat support: the person', (ctx) => {
  const db = () => ctx.database().db;
  const streams: EventStream[] = [];
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });

  const as = (app: App, cookie: string | undefined) => ({
    get: (url: string) =>
      app.inject({ method: 'GET', url: `/api/v1${url}`, headers: cookie ? { cookie } : {} }),
    post: (url: string, payload?: object) =>
      app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: cookie ? { cookie } : {},
        ...(payload ? { payload } : {}),
      }),
  });

  async function people(app: App) {
    const customer = await createCustomer(db(), { fullName: 'Ann Smith' });
    const admin = await createAdmin(db(), { fullName: 'Sam Support' });
    return {
      customer,
      admin,
      me: as(app, await sessionFor(db(), customer.id)),
      staff: as(app, await sessionFor(db(), admin.id)),
    };
  }

  it('opens one conversation per person: a second open writes into it', async () => {
    const app = await ctx.app();
    const { customer, me } = await people(app);
    const first = await me.post('/support/conversations', { message: 'My payment is stuck' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      subject: 'My payment is stuck',
      status: 'open',
      origin: 'chat',
      transcript: null,
      disputeId: null,
      messages: [{ author: 'user', authorName: 'Ann Smith', body: 'My payment is stuck', readAt: null }],
    });
    const second = await me.post('/support/conversations', { message: 'Any news?', subject: 'Ignored' });
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    expect(second.json().messages.map((m: { body: string }) => m.body)).toEqual([
      'My payment is stuck',
      'Any news?',
    ]);
    const list = await me.get('/support/conversations');
    expect(list.json().conversations).toHaveLength(1);
    expect(list.json().conversations[0]).toMatchObject({ lastMessage: 'Any news?', unread: 0 });
    expect(
      await db().select().from(supportConversations).where(eq(supportConversations.userId, customer.id)),
    ).toHaveLength(1);
  });

  it('opens one conversation when the same person opens twice at once', async () => {
    const app = await ctx.app();
    const { customer, me } = await people(app);
    const answers = await Promise.all([
      me.post('/support/conversations', { message: 'First tab' }),
      me.post('/support/conversations', { message: 'Second tab' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[0]!.json().id).toBe(answers[1]!.json().id);
    const rows = await db()
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.userId, customer.id));
    expect(rows).toHaveLength(1);
    const messages = await db()
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.conversationId, rows[0]!.id));
    expect(messages.map((m) => m.body).sort()).toEqual(['First tab', 'Second tab']);
  });

  it("tells everyone but the person and admins' own routes that someone's conversation is not there", async () => {
    const app = await ctx.app();
    const { me, staff } = await people(app);
    const id = (await me.post('/support/conversations', { message: 'Private question' })).json().id;
    const other = as(app, await sessionFor(db(), (await createCustomer(db())).id));
    const tradesperson = as(app, await sessionFor(db(), (await createTradesperson(db())).id));
    for (const who of [other, tradesperson, staff]) {
      for (const res of [
        await who.get(`/support/conversations/${id}`),
        await who.post(`/support/conversations/${id}/messages`, { message: 'hello' }),
        await who.post(`/support/conversations/${id}/read`),
        await who.post(`/support/conversations/${id}/close`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.message).toBe(M.notFound);
      }
      expect((await who.get('/support/conversations')).json().conversations).toEqual([]);
    }
    for (const who of [other, tradesperson]) {
      expect((await who.get(`/admin/support/${id}`)).statusCode).toBe(404);
      expect((await who.get('/admin/support')).statusCode).toBe(404);
    }
    expect((await as(app, undefined).get(`/support/conversations/${id}`)).statusCode).toBe(401);
    expect((await as(app, undefined).get(`/admin/support/${id}`)).statusCode).toBe(404);
  });

  it('keeps every internal note from the person: routes, notifications, emails and the event stream', async () => {
    const clock = new ManualClock();
    const app = await ctx.app({}, { clock });
    const { customer, admin, me, staff } = await people(app);
    const base = await listen(app);
    const personStream = await openEvents(base, await sessionFor(db(), customer.id));
    const adminStream = await openEvents(base, await sessionFor(db(), admin.id));
    streams.push(personStream, adminStream);

    const id = (await me.post('/support/conversations', { message: 'Where is my refund?' })).json().id;
    await adminStream.next('support', (d) => d.conversationId === id);
    clock.advance(1000);
    const note = 'NOTE: customer has charged back twice before';
    const noted = await staff.post(`/admin/support/${id}/messages`, { body: note, kind: 'note' });
    expect(noted.statusCode, noted.body).toBe(201);
    expect(noted.json()).toMatchObject({ kind: 'note', author: 'staff', authorName: 'Sam', body: note });
    clock.advance(1000);
    const reply = await staff.post(`/admin/support/${id}/messages`, { body: 'Your refund is on its way.' });
    expect(reply.json()).toMatchObject({ kind: 'message' });
    const event = await personStream.next('support', (d) => d.conversationId === id);
    expect(event).toEqual({ conversationId: id });

    // Through every route of the person's.
    const view = await me.get(`/support/conversations/${id}`);
    expect(view.json().messages.map((m: { body: string }) => m.body)).toEqual([
      'Where is my refund?',
      'Your refund is on its way.',
    ]);
    expect(view.json().status).toBe('waiting');
    expect(view.json()).not.toHaveProperty('assignedAdmin');
    const listed = (await me.get('/support/conversations')).json().conversations;
    expect(listed[0]).toMatchObject({ lastMessage: 'Your refund is on its way.', unread: 1 });
    clock.advance(1000);
    const written = await me.post(`/support/conversations/${id}/messages`, { message: 'Thanks!' });
    const closed = await me.post(`/support/conversations/${id}/close`);
    const reopened = await me.post(`/support/conversations/${id}/reopen`);
    for (const res of [view, written, closed, reopened, await me.get('/support/conversations')])
      expect(res.body).not.toContain('charged back');

    // The admin sees the note; the person's notifications and emails never mention it.
    const adminView = await staff.get(`/admin/support/${id}`);
    expect(adminView.json().messages.map((m: { kind: string }) => m.kind)).toEqual([
      'message',
      'note',
      'message',
      'message',
    ]);
    await app.queue.runDue('events.dispatch');
    const told = await db().select().from(notifications).where(eq(notifications.userId, customer.id));
    expect(told.map((n) => n.kind)).toEqual(['support.replied']);
    expect(told[0]).toMatchObject({ title: M.repliedTitle, link: '/chat-support' });
    clock.advance(1000);
    await staff.post(`/admin/support/${id}/messages`, { body: 'Anything else?' });
    clock.advance(11 * 60_000);
    const deps = supportDeps(app, clock, db());
    expect(await notifyUnreadSupportReplies(deps)).toBe(1);
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, customer.email));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.textBody).toContain('Anything else?');
    for (const e of emails) expect(`${e.subject}${e.textBody}${e.htmlBody}`).not.toContain('charged back');
    for (const e of personStream.received) expect(JSON.stringify(e.data)).not.toContain('charged back');
    // The note announced nothing to the person: their stream heard of the reply, the message and after.
    expect(
      personStream.received
        .filter((e) => e.event === 'support')
        .every((e) => Object.keys(e.data as object).length === 1),
    ).toBe(true);
  });

  it('makes a waiting conversation open again when the person writes, and refuses writing into a closed one', async () => {
    const app = await ctx.app();
    const { me, staff } = await people(app);
    const id = (await me.post('/support/conversations', { message: 'Hello' })).json().id;
    await staff.post(`/admin/support/${id}/messages`, { body: 'Hi, how can we help?' });
    expect((await me.get(`/support/conversations/${id}`)).json().status).toBe('waiting');
    await me.post(`/support/conversations/${id}/messages`, { message: 'My booking was cancelled' });
    expect((await me.get(`/support/conversations/${id}`)).json().status).toBe('open');

    const read = await me.post(`/support/conversations/${id}/read`);
    expect(read.statusCode).toBe(204);
    const staffMessages = (await me.get(`/support/conversations/${id}`))
      .json()
      .messages.filter((m: { author: string }) => m.author === 'staff');
    expect(staffMessages[0].readAt).not.toBeNull();

    expect((await me.post(`/support/conversations/${id}/close`)).json()).toMatchObject({ status: 'closed' });
    const refused = await me.post(`/support/conversations/${id}/messages`, { message: 'One more thing' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'support_state', message: M.closed });
    const twice = await me.post(`/support/conversations/${id}/close`);
    expect(twice.json().error.message).toBe(M.alreadyClosed);
    const notClosed = await staff.post(`/admin/support/${id}/reopen`);
    expect(notClosed.statusCode).toBe(200);
    expect((await staff.post(`/admin/support/${id}/reopen`)).json().error.message).toBe(M.notClosed);
    const empty = await me.post(`/support/conversations/${id}/messages`, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(M.messageEmpty);
  });

  it('records closing and reopening, by the person and by an admin, in the audit log', async () => {
    const app = await ctx.app();
    const { customer, admin, me, staff } = await people(app);
    const id = (await me.post('/support/conversations', { message: 'Please close this' })).json().id;
    await me.post(`/support/conversations/${id}/close`);
    await staff.post(`/admin/support/${id}/reopen`);
    await staff.post(`/admin/support/${id}/close`);
    await me.post(`/support/conversations/${id}/reopen`);
    await app.queue.runDue('events.dispatch');
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'support_conversation'), eq(auditLog.entityId, id)))
      // Events are dispatched in any order; each row keeps its event's time.
      .orderBy(auditLog.createdAt);
    expect(audited.map((a) => [a.action, a.actorUserId])).toEqual([
      ['support.closed', customer.id],
      ['support.reopened', admin.id],
      ['support.closed', admin.id],
      ['support.reopened', customer.id],
    ]);
    // The person hears of the admin's changes, not of their own.
    const told = await db().select().from(notifications).where(eq(notifications.userId, customer.id));
    expect(told.map((n) => n.title).sort()).toEqual([M.closedTitle, M.reopenedTitle].sort());
  });

  it('refuses to reopen an old conversation beside another open one', async () => {
    const app = await ctx.app();
    const { me } = await people(app);
    const old = (await me.post('/support/conversations', { message: 'First question' })).json().id;
    await me.post(`/support/conversations/${old}/close`);
    const current = (await me.post('/support/conversations', { message: 'Second question' })).json().id;
    expect(current).not.toBe(old);
    const res = await me.post(`/support/conversations/${old}/reopen`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(M.anotherOpen);
  });

  it("hands over from the assistant with the transcript, only with the person's consent", async () => {
    const app = await ctx.app();
    const { me, staff } = await people(app);
    const transcript = [
      { role: 'user', content: 'Can I get a refund for a no-show?' },
      { role: 'assistant', content: "I'm not sure I can answer that." },
    ];
    const refused = await me.post('/support/handover', { transcript, consent: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(M.consentRequired);
    const res = await me.post('/support/handover', { transcript, consent: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      origin: 'assistant',
      subject: 'Assistant: Can I get a refund for a no-show?',
      transcript,
      messages: [{ body: M.handoverMessage }],
    });
    const adminView = (await staff.get(`/admin/support/${res.json().id}`)).json();
    expect(adminView.transcript).toEqual(transcript);
    expect(adminView.transcriptConsentedAt).not.toBeNull();
  });

  it('takes a guest message into the queue, answers support’s reply by email, and keeps out bots and floods', async () => {
    const app = await ctx.app();
    const { staff } = await people(app);
    const guest = as(app, undefined);
    const email = `guest-${Date.now()}@example.test`;
    const sent = await guest.post('/support/guest', { email, name: 'Gill', message: 'Do you cover Leeds?' });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ message: M.guestSent });
    const [conversation] = await db()
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.guestEmail, email));
    expect(conversation).toMatchObject({ origin: 'guest', userId: null, guestName: 'Gill', status: 'open' });

    const answered = await staff.post(`/admin/support/${conversation!.id}/messages`, { body: 'Yes, we do!' });
    expect(answered.statusCode).toBe(201);
    await staff.post(`/admin/support/${conversation!.id}/messages`, {
      body: 'Guest is probably a lead',
      kind: 'note',
    });
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ subject: 'Re: Do you cover Leeds?' });
    expect(emails[0]!.textBody).toContain('Yes, we do!');
    expect(emails[0]!.textBody).not.toContain('lead');

    // The honeypot: answered as if sent, nothing stored.
    const bot = `bot-${Date.now()}@example.test`;
    const trapped = await guest.post('/support/guest', {
      email: bot,
      message: 'Hello',
      website: 'http://x.example',
    });
    expect(trapped.statusCode).toBe(202);
    expect(
      await db().select().from(supportConversations).where(eq(supportConversations.guestEmail, bot)),
    ).toEqual([]);
    // Spam rules.
    const spam = await guest.post('/support/guest', {
      email: bot,
      message: 'Cheap backlinks and SEO services',
    });
    expect(spam.statusCode).toBe(422);
    expect(spam.json().error).toMatchObject({ code: 'looks_like_spam', message: M.spam });
    // At most 3 an hour from one address.
    for (const n of [2, 3])
      expect((await guest.post('/support/guest', { email, message: `Question ${n}` })).statusCode).toBe(202);
    const flood = await guest.post('/support/guest', { email: email.toUpperCase(), message: 'Question 4' });
    expect(flood.statusCode).toBe(429);
    expect(flood.json().error.message).toBe(M.guestTooMany);
    const invalid = await guest.post('/support/guest', { email: 'not-an-email', message: 'Hi' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(M.emailInvalid);
  });

  it('lets the guest form answer an hour later for the same address (the clock decides)', async () => {
    const clock = new ManualClock();
    const app = await ctx.app({}, { clock });
    const guest = as(app, undefined);
    const email = `hourly-${Date.now()}@example.test`;
    for (let n = 0; n < 3; n++)
      expect((await guest.post('/support/guest', { email, message: `Question ${n}` })).statusCode).toBe(202);
    expect((await guest.post('/support/guest', { email, message: 'Too soon' })).statusCode).toBe(429);
    clock.advance(61 * 60_000);
    expect((await guest.post('/support/guest', { email, message: 'Later' })).statusCode).toBe(202);
  });

  it('emails an unread reply once across two concurrent runs, and not to someone who turned emails off', async () => {
    const clock = new ManualClock();
    const app = await ctx.app({}, { clock });
    const { customer, me, staff } = await people(app);
    const quiet = await createCustomer(db());
    await db().update(userSettings).set({ newMessages: false }).where(eq(userSettings.userId, quiet.id));
    const quietMe = as(app, await sessionFor(db(), quiet.id));
    const mine = (await me.post('/support/conversations', { message: 'Hello' })).json().id;
    const theirs = (await quietMe.post('/support/conversations', { message: 'Hello' })).json().id;
    for (const id of [mine, theirs]) {
      await staff.post(`/admin/support/${id}/messages`, { body: 'First reply' });
      await staff.post(`/admin/support/${id}/messages`, { body: 'Second reply' });
    }
    const deps = supportDeps(app, clock, db());
    expect(await notifyUnreadSupportReplies(deps)).toBe(0);
    clock.advance(10 * 60_000);
    // Two instances' runs at once (on PostgreSQL, two connections): one email between them.
    const other = supportDeps(await ctx.app({}, { clock }), clock, db());
    await Promise.all([notifyUnreadSupportReplies(deps), notifyUnreadSupportReplies(other)]);
    const emails = await db()
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.toAddress, [customer.email, quiet.email]));
    expect(emails.map((e) => [e.toAddress, e.subject])).toEqual([
      [customer.email, 'TradeNest support sent you 2 replies'],
    ]);
    expect(await notifyUnreadSupportReplies(deps)).toBe(0);
  });
});

/** The support module's deps on the app's database, with the test's clock. */
function supportDeps(app: App, clock: ManualClock, db: Database) {
  return {
    db,
    config: testConfig(),
    clock,
    bus: { publish() {}, subscribe: () => () => {}, close: async () => {} },
    events: new EventOutbox(app.queue),
    queue: app.queue,
    storage: null as never,
  };
}
