import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CUSTOMER_DISPUTE_REASONS } from '../../../domain/disputes/messages';
import { SUBSCRIPTION_MESSAGES as M } from '../../../domain/subscriptions/messages';
import { addDays } from '../../../domain/subscriptions/rules';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { drainMoneyQueues, paymentBalance } from '../../../test/money';
import type { App } from '../../app';
import { openDatabase } from '../../db/client';
import {
  bookings,
  domainEvents,
  jobPostings,
  notifications,
  payments,
  subscriptions,
  subscriptionVisits,
  tradespersonAvailability,
} from '../../db/schema';
import { EventOutbox } from '../../queue/outbox';
import { send } from '../../queue/queue';
import {
  createBooking,
  createCustomer,
  createJob,
  createQuote,
  createTradesperson,
} from '../../seed/factories';
import { bookDueVisits } from './scheduler';

// Repeat service plans end to end through the HTTP API, the scheduled jobs and the sandbox provider:
// who may do what, the visits booked once, charged into escrow before their day (succeeding, needing
// the bank, failing and retried on schedule), paused, skipped, repriced and cancelled with the notice.

const DAY = 86_400_000;
// A Tuesday morning in winter (UK time is UTC): every date below is relative to it.
const START = new Date('2026-12-01T10:00:00Z');
const TODAY = '2026-12-01';

