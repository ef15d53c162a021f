import { and, eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { type EventStream, listen, openEvents } from '../../../test/sse';
import { auditLog, domainEvents, emailOutbox, notifications, userSettings } from '../../db/schema';
import { DISPATCH_QUEUE } from '../../queue/outbox';
import { createCustomer, createJob, createQuote, createTradesperson } from '../../seed/factories';
import { dispatchEvent } from './dispatch';

// Domain events (decision 0013): recorded in the use case's own transaction, dispatched from the
// queue to notifications, the audit log and the live streams, idempotently.
describeOnDatabases('domain events', (ctx) => {
  const db = () => ctx.database().db;
  const streams: EventStream[] = [];
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });

  // Tables are emptied once per block, so each test looks only at the events of its own job.
  const eventsOfType = (type: string, jobId: string) =>
    db()
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, type), sql`${domainEvents.payload}->>'jobId' = ${jobId}`));
  const notificationsOf = (userId: string) =>
    db().select().from(notifications).where(eq(notifications.userId, userId));
  const emailsTo = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  const dispatchJobs = async () => {
    const result = (await db().execute(
      sql`select count(*)::int as n from pgboss.job where name = ${DISPATCH_QUEUE}`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };

  async function openJobWithQuoter() {
    const customer = await createCustomer(db(), { fullName: 'Ann Smith' });
    const tradesperson = await createTradesperson(db(), { fullName: 'Tom Pipes' });
    const job = await createJob(db(), { customerId: customer.id, title: 'Fix the kitchen tap' });
    return { customer, tradesperson, job };
  }

  it('records the event and its dispatch job in the transaction of the change', async () => {
    const app = await ctx.app();
    const { customer, tradesperson, job } = await openJobWithQuoter();
    const before = await dispatchJobs();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${job.id}/quotes`,
      headers: { cookie: await sessionFor(db(), tradesperson.id) },
      payload: { amount: 120.5, message: 'I can come on Monday' },
    });
    expect(res.statusCode).toBe(201);
    const [event] = await eventsOfType('quote.received', job.id);
    expect(event).toMatchObject({
      actorId: tradesperson.id,
      payload: {
        jobId: job.id,
        customerId: customer.id,
        tradespersonId: tradesperson.id,
      },
    });
    expect(await dispatchJobs()).toBe(before + 1);
  });

  it('records nothing when the change is refused', async () => {
    const app = await ctx.app();
    const { tradesperson, job } = await openJobWithQuoter();
    const cookie = await sessionFor(db(), tradesperson.id);
    const payload = { amount: 100, message: 'First' };
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/v1/jobs/${job.id}/quotes`,
          headers: { cookie },
          payload,
        })
      ).statusCode,
    ).toBe(201);
    const before = await dispatchJobs();
    // A second quote by the same tradesperson is refused inside the transaction: no event, no job.
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${job.id}/quotes`,
      headers: { cookie },
      payload,
    });
    expect(again.statusCode).toBe(409);
    expect(await eventsOfType('quote.received', job.id)).toHaveLength(1);
    expect(await dispatchJobs()).toBe(before);
  });

  it('tells the customer in the app and by email, audits the change, and does it once however often it runs', async () => {
    const app = await ctx.app();
    const { customer, tradesperson, job } = await openJobWithQuoter();
    await app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${job.id}/quotes`,
      headers: { cookie: await sessionFor(db(), tradesperson.id) },
      payload: { amount: 120.5, message: 'I can come on Monday' },
    });
    await app.queue.runDue(DISPATCH_QUEUE);
    const [event] = await eventsOfType('quote.received', job.id);

    const mine = await notificationsOf(customer.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ eventId: event!.id, link: `/job/${job.id}` });
    expect(await notificationsOf(tradesperson.id)).toHaveLength(0);
    expect(await emailsTo(customer.email)).toHaveLength(1);
    const audited = await db().select().from(auditLog).where(eq(auditLog.eventId, event!.id));
    expect(audited).toMatchObject([
      { action: 'quote.received', actorUserId: tradesperson.id, entityType: 'quote' },
    ]);

    // At least once: a retried or duplicated dispatch changes nothing anyone can see.
    const deps = {
      db: db(),
      bus: { publish() {}, subscribe: () => () => {}, close: async () => {} },
      appUrl: 'x',
    };
    await dispatchEvent(deps, event!.id);
    await dispatchEvent(deps, event!.id);
    expect(await notificationsOf(customer.id)).toHaveLength(1);
    expect(await emailsTo(customer.email)).toHaveLength(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.eventId, event!.id))).toHaveLength(1);
  });

  it("honours 'Quote updates': the bell still lights up, no email is sent", async () => {
    const app = await ctx.app();
    const { customer, tradesperson, job } = await openJobWithQuoter();
    await db().update(userSettings).set({ quoteUpdates: false }).where(eq(userSettings.userId, customer.id));
    await app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${job.id}/quotes`,
      headers: { cookie: await sessionFor(db(), tradesperson.id) },
      payload: { amount: 80, message: 'Tomorrow morning' },
    });
    await app.queue.runDue(DISPATCH_QUEUE);
    expect(await notificationsOf(customer.id)).toHaveLength(1);
    expect(await emailsTo(customer.email)).toHaveLength(0);
  });

  it('accepting a quote records the acceptance, each rejection and the booking, and tells each tradesperson', async () => {
    const app = await ctx.app();
    const { customer, tradesperson, job } = await openJobWithQuoter();
    const other = await createTradesperson(db(), { fullName: 'Bob Builder' });
    const chosen = await createQuote(db(), {
      jobId: job.id,
      tradespersonId: tradesperson.id,
      amount: 10_000,
    });
    const rejected = await createQuote(db(), { jobId: job.id, tradespersonId: other.id, amount: 9_000 });
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/quotes/${chosen.id}/accept`,
      headers: { cookie: await sessionFor(db(), customer.id) },
    });
    expect(res.statusCode).toBe(200);
    expect(await eventsOfType('quote.accepted', job.id)).toMatchObject([{ payload: { quoteId: chosen.id } }]);
    expect(await eventsOfType('quote.rejected', job.id)).toMatchObject([
      { payload: { quoteId: rejected.id, tradespersonId: other.id, reason: 'other_quote_accepted' } },
    ]);
    expect(await eventsOfType('booking.created', job.id)).toMatchObject([
      { payload: { quoteId: chosen.id, status: 'confirmed' } },
    ]);
    await app.queue.runDue(DISPATCH_QUEUE);
    expect(await notificationsOf(tradesperson.id)).toHaveLength(1);
    expect(await notificationsOf(other.id)).toHaveLength(1);
    expect(await notificationsOf(customer.id)).toHaveLength(0);
  });

  it('cancelling a job records the cancellation and a rejection per pending quote', async () => {
    const app = await ctx.app();
    const { customer, tradesperson, job } = await openJobWithQuoter();
    const quote = await createQuote(db(), { jobId: job.id, tradespersonId: tradesperson.id });
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${job.id}/cancel`,
      headers: { cookie: await sessionFor(db(), customer.id) },
    });
    expect(res.statusCode).toBe(200);
    expect(await eventsOfType('job.cancelled', job.id)).toHaveLength(1);
    expect(await eventsOfType('quote.rejected', job.id)).toMatchObject([
      { payload: { quoteId: quote.id, reason: 'job_cancelled' } },
    ]);
  });

  it("pushes the bell and the job's screens live to the people concerned, and to nobody else", async () => {
    const app = await ctx.app();
    const base = await listen(app);
    const { customer, tradesperson, job } = await openJobWithQuoter();
    const outsider = await createCustomer(db());
    const customerStream = await openEvents(base, await sessionFor(db(), customer.id));
    const outsiderStream = await openEvents(base, await sessionFor(db(), outsider.id));
    streams.push(customerStream, outsiderStream);
    await customerStream.next('ready');
    await outsiderStream.next('ready');

    await app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${job.id}/quotes`,
      headers: { cookie: await sessionFor(db(), tradesperson.id) },
      payload: { amount: 50, message: 'Can do' },
    });
    await app.queue.runDue(DISPATCH_QUEUE);
    // Two announcements, which need not arrive in order across NOTIFY connections.
    await customerStream.next('notification');
    await expect
      .poll(() => customerStream.received.filter((e) => e.event === 'activity').map((e) => e.data))
      .toEqual([{ jobId: job.id }]);
    expect(outsiderStream.received.map((e) => e.event)).toEqual(['ready']);
  });

  it('records a message as sent, without a dispatch job or an in-app notification (the unread badge does that)', async () => {
    const app = await ctx.app();
    const { customer, tradesperson, job } = await openJobWithQuoter();
    await createQuote(db(), { jobId: job.id, tradespersonId: tradesperson.id });
    const cookie = await sessionFor(db(), customer.id);
    const started = await app.inject({
      method: 'POST',
      url: '/api/v1/conversations',
      headers: { cookie },
      payload: { userId: tradesperson.id, jobId: job.id },
    });
    const conversationId = started.json().conversation.id;
    const jobsBefore = await dispatchJobs();
    const sent = await app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversationId}/messages`,
      headers: { cookie },
      payload: { content: 'Hello' },
    });
    expect(sent.statusCode).toBe(201);
    const recorded = await db()
      .select()
      .from(domainEvents)
      .where(sql`${domainEvents.payload}->>'conversationId' = ${conversationId}`);
    expect(recorded).toMatchObject([
      {
        type: 'message.sent',
        payload: {
          conversationId,
          senderId: customer.id,
          recipientId: tradesperson.id,
          messageId: sent.json().message.id,
        },
      },
    ]);
    // Nothing consumes it, so no job was queued for it.
    expect(await dispatchJobs()).toBe(jobsBefore);
    await app.queue.runDue(DISPATCH_QUEUE);
    expect(await notificationsOf(tradesperson.id)).toHaveLength(0);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.sent')));
    expect(audited).toHaveLength(0);
  });
});
