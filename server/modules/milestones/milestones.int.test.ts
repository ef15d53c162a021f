import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { MILESTONE_MESSAGES, sumMismatch } from '../../../domain/milestones/messages';
import { PAYMENT_MESSAGES } from '../../../domain/payments/messages';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { drainMoneyQueues, paymentBalance } from '../../../test/money';
import type { App } from '../../app';
import {
  bookings,
  jobPostings,
  paymentMethods,
  paymentMilestones,
  payments,
  sandboxObjects,
} from '../../db/schema';
import { createAdmin, createBooking, createCustomer } from '../../seed/factories';

// Milestone payments end to end through the HTTP API and the sandbox provider (DOMAIN-RULES 6): a plan
// that must add up, saved cards set up through the provider, charges that succeed, fail, ask for the
// bank's authentication, or race; release on approval or after the window; a dispute freezes it all.

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const plan = (...amounts: number[]) =>
  amounts.map((amountPence, i) => ({
    title: `Stage ${i + 1}`,
    description: i === 0 ? 'Strip out the old bathroom' : null,
    amountPence,
    dueDate: inDays(7 * (i + 1)),
  }));

describeOnDatabases('milestone payments', (ctx) => {
  const db = () => ctx.database().db;
  const clock = new ManualClock(new Date());
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

  async function confirmedBooking(amount = 45_000) {
    const booking = await createBooking(db(), { status: 'confirmed', amount });
    return {
      booking,
      customer: await sessionFor(db(), booking.customerId),
      pro: await sessionFor(db(), booking.tradespersonId),
    };
  }

  /** Saves a test card as the Payment Methods page does: setup intent, the sandbox's form, return. */
  async function saveCard(cookie: string, cardNumber: string) {
    const authenticate = /3155|3184/.test(cardNumber.replaceAll(' ', ''));
    const setup = await call('POST', '/api/v1/payment-methods/setup-intent', cookie);
    expect(setup.statusCode, setup.body).toBe(200);
    const { setupIntentId, clientSecret, returnUrl } = setup.json();
    expect(returnUrl).toMatch(/\/payment-methods$/);
    const form = await call('POST', `/api/v1/sandbox/setup-intents/${setupIntentId}/confirm`, undefined, {
      clientSecret,
      cardNumber,
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(form.statusCode, form.body).toBe(200);
    if (authenticate) {
      expect(form.json().outcome).toBe('requires_action');
      const challenge = await call('POST', `/api/v1/sandbox/intents/${setupIntentId}/challenge`, undefined, {
        result: 'complete',
      });
      expect(challenge.json().redirectUrl).toContain(`setup_intent=${setupIntentId}`);
    } else {
      expect(form.json().redirectUrl).toContain(`/payment-methods?setup_intent=${setupIntentId}`);
    }
    const confirmed = await call('POST', '/api/v1/payment-methods/confirm-setup', cookie, { setupIntentId });
    expect(confirmed.json().status).toBe('saved');
    return confirmed.json().paymentMethods as { id: string; last4: string; isDefault: boolean }[];
  }

  /** A confirmed booking with an accepted plan and a saved card. */
  async function planned(amounts: number[], card = '4242 4242 4242 4242') {
    const parties = await confirmedBooking(amounts.reduce((a, b) => a + b, 0));
    const proposed = await call(
      'POST',
      `/api/v1/bookings/${parties.booking.id}/milestone-plan`,
      parties.pro,
      {
        milestones: plan(...amounts),
      },
    );
    expect(proposed.statusCode, proposed.body).toBe(200);
    const planId = proposed.json().milestones.proposal.id;
    const accepted = await call(
      'POST',
      `/api/v1/bookings/${parties.booking.id}/milestone-plan/accept`,
      parties.customer,
      {
        planId,
      },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const cards = await saveCard(parties.customer, card);
    return { ...parties, milestones: accepted.json().milestones.milestones as { id: string }[], cards };
  }

  const charge = (cookie: string, milestoneId: string, paymentMethodId?: string) =>
    call('POST', '/api/v1/milestones/charge', cookie, {
      milestoneId,
      ...(paymentMethodId ? { paymentMethodId } : {}),
    });
  const milestoneRow = async (id: string) =>
    (await db().select().from(paymentMilestones).where(eq(paymentMilestones.id, id)))[0]!;
  const chargesOf = async (milestoneId: string) =>
    db().select().from(payments).where(eq(payments.milestoneId, milestoneId));
  /** This app's count of one payment outcome on GET /metrics (docs/operations/metrics.md). */
  const outcomeCount = async (outcome: string) => {
    const series = `tradenest_payment_outcomes_total{outcome="${outcome}"} `;
    const line = (await call('GET', '/metrics')).body.split('\n').find((l) => l.startsWith(series));
    return Number(line!.slice(series.length));
  };

  it('plans, pays, approves and releases a two-milestone booking, one payment through the bank authentication', async () => {
    const { booking, customer, pro } = await confirmedBooking(45_000);
    const stranger = await sessionFor(db(), (await createCustomer(db())).id);
    const url = `/api/v1/bookings/${booking.id}/milestone-plan`;

    // A plan that does not add up, one from the customer, one from a stranger: refused, nothing stored.
    const short = await call('POST', url, pro, { milestones: plan(20_000, 20_000) });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(sumMismatch(45_000, 40_000));
    expect((await call('POST', url, customer, { milestones: plan(20_000, 25_000) })).statusCode).toBe(403);
    expect((await call('POST', url, stranger, { milestones: plan(20_000, 25_000) })).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/bookings/${booking.id}/milestones`, stranger)).statusCode).toBe(404);
    const past = await call('POST', url, pro, {
      milestones: [{ ...plan(20_000)[0], dueDate: '2001-01-01' }, plan(20_000, 25_000)[1]],
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details).toContainEqual({
      field: 'milestones.0.dueDate',
      message: MILESTONE_MESSAGES.dueDatePast,
    });

    const proposed = await call('POST', url, pro, { milestones: plan(20_000, 25_000) });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const proposal = proposed.json().milestones.proposal;
    expect(proposal.milestones.map((m: { platformFeePence: number }) => m.platformFeePence)).toEqual([
      3_000, 3_750,
    ]);
    // A second proposal waits for the first to be decided.
    expect((await call('POST', url, pro, { milestones: plan(20_000, 25_000) })).json().error.message).toBe(
      MILESTONE_MESSAGES.proposalPending,
    );
    // Accepting names the plan seen; any other id is refused.
    const stale = await call('POST', `${url}/accept`, customer, { planId: booking.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(MILESTONE_MESSAGES.planChanged);
    expect((await call('POST', `${url}/accept`, pro, { planId: proposal.id })).statusCode).toBe(403);
    const accepted = await call('POST', `${url}/accept`, customer, { planId: proposal.id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const view = accepted.json().milestones;
    expect(
      view.milestones.map((m: { index: number; amountPence: number }) => [m.index, m.amountPence]),
    ).toEqual([
      [0, 20_000],
      [1, 25_000],
    ]);
    expect(view.totals).toEqual({ totalPence: 45_000, paidPence: 0, remainingPence: 45_000 });
    const [first, second] = view.milestones as { id: string; canPay: boolean }[];

    // No card yet: a clear refusal, nothing charged.
    const noCard = await charge(customer, first!.id);
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().error.message).toBe(MILESTONE_MESSAGES.noCard);
    expect(await chargesOf(first!.id)).toHaveLength(0);

    const cards = await saveCard(customer, '4242 4242 4242 4242');
    expect(cards).toMatchObject([{ last4: '4242', isDefault: true }]);

    // The tradesperson cannot charge; the customer's charge succeeds and the money is held.
    expect((await charge(pro, first!.id)).statusCode).toBe(403);
    const paid = await charge(customer, first!.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ success: true, requiresAction: false });
    expect(paid.json().milestones.totals).toEqual({
      totalPence: 45_000,
      paidPence: 20_000,
      remainingPence: 25_000,
    });
    const [firstPayment] = await chargesOf(first!.id);
    expect(firstPayment).toMatchObject({ status: 'succeeded', amountPence: 20_000, feePence: 3_000 });
    expect(await paymentBalance(db(), firstPayment!.id, 'escrow')).toBe(20_000);
    expect((await milestoneRow(first!.id)).status).toBe('paid');

    // Early release is the milestone's approval, not the single payment's button.
    const early = await call('POST', `/api/v1/payments/${firstPayment!.id}/release`, customer);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(MILESTONE_MESSAGES.approveOnPage);
    const listed = (await call('GET', '/api/v1/bookings/mine', customer)).json().bookings as {
      id: string;
      money: unknown;
    }[];
    expect(listed.find((b) => b.id === booking.id)?.money).toEqual({
      state: 'held',
      heldUntil: null,
      frozen: false,
      milestones: true,
    });

    // Paying it again, or paying the booking in one payment, is refused.
    expect((await charge(customer, first!.id)).json().error.message).toBe(MILESTONE_MESSAGES.alreadyPaid);
    const single = await call('POST', '/api/v1/payments/create-payment', customer, { bookingId: booking.id });
    expect(single.statusCode).toBe(409);
    expect(single.json().error.message).toBe(MILESTONE_MESSAGES.paidByMilestones);
    // Once a milestone was charged, the plan is fixed.
    expect((await call('POST', url, pro, { milestones: plan(10_000, 35_000) })).json().error.message).toBe(
      MILESTONE_MESSAGES.planFixed,
    );

    // Approval needs the work marked done; then it releases the milestone, less the 15% fee.
    expect(
      (await call('POST', `/api/v1/milestones/${first!.id}/approve`, customer)).json().error.message,
    ).toBe(MILESTONE_MESSAGES.notDone);
    const done = await call('POST', `/api/v1/milestones/${first!.id}/done`, pro);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().milestones.milestones[0].releaseDueAt).toBe(
      new Date(clock.now().getTime() + 7 * DAY).toISOString(),
    );
    const approved = await call('POST', `/api/v1/milestones/${first!.id}/approve`, customer);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().milestones.milestones[0].releasedAt).not.toBeNull();
    expect(await paymentBalance(db(), firstPayment!.id, 'escrow')).toBe(0);
    expect(await paymentBalance(db(), firstPayment!.id, 'platform_fees')).toBe(3_000);
    expect(await paymentBalance(db(), firstPayment!.id, 'tradesperson_payable')).toBe(17_000);

    // The second milestone with a card whose bank asks for authentication on every charge.
    const withAuth = await saveCard(customer, '4000 0027 6000 3184');
    const authCard = withAuth.find((c) => c.last4 === '3184')!;
    expect(authCard.isDefault).toBe(false);
    const def = await call('POST', `/api/v1/payment-methods/${authCard.id}/default`, customer);
    expect(def.json().paymentMethods.find((c: { id: string }) => c.id === authCard.id).isDefault).toBe(true);
    const asked = await charge(customer, second!.id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ success: false, requiresAction: true });
    const actionUrl: string = asked.json().actionUrl;
    expect(actionUrl).toMatch(/\/sandbox\/authenticate\/pi_test_/);
    expect((await milestoneRow(second!.id)).status).toBe('processing');
    const intentId = actionUrl.split('/').pop()!;
    const page = await call('GET', `/api/v1/sandbox/intents/${intentId}`);
    expect(page.json()).toMatchObject({ kind: 'payment', amountPence: 25_000, awaitingAuthentication: true });
    const answered = await call('POST', `/api/v1/sandbox/intents/${intentId}/challenge`, undefined, {
      result: 'complete',
    });
    expect(answered.json().redirectUrl).toContain(
      `/booking-milestones/${booking.id}?milestone=${second!.id}`,
    );
    const confirmed = await call('POST', `/api/v1/milestones/${second!.id}/confirm`, customer);
    expect(confirmed.json()).toMatchObject({ status: 'paid', message: null });
    expect(confirmed.json().milestones.totals).toEqual({
      totalPence: 45_000,
      paidPence: 45_000,
      remainingPence: 0,
    });

    // Paid in full while the work goes on: the job completes when the work is marked complete.
    const b = (await db().select().from(bookings).where(eq(bookings.id, booking.id)))[0]!;
    expect(b.depositPaid).toBe(true);
    expect((await db().select().from(jobPostings).where(eq(jobPostings.id, booking.jobId)))[0]!.status).toBe(
      'in_progress',
    );

    // Marked done and never approved: the release job releases it when the window ends, not before.
    await call('POST', `/api/v1/milestones/${second!.id}/done`, pro);
    const [secondPayment] = await chargesOf(second!.id);
    await (await app()).queue.send(db(), 'payments.release-due', {});
    await (await app()).queue.runDue('payments.release-due');
    expect(await paymentBalance(db(), secondPayment!.id, 'escrow')).toBe(25_000);
    clock.advance(7 * DAY + 1000);
    await (await app()).queue.send(db(), 'payments.release-due', {});
    await (await app()).queue.runDue('payments.release-due');
    expect(await paymentBalance(db(), secondPayment!.id, 'escrow')).toBe(0);
    expect(await paymentBalance(db(), secondPayment!.id, 'platform_fees')).toBe(3_750);

    const completed = await call('POST', `/api/v1/bookings/${booking.id}/complete`, pro);
    expect(completed.statusCode, completed.body).toBe(200);
    expect((await db().select().from(jobPostings).where(eq(jobPostings.id, booking.jobId)))[0]!.status).toBe(
      'completed',
    );
    await drainMoneyQueues(await app());
    // The money timeline shows each milestone.
    const money = await call('GET', `/api/v1/bookings/${booking.id}/money`, customer);
    expect(money.json().money.payments).toHaveLength(2);
    expect(money.json().money.state).toBe('released');
    const labels = money.json().money.timeline.map((e: { label: string }) => e.label);
    expect(labels).toContain("Paid £200.00 for 'Stage 1'");
    expect(labels).toContain("Released £250.00 for 'Stage 2' to the tradesperson");
    // A payout line per released milestone (the sandbox account is not set up: both wait for it).
    expect(labels).toContain("£170.00 for 'Stage 1' waiting for the tradesperson's payout account");
    expect(labels).toContain("£212.50 for 'Stage 2' waiting for the tradesperson's payout account");
  });

  it('a declined charge leaves the milestone failed with the reason, and Retry Payment with another card pays it once', async () => {
    const { customer, milestones } = await planned([10_000, 5_000], '4000 0000 0000 0341');
    const [first] = milestones;
    await drainMoneyQueues(await app());
    const [failedBefore, succeededBefore] = [await outcomeCount('failed'), await outcomeCount('succeeded')];
    const declined = await charge(customer, first!.id);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toBe('Your card was declined.');
    expect(await outcomeCount('failed')).toBe(failedBefore + 1);
    const view = (
      await call('GET', `/api/v1/bookings/${(await milestoneRow(first!.id)).bookingId}/milestones`, customer)
    ).json().milestones;
    expect(view.milestones[0]).toMatchObject({
      status: 'failed',
      lastError: 'Your card was declined.',
      canPay: true,
    });
    expect(view.totals.paidPence).toBe(0);

    const cards = await saveCard(customer, '4242 4242 4242 4242');
    const good = cards.find((c) => c.last4 === '4242')!;
    const retried = await charge(customer, first!.id, good.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().success).toBe(true);
    const rows = await chargesOf(first!.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
    expect(await paymentBalance(db(), rows.find((r) => r.status === 'succeeded')!.id, 'escrow')).toBe(10_000);
    expect(await paymentBalance(db(), rows.find((r) => r.status === 'failed')!.id, 'escrow')).toBe(0);
    // Each outcome counted once (the paid one when its event is dispatched).
    await drainMoneyQueues(await app());
    expect(await outcomeCount('failed')).toBe(failedBefore + 1);
    expect(await outcomeCount('succeeded')).toBe(succeededBefore + 1);
  });

  it('books a charge confirmed only by the webhook, when the customer never comes back from the authentication', async () => {
    const { customer, milestones } = await planned([10_000, 5_000], '4000 0027 6000 3184');
    const [first] = milestones;
    const asked = await charge(customer, first!.id);
    const intentId = (asked.json().actionUrl as string).split('/').pop()!;
    // Pressing Pay again while the bank waits carries on the same charge.
    const again = await charge(customer, first!.id);
    expect(again.json().actionUrl).toBe(asked.json().actionUrl);
    await call('POST', `/api/v1/sandbox/intents/${intentId}/challenge`, undefined, { result: 'complete' });
    await drainMoneyQueues(await app());
    expect((await milestoneRow(first!.id)).status).toBe('paid');
    expect(await chargesOf(first!.id)).toHaveLength(1);
  });

  it('a failed authentication fails the milestone; Retry Payment asks again', async () => {
    const { customer, milestones } = await planned([10_000, 5_000], '4000 0027 6000 3184');
    const [first] = milestones;
    const asked = await charge(customer, first!.id);
    const intentId = (asked.json().actionUrl as string).split('/').pop()!;
    await call('POST', `/api/v1/sandbox/intents/${intentId}/challenge`, undefined, { result: 'fail' });
    const confirmed = await call('POST', `/api/v1/milestones/${first!.id}/confirm`, customer);
    expect(confirmed.json().status).toBe('failed');
    expect(confirmed.json().message).toMatch(/unable to authenticate/);
    expect((await milestoneRow(first!.id)).status).toBe('failed');
    const retry = await charge(customer, first!.id);
    expect(retry.json().requiresAction).toBe(true);
    expect(retry.json().actionUrl).not.toBe(asked.json().actionUrl);
  });

  it('charges a milestone once when the customer presses Pay many times at once', async () => {
    const { customer, milestones } = await planned([10_000, 5_000]);
    const [first] = milestones;
    const answers = await Promise.all(Array.from({ length: 12 }, () => charge(customer, first!.id)));
    // Every press that got through reports the one charge; the rest were told it was already paid.
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    expect(answers.some((a) => a.statusCode === 200 && a.json().success)).toBe(true);
    const rows = await chargesOf(first!.id);
    expect(rows).toHaveLength(1);
    expect(await paymentBalance(db(), rows[0]!.id, 'escrow')).toBe(10_000);
    const intents = await db()
      .select()
      .from(sandboxObjects)
      .where(
        and(
          eq(sandboxObjects.kind, 'payment_intent'),
          sql`${sandboxObjects.data}->'metadata'->>'milestoneId' = ${first!.id}`,
        ),
      );
    expect(intents).toHaveLength(1);
  });

  it('reconciliation finishes a charge the server wrote but stopped before the provider answered', async () => {
    const { booking, customer, milestones } = await planned([10_000, 5_000]);
    const [first] = milestones;
    // What the charge's first transaction leaves if the process dies before calling the provider.
    const [card] = await db()
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, booking.customerId));
    const now = clock.now();
    await db().insert(payments).values({
      bookingId: booking.id,
      milestoneId: first!.id,
      payerId: booking.customerId,
      provider: 'sandbox',
      amountPence: 10_000,
      feePence: 1_500,
      status: 'processing',
      providerPaymentMethodId: card!.providerPaymentMethodId,
      createdAt: now,
      updatedAt: now,
    });
    await db()
      .update(paymentMilestones)
      .set({ status: 'processing' })
      .where(eq(paymentMilestones.id, first!.id));
    const reconcile = async () => {
      await (await app()).queue.send(db(), 'payments.reconcile', {});
      await (await app()).queue.runDue('payments.reconcile');
    };
    // A charge under way is left alone; one that has been 'processing' for minutes is carried on.
    await reconcile();
    expect((await chargesOf(first!.id))[0]!.status).toBe('processing');
    clock.advance(6 * 60_000);
    await reconcile();
    await reconcile();
    const rows = await chargesOf(first!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('succeeded');
    expect((await milestoneRow(first!.id)).status).toBe('paid');
    expect(await paymentBalance(db(), rows[0]!.id, 'escrow')).toBe(10_000);
    // And Pay, pressed meanwhile, would have carried on the same charge rather than start another.
    expect((await charge(customer, first!.id)).json().error.message).toBe(MILESTONE_MESSAGES.alreadyPaid);
  });

  it("refuses someone else's milestone, someone else's card, a removed card and a tradesperson's cards", async () => {
    const a = await planned([10_000, 5_000]);
    const b = await planned([10_000, 5_000]);
    // Another customer's milestone is not found; another customer's card is not found.
    expect((await charge(b.customer, a.milestones[0]!.id)).statusCode).toBe(404);
    expect((await charge(a.customer, a.milestones[0]!.id, b.cards[0]!.id)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/payment-methods/${b.cards[0]!.id}`, a.customer)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/v1/payment-methods', a.pro)).statusCode).toBe(404);
    // A removed card is gone here and at the provider; with no card left, nothing is charged.
    const removed = await call('DELETE', `/api/v1/payment-methods/${a.cards[0]!.id}`, a.customer);
    expect(removed.json().paymentMethods).toEqual([]);
    expect((await charge(a.customer, a.milestones[0]!.id, a.cards[0]!.id)).statusCode).toBe(404);
    expect((await charge(a.customer, a.milestones[0]!.id)).json().error.message).toBe(
      MILESTONE_MESSAGES.noCard,
    );
    expect(await chargesOf(a.milestones[0]!.id)).toHaveLength(0);
    // Someone else's setup intent cannot be used to save a card.
    const setup = (await call('POST', '/api/v1/payment-methods/setup-intent', b.customer)).json();
    expect(
      (
        await call('POST', '/api/v1/payment-methods/confirm-setup', a.customer, {
          setupIntentId: setup.setupIntentId,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lets the customer accept a revised plan before any charge, and replaces the milestones', async () => {
    const { booking, customer, pro, milestones } = await planned([10_000, 5_000]);
    const url = `/api/v1/bookings/${booking.id}/milestone-plan`;
    const revised = await call('POST', url, pro, { milestones: plan(5_000, 5_000, 5_000) });
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.json().milestones.plan.milestones).toHaveLength(2);
    expect(revised.json().milestones.proposal).toMatchObject({ revision: true });
    // Declined: the plan in force stays.
    const declined = await call('POST', `${url}/decline`, customer, {
      planId: revised.json().milestones.proposal.id,
      reason: 'Two stages suit me better',
    });
    expect(declined.json().milestones.declined).toMatchObject({ declineReason: 'Two stages suit me better' });
    expect(declined.json().milestones.milestones.map((m: { id: string }) => m.id)).toEqual(
      milestones.map((m) => m.id),
    );
    const again = await call('POST', url, pro, { milestones: plan(5_000, 5_000, 5_000) });
    const accepted = await call('POST', `${url}/accept`, customer, {
      planId: again.json().milestones.proposal.id,
    });
    expect(accepted.json().milestones.milestones).toHaveLength(3);
    expect(accepted.json().milestones.plan.id).toBe(again.json().milestones.proposal.id);
  });

  it('freezes milestone money during a dispute; the resolution splits it across the held milestones', async () => {
    const { booking, customer, pro, milestones } = await planned([12_000, 8_000]);
    for (const m of milestones) expect((await charge(customer, m.id)).json().success).toBe(true);
    await call('POST', `/api/v1/milestones/${milestones[0]!.id}/done`, pro);
    const raised = await call('POST', '/api/v1/disputes', customer, {
      bookingId: booking.id,
      reason: 'Work not completed as agreed',
      description: 'The second stage was never started and the first is unfinished.',
    });
    expect(raised.statusCode, raised.body).toBe(201);
    await drainMoneyQueues(await app());
    expect(
      (await call('POST', `/api/v1/milestones/${milestones[0]!.id}/approve`, customer)).json().error.message,
    ).toBe(MILESTONE_MESSAGES.frozen);
    clock.advance(8 * DAY);
    await (await app()).queue.send(db(), 'payments.release-due', {});
    await (await app()).queue.runDue('payments.release-due');
    const held = async () =>
      Promise.all(
        milestones.map(async (m) => paymentBalance(db(), (await chargesOf(m.id))[0]!.id, 'escrow')),
      );
    expect(await held()).toEqual([12_000, 8_000]);

    // An admin's refund of a milestone's charge obeys the freeze too: only the resolution moves it.
    const admin = await sessionFor(db(), (await createAdmin(db())).id);
    const chargeId = (await chargesOf(milestones[1]!.id))[0]!.id;
    const refund = await call('POST', `/api/v1/admin/payments/${chargeId}/refund`, admin, {
      reason: 'Goodwill',
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().error).toEqual({ code: 'payment_state', message: PAYMENT_MESSAGES.frozenForAdmin });
    expect(await held()).toEqual([12_000, 8_000]);

    const resolved = await call('POST', `/api/v1/admin/disputes/${raised.json().dispute.id}/resolve`, admin, {
      resolution: 'split',
      refundPence: 15_000,
      releasePence: 5_000,
      note: 'Stage two never started.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await held()).toEqual([0, 0]);
    // The milestone refunded in full says so; the other was partly refunded and released.
    const statuses = await Promise.all(milestones.map(async (m) => (await milestoneRow(m.id)).status));
    expect(statuses.sort()).toEqual(['paid', 'refunded']);
  });

  it('the database refuses milestones that do not add up to the booking amount, at commit', async () => {
    const { booking } = await confirmedBooking(10_000);
    const row = (index: number, amount: number) => ({
      bookingId: booking.id,
      milestoneIndex: index,
      title: `Stage ${index}`,
      amount,
      platformFeeAmount: Math.floor((amount * 1500 + 5000) / 10000),
      dueDate: today(),
    });
    // Checked at commit (a deferred trigger); PGlite and node-postgres word the failure differently.
    const failure: { message?: string; cause?: { message?: string; constraint?: string } } | null = await db()
      .transaction(async (tx) => {
        await tx.insert(paymentMilestones).values([row(0, 6_000), row(1, 3_000)]);
      })
      .then(
        () => null,
        (error) => error,
      );
    expect(`${failure?.message} ${failure?.cause?.message} ${failure?.cause?.constraint}`).toMatch(
      /payment_milestones_sum_check|add up/,
    );
    await expect(
      db()
        .insert(paymentMilestones)
        .values([{ ...row(0, 10_000), platformFeeAmount: 1 }]),
    ).rejects.toThrow();
    await db().transaction(async (tx) => {
      await tx.insert(paymentMilestones).values([row(0, 6_000), row(1, 4_000)]);
    });
    await expect(
      db().update(bookings).set({ amount: 12_000 }).where(eq(bookings.id, booking.id)),
    ).rejects.toThrow();
  });
});
