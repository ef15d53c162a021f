import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { secondInstance } from '../../../test/instances';
import { type EventStream, listen, openEvents } from '../../../test/sse';
import { emailOutbox, messages, userSettings, users } from '../../db/schema';
import { send } from '../../queue/queue';
import {
  createConversation,
  createCustomer,
  createJob,
  createMessage,
  createQuote,
  createTradesperson,
} from '../../seed/factories';

describeOnDatabases('messaging', (ctx) => {
  const db = () => ctx.database().db;
  const streams: EventStream[] = [];
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });

  /** A customer with an open job that one tradesperson quoted on. */
  async function jobWithQuote() {
    const customer = await createCustomer(db());
    const job = await createJob(db(), { customerId: customer.id });
    const quoter = await createTradesperson(db());
    await createQuote(db(), { jobId: job.id, tradespersonId: quoter.id });
    return {
      customer,
      job,
      quoter,
      customerCookie: await sessionFor(db(), customer.id),
      quoterCookie: await sessionFor(db(), quoter.id),
    };
  }

  async function start(cookie: string, payload: Record<string, unknown>) {
    const app = await ctx.app();
    return app.inject({ method: 'POST', url: '/api/v1/conversations', headers: { cookie }, payload });
  }

  it('starts a conversation only where a job allows it, and finds the same one from either side', async () => {
    const { customer, job, quoter, customerCookie, quoterCookie } = await jobWithQuote();
    const first = await start(customerCookie, { userId: quoter.id, jobId: job.id });
    expect(first.statusCode).toBe(201);
    const conversation = first.json().conversation;
    expect(conversation).toMatchObject({
      other: { id: quoter.id, userType: 'tradesperson' },
      job: { id: job.id },
      lastMessage: null,
      unreadCount: 0,
    });
    // Either order, with or without the job: the pair's one conversation.
    const again = await start(quoterCookie, { userId: customer.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().conversation.id).toBe(conversation.id);
    expect(again.json().conversation.other.id).toBe(customer.id);

    // Any tradesperson may write to the owner of an open job it can see.
    const other = await createTradesperson(db());
    const otherCookie = await sessionFor(db(), other.id);
    expect((await start(otherCookie, { userId: customer.id, jobId: job.id })).statusCode).toBe(201);
    // The customer may not write to a tradesperson who did not quote on that job.
    const stranger = await createTradesperson(db());
    expect((await start(customerCookie, { userId: stranger.id, jobId: job.id })).statusCode).toBe(404);
    // Another customer cannot see the job, so cannot use it.
    const nosy = await createCustomer(db());
    const nosyStart = await start(await sessionFor(db(), nosy.id), { userId: customer.id, jobId: job.id });
    expect(nosyStart.statusCode).toBe(404);
    expect(nosyStart.json().error.message).toBe('Conversation not found');
    // From a profile, with no job they share: the same 404 as for someone who does not exist.
    const noJob = await start(customerCookie, { userId: stranger.id });
    expect(noJob.statusCode).toBe(404);
    expect(noJob.json().error.message).toBe('Conversation not found');
    // Never with oneself; unknown people look like people one may not write to.
    const self = await start(customerCookie, { userId: customer.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('You cannot message yourself');
    expect((await start(customerCookie, { userId: randomUUID() })).statusCode).toBe(404);
    const app = await ctx.app();
    const visitor = await app.inject({
      method: 'POST',
      url: '/api/v1/conversations',
      payload: { userId: quoter.id },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('answers a real user one shares no job with exactly as an unknown id, so ids cannot be probed', async () => {
    const { customerCookie, quoterCookie } = await jobWithQuote();
    const unknown = await start(customerCookie, { userId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'Conversation not found' } });

    const stranger = await createTradesperson(db());
    const otherCustomer = await createCustomer(db());
    const suspended = await createTradesperson(db(), { suspendedAt: new Date() });
    const refused = [
      // A customer and a tradesperson who never quoted on its jobs.
      await start(customerCookie, { userId: stranger.id }),
      // Two people of the same kind never share a job.
      await start(customerCookie, { userId: otherCustomer.id }),
      await start(quoterCookie, { userId: stranger.id }),
      await start(customerCookie, { userId: suspended.id }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(unknown.statusCode);
      expect(res.body).toBe(unknown.body);
    }
  });

  it('keeps one conversation when both start it at the same moment', async () => {
    const { customer, job, quoter, customerCookie, quoterCookie } = await jobWithQuote();
    const [a, b] = await Promise.all([
      start(customerCookie, { userId: quoter.id, jobId: job.id }),
      start(quoterCookie, { userId: customer.id, jobId: job.id }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().conversation.id).toBe(b.json().conversation.id);
  });

  it('lets only the two participants read or write; everyone else gets 404', async () => {
    const app = await ctx.app();
    const conversation = await createConversation(db());
    await createMessage(db(), { conversationId: conversation.id, content: 'Private' });
    const third = await sessionFor(db(), (await createCustomer(db())).id);
    const urls = [
      { method: 'GET' as const, url: `/api/v1/conversations/${conversation.id}` },
      { method: 'GET' as const, url: `/api/v1/conversations/${conversation.id}/messages` },
      {
        method: 'POST' as const,
        url: `/api/v1/conversations/${conversation.id}/messages`,
        payload: { content: 'Hi' },
      },
      { method: 'POST' as const, url: `/api/v1/conversations/${conversation.id}/read` },
      { method: 'GET' as const, url: `/api/v1/conversations/${randomUUID()}/messages` },
    ];
    for (const request of urls) {
      const res = await app.inject({ ...request, headers: { cookie: third } });
      expect(res.statusCode, request.url).toBe(404);
      expect(res.json().error.message).toBe('Conversation not found');
      expect((await app.inject(request)).statusCode).toBe(401);
    }
    const list = await app.inject({ url: '/api/v1/conversations', headers: { cookie: third } });
    expect(list.json().conversations).toEqual([]);
    const [stored] = await db().select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(stored!.read).toBe(false);
    expect(
      (await app.inject({ url: '/api/v1/conversations/not-a-uuid', headers: { cookie: third } })).statusCode,
    ).toBe(400);
  });

  it('reads a conversation without messages as an empty page for either participant', async () => {
    const app = await ctx.app();
    const conversation = await createConversation(db());
    for (const userId of [conversation.participantOneId, conversation.participantTwoId]) {
      const res = await app.inject({
        url: `/api/v1/conversations/${conversation.id}/messages`,
        headers: { cookie: await sessionFor(db(), userId) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ messages: [], nextCursor: null });
    }
  });

  it('pages messages newest first, lists conversations by latest activity, and counts unread', async () => {
    const app = await ctx.app();
    const me = await createCustomer(db());
    const a = await createTradesperson(db());
    const b = await createTradesperson(db());
    const base = Date.now() - 3_600_000;
    const withA = await createConversation(db(), {
      participantOneId: me.id,
      participantTwoId: a.id,
      createdAt: new Date(base),
    });
    const withB = await createConversation(db(), {
      participantOneId: b.id,
      participantTwoId: me.id,
      createdAt: new Date(base),
    });
    const cookie = await sessionFor(db(), me.id);
    const aCookie = await sessionFor(db(), a.id);
    const send = (c: string, id: string, content: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${id}/messages`,
        headers: { cookie: c },
        payload: { content },
      });
    for (const text of ['one', 'two', 'three'])
      expect((await send(aCookie, withA.id, text)).statusCode).toBe(201);
    expect((await send(cookie, withA.id, 'my reply')).statusCode).toBe(201);
    await send(await sessionFor(db(), b.id), withB.id, 'from b');

    const list = (await app.inject({ url: '/api/v1/conversations', headers: { cookie } })).json();
    expect(list.conversations.map((c: { id: string }) => c.id)).toEqual([withB.id, withA.id]);
    const [fromB, fromA] = list.conversations;
    expect(fromA).toMatchObject({
      unreadCount: 3,
      lastMessage: { content: 'my reply', mine: true },
      other: { id: a.id },
    });
    expect(fromB).toMatchObject({ unreadCount: 1, lastMessage: { content: 'from b', mine: false } });
    expect((await app.inject({ url: '/api/v1/conversations/unread', headers: { cookie } })).json()).toEqual({
      unread: 4,
    });
    expect(
      (await app.inject({ url: '/api/v1/conversations/unread', headers: { cookie: aCookie } })).json(),
    ).toEqual({ unread: 1 });

    const page1 = (
      await app.inject({ url: `/api/v1/conversations/${withA.id}/messages?limit=2`, headers: { cookie } })
    ).json();
    expect(page1.messages.map((m: { content: string }) => m.content)).toEqual(['my reply', 'three']);
    expect(page1.messages.map((m: { mine: boolean }) => m.mine)).toEqual([true, false]);
    const page2 = (
      await app.inject({
        url: `/api/v1/conversations/${withA.id}/messages?limit=2&before=${page1.nextCursor}`,
        headers: { cookie },
      })
    ).json();
    expect(page2.messages.map((m: { content: string }) => m.content)).toEqual(['two', 'one']);
    expect(page2.nextCursor).toBeNull();
  });

  it("marks the other side's messages read when opened, never the reader's own", async () => {
    const app = await ctx.app();
    const conversation = await createConversation(db());
    const [one, two] = [conversation.participantOneId, conversation.participantTwoId];
    await createMessage(db(), { conversationId: conversation.id, senderId: one, content: 'from one' });
    await createMessage(db(), { conversationId: conversation.id, senderId: two, content: 'from two' });
    const read = await app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversation.id}/read`,
      headers: { cookie: await sessionFor(db(), two) },
    });
    expect(read.json()).toEqual({ read: 1 });
    const rows = await db().select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(Object.fromEntries(rows.map((m) => [m.content, m.read]))).toEqual({
      'from one': true,
      'from two': false,
    });
    expect(rows.find((m) => m.content === 'from one')!.readAt).not.toBeNull();
  });

  it('trims text, refuses blank and over-long messages, and keeps markup as plain text', async () => {
    const app = await ctx.app();
    const conversation = await createConversation(db());
    const cookie = await sessionFor(db(), conversation.participantOneId);
    const send = (content: unknown) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${conversation.id}/messages`,
        headers: { cookie },
        payload: { content },
      });
    const ok = await send('  <b>Hello</b> & <script>alert(1)</script>  ');
    expect(ok.statusCode).toBe(201);
    expect(ok.json().message.content).toBe('<b>Hello</b> & <script>alert(1)</script>');
    for (const [content, message] of [
      ['   ', 'Message cannot be empty'],
      ['a'.repeat(5001), 'Messages can be at most 5,000 characters'],
      [42, 'Message cannot be empty'],
    ] as const) {
      const res = await send(content);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await send(`${'a'.repeat(5000)}   `)).statusCode).toBe(201);
    const stored = await db().select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(stored).toHaveLength(2);
  });

  it('keeps a conversation readable but refuses new messages once the other account is gone', async () => {
    const app = await ctx.app();
    const conversation = await createConversation(db());
    await createMessage(db(), { conversationId: conversation.id, content: 'Before they left' });
    const cookie = await sessionFor(db(), conversation.participantOneId);
    await db()
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, conversation.participantTwoId));
    const sent = await app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversation.id}/messages`,
      headers: { cookie },
      payload: { content: 'Are you there?' },
    });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().error.message).toBe(
      'This person is no longer on TradeNest, so messages cannot reach them',
    );
    const page = await app.inject({
      url: `/api/v1/conversations/${conversation.id}/messages`,
      headers: { cookie },
    });
    expect(page.json().messages.map((m: { content: string }) => m.content)).toEqual(['Before they left']);
  });

  it('pushes each message to every open stream of both participants, and to nobody else', async () => {
    const app = await ctx.app();
    const base = await listen(app);
    const { customer, job, quoter, customerCookie, quoterCookie } = await jobWithQuote();
    const conversation = (await start(customerCookie, { userId: quoter.id, jobId: job.id })).json()
      .conversation;
    const outsider = await createCustomer(db());
    const outsiderConversation = await createConversation(db(), {
      participantOneId: outsider.id,
      participantTwoId: quoter.id,
    });

    const tabs = await Promise.all([
      openEvents(base, quoterCookie),
      openEvents(base, quoterCookie),
      openEvents(base, customerCookie),
      openEvents(base, await sessionFor(db(), outsider.id)),
    ]);
    streams.push(...tabs);
    const [quoterTab1, quoterTab2, customerTab, outsiderTab] = tabs;
    for (const tab of tabs) {
      expect(tab.status).toBe(200);
      await tab.next('ready');
    }
    const sent = await app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversation.id}/messages`,
      headers: { cookie: customerCookie },
      payload: { content: 'Can you come on Tuesday?' },
    });
    const id = sent.json().message.id;
    const forQuoter = await quoterTab1!.next('message');
    expect(forQuoter.message).toMatchObject({
      id,
      content: 'Can you come on Tuesday?',
      mine: false,
      conversationId: conversation.id,
    });
    expect((await quoterTab2!.next('message')).message.id).toBe(id);
    expect((await customerTab!.next('message')).message).toMatchObject({ id, mine: true });

    // The outsider's first message event is one of its own conversation's: the first never reached it.
    await app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${outsiderConversation.id}/messages`,
      headers: { cookie: quoterCookie },
      payload: { content: 'Hello outsider' },
    });
    expect((await outsiderTab!.next('message')).message.content).toBe('Hello outsider');
    expect(outsiderTab!.received.filter((e) => e.event === 'message')).toHaveLength(1);

    // Reading tells the sender's tabs.
    await app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversation.id}/read`,
      headers: { cookie: quoterCookie },
    });
    expect(await customerTab!.next('read')).toEqual({ conversationId: conversation.id, readerId: quoter.id });
    expect(customer.id).not.toBe(quoter.id);
  });

  it('refuses a stream to visitors and ends it when the session ends', async () => {
    const app = await ctx.app();
    const base = await listen(app);
    const visitor = await openEvents(base);
    streams.push(visitor);
    expect(visitor.status).toBe(401);
    const user = await createCustomer(db());
    const cookie = await sessionFor(db(), user.id);
    const stream = await openEvents(base, cookie);
    streams.push(stream);
    await stream.next('ready');
    expect(app.streams.size).toBe(1);
    const signOut = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: { cookie } });
    expect(signOut.statusCode).toBeLessThan(300);
    await app.streams.endSignedOut();
    await stream.ended;
    expect(app.streams.size).toBe(0);
  });

  it.runIf(ctx.kind === 'postgres')(
    'delivers a message sent through one instance to a stream held by another (LISTEN/NOTIFY)',
    async () => {
      const instanceA = await ctx.app();
      const { app: instanceB, close } = await secondInstance(ctx);
      try {
        const baseB = await listen(instanceB);
        const { customer, job, quoter, customerCookie, quoterCookie } = await jobWithQuote();
        const conversation = (await start(customerCookie, { userId: quoter.id, jobId: job.id })).json()
          .conversation;
        const onB = await openEvents(baseB, quoterCookie);
        streams.push(onB);
        await onB.next('ready');
        const sent = await instanceA.inject({
          method: 'POST',
          url: `/api/v1/conversations/${conversation.id}/messages`,
          headers: { cookie: customerCookie },
          payload: { content: 'Sent through instance A' },
        });
        expect(sent.statusCode).toBe(201);
        const received = await onB.next('message');
        expect(received.message).toMatchObject({
          id: sent.json().message.id,
          content: 'Sent through instance A',
          mine: false,
        });
        expect(customer.id).not.toBe(quoter.id);
      } finally {
        await close();
      }
    },
  );

  it('emails a recipient once per conversation about messages unread after 5 minutes, if they want it', async () => {
    const app = await ctx.app();
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const wants = await createConversation(db());
    const [sender, recipient] = [wants.participantOneId, wants.participantTwoId];
    await createMessage(db(), {
      conversationId: wants.id,
      senderId: sender,
      content: 'First',
      createdAt: minutesAgo(9),
    });
    await createMessage(db(), {
      conversationId: wants.id,
      senderId: sender,
      content: 'Second, the latest',
      createdAt: minutesAgo(7),
    });
    await createMessage(db(), {
      conversationId: wants.id,
      senderId: sender,
      content: 'Too recent',
      createdAt: minutesAgo(1),
    });
    const alreadyRead = await createConversation(db());
    await createMessage(db(), { conversationId: alreadyRead.id, read: true, createdAt: minutesAgo(10) });
    const optedOut = await createConversation(db());
    await db()
      .update(userSettings)
      .set({ newMessages: false })
      .where(eq(userSettings.userId, optedOut.participantTwoId));
    await createMessage(db(), {
      conversationId: optedOut.id,
      senderId: optedOut.participantOneId,
      createdAt: minutesAgo(10),
    });

    // Six minutes ago nothing was yet 5 minutes old.
    expect(await app.unreadNotifier.notifyDue(minutesAgo(6))).toBe(0);
    // What the every-minute schedule sends.
    await send(db(), 'messaging.notify-unread', {});
    expect(await app.queue.runDue('messaging.notify-unread')).toBe(1);
    expect(await app.unreadNotifier.notifyDue()).toBe(0);
    await app.queue.runDue('email.deliver');
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'unread_messages'));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.status).toBe('sent');
    expect(emails[0]!.subject).toMatch(/sent you 2 new messages on TradeNest$/);
    expect(emails[0]!.textBody).toContain('Second, the latest');
    expect(emails[0]!.textBody).toContain(`/conversation/${wants.id}`);
    expect(emails[0]!.textBody).not.toContain('Too recent');
    expect(recipient).not.toBe(sender);

    // An optional email: its link turns 'New messages' off without signing in.
    const token = /\/unsubscribe\?token=([^\s"&]+)/.exec(emails[0]!.textBody)?.[1];
    expect(emails[0]!.htmlBody).toContain(`/unsubscribe?token=${token}`);
    const off = await app.inject({
      method: 'POST',
      url: '/api/v1/notifications/unsubscribe',
      payload: { token: decodeURIComponent(token!) },
    });
    expect(off.statusCode).toBe(200);
    const [settings] = await db().select().from(userSettings).where(eq(userSettings.userId, recipient));
    expect(settings).toMatchObject({ newMessages: false, emailNotifications: true, quoteUpdates: true });
  });
});