describeOnDatabases('subscriptions', (ctx) => {
  const db = () => ctx.database().db;
  const clock = new ManualClock(START);
  let built: App | undefined;
  const app = async () => {
    built ??= await ctx.app({}, { clock });
    return built;
  };
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    (await app()).inject({
      method,
      url,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const schedulerDeps = async (database = db()) => ({
    db: database,
    clock,
    events: new EventOutbox((await app()).queue),
  });
  const bookDue = async () => bookDueVisits(await schedulerDeps());
  const runJob = async (name: 'subscriptions.charge-due' | 'payments.release-due') => {
    const a = await app();
    await send(db(), name, {});
    await a.queue.runDue(name);
    await drainMoneyQueues(a);
  };
  const chargeDue = () => runJob('subscriptions.charge-due');

  async function saveCard(cookie: string, cardNumber: string) {
    const setup = (await call('POST', '/api/v1/payment-methods/setup-intent', cookie)).json();
    const form = await call(
      'POST',
      `/api/v1/sandbox/setup-intents/${setup.setupIntentId}/confirm`,
      undefined,
      {
        clientSecret: setup.clientSecret,
        cardNumber,
        expiry: '12 / 34',
        cvc: '123',
      },
    );
    if (form.json().outcome === 'requires_action')
      await call('POST', `/api/v1/sandbox/intents/${setup.setupIntentId}/challenge`, undefined, {
        result: 'complete',
      });
    const confirmed = await call('POST', '/api/v1/payment-methods/confirm-setup', cookie, {
      setupIntentId: setup.setupIntentId,
    });
    expect(confirmed.json().status).toBe('saved');
  }

  /** A customer and a tradesperson after a completed booking of gardening in M1 1AE. */
  async function parties() {
    const customerId = (await createCustomer(db(), { fullName: 'Cara Customer' })).id;
    const tradespersonId = (await createTradesperson(db(), { verified: true, fullName: 'Tom Trade' })).id;
    const source = await createBooking(db(), {
      status: 'completed',
      completedAt: START,
      ...(await jobFor(customerId, tradespersonId)),
    });
    return {
      source,
      customerId,
      tradespersonId,
      customer: await sessionFor(db(), customerId),
      pro: await sessionFor(db(), tradespersonId),
    };
  }
  async function jobFor(customerId: string, tradespersonId: string) {
    const job = await createJob(db(), { customerId, category: 'Gardening', status: 'in_progress' });
    const quote = await createQuote(db(), {
      jobId: job.id,
      tradespersonId,
      status: 'accepted',
      amount: 4000,
    });
    return { quoteId: quote.id };
  }

  const proposal = (startDate: string, over: Record<string, unknown> = {}) => ({
    title: 'Fortnightly gardening',
    description: 'Mow the lawns, weed the borders and take the cuttings away',
    pricePerVisit: '40',
    frequency: 'fortnightly',
    startDate,
    ...over,
  });

  /** An active fortnightly plan starting `startInDays` from today, with the given card. */
  async function activePlan(startInDays: number, card = '4242424242424242') {
    const p = await parties();
    const asked = await call('POST', '/api/v1/subscriptions', p.customer, {
      bookingId: p.source.id,
      message: 'Could you come every fortnight?',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;
    const proposed = await call(
      'POST',
      `/api/v1/subscriptions/${id}/propose`,
      p.pro,
      proposal(addDays(TODAY, startInDays)),
    );
    expect(proposed.statusCode, proposed.body).toBe(200);
    await saveCard(p.customer, card);
    const accepted = await call('POST', `/api/v1/subscriptions/${id}/accept`, p.customer, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { ...p, id };
  }

  const visitsOf = (planId: string) =>
    db()
      .select()
      .from(subscriptionVisits)
      .where(eq(subscriptionVisits.subscriptionId, planId))
      .orderBy(subscriptionVisits.visitIndex);
  const paymentsOf = (bookingId: string) =>
    db().select().from(payments).where(eq(payments.bookingId, bookingId));
  const planRow = async (id: string) =>
    (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const bookingRow = async (id: string) =>
    (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;

  it('asks, proposes and accepts a plan, refusing everyone who may not and every wrong term', async () => {
    const p = await parties();
    const stranger = await sessionFor(db(), (await createCustomer(db())).id);
    const asked = await call('POST', '/api/v1/subscriptions', p.customer, {
      bookingId: p.source.id,
      message: 'Every fortnight?',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const plan = asked.json();
    expect(plan).toMatchObject({
      status: 'requested',
      role: 'customer',
      category: 'Gardening',
      postcode: 'M1',
    });
    expect(plan.tradesperson.name).toBe('Tom Trade');

    const again = await call('POST', '/api/v1/subscriptions', p.customer, {
      bookingId: p.source.id,
      message: 'Hello?',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.alreadyAsked);
    const fromPro = await call('POST', '/api/v1/subscriptions', p.pro, {
      bookingId: p.source.id,
      message: 'x',
    });
    expect(fromPro.json().error.message).toBe(M.onlyCustomer);
    const notMine = await call('POST', '/api/v1/subscriptions', stranger, {
      bookingId: p.source.id,
      message: 'x',
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error.message).toBe(M.bookingNotFound);
    const badPostcode = await call('POST', '/api/v1/subscriptions', stranger, {
      tradespersonId: p.tradespersonId,
      postcode: 'NOPE',
      category: 'Gardening',
      message: 'x',
    });
    expect(badPostcode.json().error.message).toBe(M.postcodeInvalid);

    for (const cookie of [stranger, undefined]) {
      const seen = await call('GET', `/api/v1/subscriptions/${plan.id}`, cookie);
      expect(seen.statusCode).toBe(cookie ? 404 : 401);
    }
    expect((await call('GET', '/api/v1/subscriptions', stranger)).json().subscriptions).toEqual([]);
    expect(
      (await call('POST', `/api/v1/subscriptions/${plan.id}/propose`, stranger, proposal('2026-12-10')))
        .statusCode,
    ).toBe(404);

    const url = `/api/v1/subscriptions/${plan.id}/propose`;
    const refusals: [Record<string, unknown>, string][] = [
      [{ pricePerVisit: 'forty' }, M.priceInvalid],
      [{ pricePerVisit: '9.99' }, M.priceRange],
      [{ startDate: TODAY }, M.startDate],
      [{ startDate: addDays(TODAY, 181) }, M.startDate],
      [{ frequency: 'daily' }, M.frequency],
      [{ description: 'short' }, M.descriptionShort],
    ];
    for (const [over, message] of refusals) {
      const res = await call('POST', url, p.pro, proposal('2026-12-10', over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await call('POST', url, p.customer, proposal('2026-12-10'))).json().error.message).toBe(
      M.onlyTradesperson,
    );
    // Works Monday to Friday: a Saturday start is refused.
    await db()
      .insert(tradespersonAvailability)
      .values({
        tradespersonId: p.tradespersonId,
        weeklyPattern: [1, 2, 3, 4, 5].map((weekday) => ({
          weekday: weekday as 1,
          start: '08:00',
          end: '17:00',
        })),
        jobsPerDay: 3,
      });
    const saturday = await call('POST', url, p.pro, proposal('2026-12-12'));
    expect(saturday.statusCode).toBe(409);
    expect(saturday.json().error.message).toBe(M.notBookable);

    const proposed = await call('POST', url, p.pro, proposal('2026-12-21', { pricePerVisit: '42.50' }));
    expect(proposed.json()).toMatchObject({
      status: 'proposed',
      pricePerVisitPence: 4250,
      frequency: 'fortnightly',
      role: 'tradesperson',
    });
    const noCard = await call('POST', `/api/v1/subscriptions/${plan.id}/accept`, p.customer, {});
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().error.message).toBe(M.cardNeeded);
    expect(
      (await call('POST', `/api/v1/subscriptions/${plan.id}/accept`, p.pro, {})).json().error.message,
    ).toBe(M.onlyCustomer);
    await saveCard(p.customer, '4242424242424242');
    const accepted = await call('POST', `/api/v1/subscriptions/${plan.id}/accept`, p.customer, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    const active = accepted.json();
    expect(active).toMatchObject({
      status: 'active',
      postcode: 'M1 1AE',
      card: { brand: 'visa', last4: '4242' },
    });
    // 21 December is beyond the 14 days booked ahead: nothing booked yet, the next visits listed.
    expect(active.visits.slice(0, 2).map((v: { date: string; status: null }) => [v.date, v.status])).toEqual([
      ['2026-12-21', null],
      ['2027-01-04', null],
    ]);
    expect(await visitsOf(plan.id)).toEqual([]);
    expect((await call('POST', `/api/v1/subscriptions/${plan.id}/decline`, p.pro)).json().error.message).toBe(
      M.notProposed,
    );
  });

  it('books a visit as a booking of its own, charges it into escrow, and releases it after completion', async () => {
    const p = await activePlan(2);
    const [visit] = await visitsOf(p.id);
    expect(visit).toMatchObject({
      nominalDate: '2026-12-03',
      visitDate: '2026-12-03',
      status: 'booked',
      pricePence: 4000,
    });
    const booking = await bookingRow(visit!.bookingId!);
    expect(booking).toMatchObject({
      status: 'confirmed',
      amount: 4000,
      scheduledDate: '2026-12-03',
      depositPaid: false,
    });
    const [job] = await db().select().from(jobPostings).where(eq(jobPostings.id, booking.jobId));
    expect(job).toMatchObject({
      status: 'in_progress',
      title: 'Fortnightly gardening',
      category: 'Gardening',
      postcode: 'M1 1AE',
    });

    // The tradesperson's calendar shows the visit as the booking it is, marked with its plan.
    const calendar = (await call('GET', '/api/v1/calendar?from=2026-12-01&to=2026-12-31', p.pro)).json();
    expect(calendar.bookings.find((b: { id: string }) => b.id === booking.id)).toMatchObject({
      planId: p.id,
    });

    await chargeDue();
    const [paid] = await paymentsOf(booking.id);
    expect(paid).toMatchObject({ status: 'succeeded', amountPence: 4000, heldUntil: null });
    expect(await paymentBalance(db(), paid!.id, 'escrow')).toBe(4000);
    expect((await bookingRow(booking.id)).depositPaid).toBe(true);
    const view = (await call('GET', `/api/v1/subscriptions/${p.id}`, p.customer)).json();
    expect(view.visits[0].money).toMatchObject({ state: 'held', attempts: 1, actionUrl: null });
    const told = await db().select().from(notifications).where(eq(notifications.userId, p.customerId));
    expect(told.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Plan proposed', 'Visit booked', 'Visit paid']),
    );
    const proTold = await db().select().from(notifications).where(eq(notifications.userId, p.tradespersonId));
    expect(proTold.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Repeat service requested', 'Plan accepted']),
    );
    expect(proTold.find((n) => n.title === 'Visit paid')!.link).toBe(`/job/${booking.jobId}`);
    // A second run charges nothing twice.
    await chargeDue();
    expect(await paymentsOf(booking.id)).toHaveLength(1);

    // The tradesperson marks it complete on the booking's own route; the window starts then.
    expect((await call('POST', `/api/v1/bookings/${booking.id}/complete`, p.pro)).statusCode).toBe(200);
    await chargeDue();
    const held = (await paymentsOf(booking.id))[0]!;
    expect(held.heldUntil!.getTime()).toBeGreaterThan(Date.now() - DAY);
    clock.advance(8 * DAY);
    await runJob('payments.release-due');
    clock.advance(-8 * DAY);
    expect((await paymentsOf(booking.id))[0]!.releasedAt).not.toBeNull();
    expect(await paymentBalance(db(), held.id, 'escrow')).toBe(0);
    // Reviews work per visit.
    const review = await call('POST', `/api/v1/bookings/${booking.id}/reviews`, p.customer, {
      rating: 5,
      comment: 'Lovely tidy lawns every time.',
    });
    expect(review.statusCode, review.body).toBe(201);
  });

  it('books each visit once when two instances run the scheduler at the same time', async () => {
    const plans = [await activePlan(20), await activePlan(20), await activePlan(20)];
    clock.advance(7 * DAY);
    const other =
      ctx.kind === 'postgres'
        ? await openDatabase({
            kind: 'postgres',
            url: (ctx.database().client as { options: { connectionString: string } }).options
              .connectionString,
            poolMax: 3,
          })
        : undefined;
    try {
      const counts = await Promise.all([
        bookDue(),
        bookDueVisits(await schedulerDeps(other?.db ?? db())),
        bookDue(),
      ]);
      // Other tests' plans may be due too: each of these three is booked once, by one of the runs.
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
      for (const p of plans) expect((await visitsOf(p.id)).map((v) => v.nominalDate)).toEqual(['2026-12-21']);
      expect(await bookDue()).toBe(0);
    } finally {
      clock.advance(-7 * DAY);
      await other?.close();
    }
  });

  it('retries a declined charge 24 and 48 hours after the first attempt, then calls the visit off and pauses the plan', async () => {
    const p = await activePlan(2, '4000000000000341');
    const [visit] = await visitsOf(p.id);
    await chargeDue();
    let row = (await visitsOf(p.id))[0]!;
    expect(row).toMatchObject({ chargeAttempts: 1, status: 'booked' });
    expect(row.nextChargeAt!.getTime()).toBe(START.getTime() + DAY);
    expect((await bookingRow(visit!.bookingId!)).depositPaid).toBe(false);
    // Not due yet: nothing happens.
    await chargeDue();
    expect((await visitsOf(p.id))[0]!.chargeAttempts).toBe(1);
    clock.advance(DAY);
    await chargeDue();
    row = (await visitsOf(p.id))[0]!;
    expect(row.chargeAttempts).toBe(2);
    expect(row.nextChargeAt!.getTime()).toBe(START.getTime() + 2 * DAY);
    clock.advance(DAY);
    await chargeDue();
    clock.advance(-2 * DAY);
    row = (await visitsOf(p.id))[0]!;
    expect(row).toMatchObject({ chargeAttempts: 3, status: 'cancelled', nextChargeAt: null });
    expect(await bookingRow(visit!.bookingId!)).toMatchObject({ status: 'cancelled', depositPaid: false });
    expect(await planRow(p.id)).toMatchObject({ status: 'paused', pauseReason: 'payment_failed' });
    const charges = await paymentsOf(visit!.bookingId!);
    expect(charges.map((c) => c.status)).toEqual(['failed', 'failed', 'failed']);
    for (const c of charges) expect(await paymentBalance(db(), c.id, 'escrow')).toBe(0);
    const failures = await db()
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.type, 'subscription.charge_failed'));
    const mine = failures.filter((e) => (e.payload as { subscriptionId: string }).subscriptionId === p.id);
    const told = mine.map((e) => e.payload as { attempt: number; retryAt: string | null });
    expect(told.sort((a, b) => a.attempt - b.attempt).map((e) => [e.attempt, e.retryAt === null])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    // Only the customer resumes a plan paused by a failed charge.
    expect((await call('POST', `/api/v1/subscriptions/${p.id}/resume`, p.pro)).json().error.message).toBe(
      M.onlyCustomer,
    );
    expect(
      (await call('POST', `/api/v1/subscriptions/${p.id}/visits/${visit!.id}/pay`, p.customer)).json().error
        .message,
    ).toBe(M.nothingToPay);
  });

  it("waits for the bank's authentication, and books the charge when the customer returns", async () => {
    const p = await activePlan(2, '4000002760003184');
    const [visit] = await visitsOf(p.id);
    await chargeDue();
    const view = (await call('GET', `/api/v1/subscriptions/${p.id}`, p.customer)).json();
    expect(view.visits[0].money.state).toBe('requires_action');
    expect(view.visits[0].money.actionUrl).toMatch(/^http/);
    expect(
      (await call('GET', `/api/v1/subscriptions/${p.id}`, p.pro)).json().visits[0].money.actionUrl,
    ).toBeNull();
    const [payment] = await paymentsOf(visit!.bookingId!);
    const pay = await call('POST', `/api/v1/subscriptions/${p.id}/visits/${visit!.id}/pay`, p.customer);
    expect(pay.json()).toMatchObject({ status: 'requires_action' });
    expect(
      (await call('POST', `/api/v1/subscriptions/${p.id}/visits/${visit!.id}/pay`, p.pro)).statusCode,
    ).toBe(403);
    const challenge = await call(
      'POST',
      `/api/v1/sandbox/intents/${payment!.providerPaymentId}/challenge`,
      undefined,
      { result: 'complete' },
    );
    expect(challenge.statusCode, challenge.body).toBe(200);
    const confirmed = await call(
      'POST',
      `/api/v1/subscriptions/${p.id}/visits/${visit!.id}/confirm`,
      p.customer,
    );
    expect(confirmed.json()).toMatchObject({ status: 'paid' });
    // The webhook of the same charge, delivered (and replayed) after: nothing is posted twice.
    await drainMoneyQueues(await app());
    expect(await paymentBalance(db(), payment!.id, 'escrow')).toBe(4000);
    expect(await paymentsOf(visit!.bookingId!)).toHaveLength(1);
    // Disputes work per visit: the held money of this visit is frozen by the customer's dispute.
    const dispute = await call('POST', '/api/v1/disputes', p.customer, {
      bookingId: visit!.bookingId,
      reason: CUSTOMER_DISPUTE_REASONS[0],
      description: 'The gardener did not come on the day and the lawn was not mown.',
    });
    expect(dispute.statusCode, dispute.body).toBe(201);
    expect((await bookingRow(visit!.bookingId!)).status).toBe('disputed');
  });

  it('skips, reprices, pauses and cancels with the notice', async () => {
    const p = await activePlan(2);
    await chargeDue();
    clock.advance(7 * DAY);
    await bookDue();
    clock.advance(-7 * DAY);
    const [first, second] = await visitsOf(p.id);
    expect(second).toMatchObject({ nominalDate: '2026-12-17', status: 'booked' });
    // The first is 2 days away: it goes ahead.
    const inside = await call('POST', `/api/v1/subscriptions/${p.id}/skip`, p.customer, {
      date: first!.nominalDate,
    });
    expect(inside.json().error.message).toBe(M.insideNotice);
    expect(
      (await call('POST', `/api/v1/subscriptions/${p.id}/skip`, p.customer, { date: '2026-12-18' })).json()
        .error.message,
    ).toBe(M.noVisit);
    const skipped = await call('POST', `/api/v1/subscriptions/${p.id}/skip`, p.pro, { date: '2026-12-17' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect((await bookingRow(second!.bookingId!)).status).toBe('cancelled');
    expect(
      (await call('POST', `/api/v1/subscriptions/${p.id}/skip`, p.pro, { date: '2026-12-17' })).json().error
        .message,
    ).toBe(M.alreadySkipped);
    // A future visit not booked yet is skipped by its date, and the scheduler passes over it.
    expect(
      (await call('POST', `/api/v1/subscriptions/${p.id}/skip`, p.customer, { date: '2026-12-31' }))
        .statusCode,
    ).toBe(200);

    expect(
      (await call('POST', `/api/v1/subscriptions/${p.id}/price`, p.customer, { pricePerVisit: '45' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/v1/subscriptions/${p.id}/price`, p.pro, { pricePerVisit: '40' })).json().error
        .message,
    ).toBe(M.samePrice);
    expect(
      (await call('POST', `/api/v1/subscriptions/${p.id}/price`, p.pro, { pricePerVisit: '45' })).json()
        .pendingPricePence,
    ).toBe(4500);
    expect(
      (await call('POST', `/api/v1/subscriptions/${p.id}/price`, p.pro, { pricePerVisit: '46' })).json().error
        .message,
    ).toBe(M.priceChangeWaiting);
    const repriced = (await call('POST', `/api/v1/subscriptions/${p.id}/price/accept`, p.customer)).json();
    expect(repriced).toMatchObject({ pricePerVisitPence: 4500, pendingPricePence: null });
    // The first visit was charged at the old price and keeps it.
    expect((await visitsOf(p.id))[0]!.pricePence).toBe(4000);

    clock.advance(30 * DAY);
    await bookDue();
    const third = (await visitsOf(p.id)).find((v) => v.nominalDate === '2027-01-14');
    clock.advance(-30 * DAY);
    expect(third).toMatchObject({ nominalDate: '2027-01-14', pricePence: 4500 });

    const paused = (await call('POST', `/api/v1/subscriptions/${p.id}/pause`, p.customer)).json();
    expect(paused).toMatchObject({ status: 'paused', pauseReason: 'customer' });
    expect((await bookingRow(third!.bookingId!)).status).toBe('cancelled');
    expect((await call('POST', `/api/v1/subscriptions/${p.id}/resume`, p.pro)).json().error.message).toBe(
      M.onlyWhoPaused,
    );
    expect((await call('POST', `/api/v1/subscriptions/${p.id}/resume`, p.customer)).json().status).toBe(
      'active',
    );

    const cancelled = (
      await call('POST', `/api/v1/subscriptions/${p.id}/cancel`, p.pro, { reason: 'Moving away' })
    ).json();
    // The first visit (2 days away) goes ahead; nothing after it.
    expect(cancelled).toMatchObject({ status: 'cancelled', lastVisitDate: '2026-12-03' });
    expect((await bookingRow(first!.bookingId!)).status).toBe('confirmed');
    clock.advance(60 * DAY);
    await bookDue();
    clock.advance(-60 * DAY);
    const after = (await visitsOf(p.id)).filter((v) => v.status === 'booked' && v.nominalDate > '2026-12-03');
    expect(after).toEqual([]);
    expect((await call('POST', `/api/v1/subscriptions/${p.id}/cancel`, p.pro)).json().error.message).toBe(
      M.ended,
    );
  });

  it('never leaves a booked visit after the last date when a cancellation races the scheduler', async () => {
    for (let round = 0; round < 6; round++) {
      // The visit 20 days ahead becomes due 13 days (outside the notice: cancelling first means it never
      // happens) or 2 days (inside it: it goes ahead either way) before its day.
      const p = await activePlan(20);
      const ahead = round % 2 === 0 ? 7 : 18;
      clock.advance(ahead * DAY);
      await Promise.all([call('POST', `/api/v1/subscriptions/${p.id}/cancel`, p.customer), bookDue()]);
      await bookDue();
      clock.advance(-ahead * DAY);
      const plan = await planRow(p.id);
      expect(plan.status).toBe('cancelled');
      const live = (await visitsOf(p.id)).filter((v) => v.status === 'booked');
      for (const v of live) {
        expect(plan.endsOn).not.toBeNull();
        expect(v.nominalDate <= plan.endsOn!).toBe(true);
      }
      const liveBookings = await db()
        .select()
        .from(bookings)
        .where(and(eq(bookings.customerId, p.customerId), eq(bookings.status, 'confirmed')));
      expect(liveBookings.length).toBe(live.length);
    }
  });
  it("moves a running plan to the customer's next card when its card is removed, and refuses when there is none", async () => {
    const p = await activePlan(10);
    const cardsNow = async () =>
      (await call('GET', '/api/v1/payment-methods', p.customer)).json().paymentMethods as { id: string }[];
    const [only] = await cardsNow();
    const refused = await call('DELETE', `/api/v1/payment-methods/${only!.id}`, p.customer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'card_in_use', message: M.cardInUse });
    expect((await planRow(p.id)).paymentMethodId).toBe(only!.id);

    await saveCard(p.customer, '4000002500003155');
    const other = (await cardsNow()).find((c) => c.id !== only!.id)!;
    const removed = await call('DELETE', `/api/v1/payment-methods/${only!.id}`, p.customer);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await planRow(p.id)).paymentMethodId).toBe(other.id);

    // An ended plan forgets its card, so the card can go.
    const cancelled = await call('POST', `/api/v1/subscriptions/${p.id}/cancel`, p.customer, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const last = await call('DELETE', `/api/v1/payment-methods/${other.id}`, p.customer);
    expect(last.statusCode, last.body).toBe(200);
    expect((await planRow(p.id)).paymentMethodId).toBeNull();
  });
});
