import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CHANGE_MESSAGES } from '../../../domain/changes/api';
import { moreThanHeld, noMilestoneAbsorbs, CHANGE_REFUSALS as R } from '../../../domain/changes/messages';
import { PRICING_MESSAGES } from '../../../domain/marketplace/pricing';
import { MILESTONE_MESSAGES } from '../../../domain/milestones/messages';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { drainMoneyQueues, paymentBalance } from '../../../test/money';
import type { App } from '../../app';
import {
  auditLog,
  bookingChanges,
  bookings,
  ledgerTransactions,
  notifications,
  paymentMilestones,
  payments,
  photos,
  refunds,
  tradespersonProfiles,
} from '../../db/schema';
import { createAdmin, createBooking, createCustomer } from '../../seed/factories';

// Changes to a booking (variations) end to end through the HTTP API and the sandbox provider
// (DOMAIN-RULES 13): who may propose, accept, decline, withdraw and pay; each way an accepted change
// settles; the fee on release; the freeze of a dispute; and the races against release and disputes.

const DAY = 86_400_000;
const DESCRIPTION = 'Replace the rotten joist found under the kitchen floor';
const DISPUTE = 'The work was not finished as agreed and the floor is still open.';

describeOnDatabases('changes to a booking', (ctx) => {
  const db = () => ctx.database().db;
  const clock = new ManualClock(new Date());
  let built: App | undefined;
  const app = async () => {
    built ??= await ctx.app({ LOG_LEVEL: 'error' }, { clock });
    return built;
  };
  const call = async (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
    (await app()).inject({
      method,
      url,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function parties(
    status: 'confirmed' | 'completed' | 'pending' | 'cancelled' = 'confirmed',
    amount = 40_000,
  ) {
    const booking = await createBooking(db(), { status, amount });
    return {
      booking,
      customer: await sessionFor(db(), booking.customerId),
      pro: await sessionFor(db(), booking.tradespersonId),
    };
  }

  /** A completed booking paid through checkout: its money held in escrow. */
  async function heldBooking(amount = 40_000) {
    const p = await parties('completed', amount);
    const started = await call('POST', '/api/v1/payments/create-payment', p.customer, {
      bookingId: p.booking.id,
    });
    expect(started.statusCode, started.body).toBe(200);
    await payCheckout(started.json().sessionId);
    const [main] = await db().select().from(payments).where(eq(payments.bookingId, p.booking.id));
    expect(main!.status).toBe('succeeded');
    return { ...p, main: main! };
  }

  async function payCheckout(sessionId: string, cardNumber = '4242 4242 4242 4242') {
    const paid = await call('POST', `/api/v1/sandbox/checkout/${sessionId}/pay`, undefined, {
      cardNumber,
      expiry: '12 / 34',
      cvc: '123',
      name: 'Ann Smith',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await drainMoneyQueues(await app());
  }

  const propose = (bookingId: string, cookie: string, body: Record<string, unknown>) =>
    call('POST', `/api/v1/bookings/${bookingId}/changes`, cookie, { description: DESCRIPTION, ...body });
  const page = (bookingId: string, cookie: string) =>
    call('GET', `/api/v1/bookings/${bookingId}/changes`, cookie);
  const act = (changeId: string, step: 'accept' | 'decline' | 'withdraw', cookie: string, body?: unknown) =>
    call(
      'POST',
      `/api/v1/changes/${changeId}/${step}`,
      cookie,
      body ?? (step === 'decline' ? {} : undefined),
    );
  const bookingRow = async (id: string) =>
    (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const changesOf = async (bookingId: string) =>
    db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, bookingId));
  const changePayments = async (changeId: string) =>
    db().select().from(payments).where(eq(payments.changeId, changeId));

  /** Proposes and accepts a change, returning it as the acceptance answered. */
  async function agreed(bookingId: string, by: string, other: string, body: Record<string, unknown>) {
    // A moment passes between steps, as it does between people: the timeline orders them by time.
    clock.advance(60_000);
    const proposed = await propose(bookingId, by, body);
    expect(proposed.statusCode, proposed.body).toBe(200);
    const accepted = await act(proposed.json().change.id, 'accept', other);
    expect(accepted.statusCode, accepted.body).toBe(200);
    return accepted.json().change;
  }

  it('agrees a change before anything is paid: the booking amount changes and a stale checkout is cancelled', async () => {
    const { booking, customer, pro } = await parties('completed');
    const stranger = await sessionFor(db(), (await createCustomer(db())).id);
    const admin = await sessionFor(db(), (await createAdmin(db())).id);
    // The customer opened a checkout for the old amount, then the work grew.
    const started = await call('POST', '/api/v1/payments/create-payment', customer, {
      bookingId: booking.id,
    });
    expect(started.statusCode).toBe(200);

    const proposed = await propose(booking.id, pro, { direction: 'increase', amount: '120.50' });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const change = proposed.json().change;
    expect(change).toMatchObject({
      status: 'proposed',
      direction: 'increase',
      amountPence: 12_050,
      breakdown: null,
      proposedBy: { id: booking.tradespersonId, role: 'tradesperson' },
      viewer: { canAccept: false, canDecline: false, canWithdraw: true, canPay: false },
    });

    // Strangers are told nothing exists; admins read but never act; the proposer cannot answer.
    expect((await page(booking.id, stranger)).statusCode).toBe(404);
    expect((await act(change.id, 'accept', stranger)).statusCode).toBe(404);
    expect((await act(change.id, 'accept', admin)).statusCode).toBe(404);
    const adminPage = await page(booking.id, admin);
    expect(adminPage.statusCode).toBe(200);
    expect(adminPage.json()).toMatchObject({ canPropose: false, cannotProposeReason: R.notParty });
    const own = await act(change.id, 'accept', pro);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(R.onlyOther);

    // One proposal waits at a time.
    const second = await propose(booking.id, customer, { direction: 'decrease', amount: 10 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ code: 'change_state', message: R.waiting });
    const customerPage = (await page(booking.id, customer)).json();
    expect(customerPage).toMatchObject({ canPropose: false, cannotProposeReason: R.waiting });
    expect(customerPage.changes[0].viewer).toMatchObject({
      canAccept: true,
      canDecline: true,
      canWithdraw: false,
    });

    const accepted = await act(change.id, 'accept', customer);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().change).toMatchObject({
      status: 'accepted',
      settlement: 'booking_amount',
      amountBefore: 40_000,
      amountAfter: 52_050,
    });
    expect((await bookingRow(booking.id)).amount).toBe(52_050);
    const [old] = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(old!.status).toBe('cancelled');
    // The next checkout is for the new amount.
    const again = await call('POST', '/api/v1/payments/create-payment', customer, { bookingId: booking.id });
    expect(again.statusCode).toBe(200);
    const open = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'requires_payment')));
    expect(open.map((p) => p.amountPence)).toEqual([52_050]);
    expect((await act(change.id, 'decline', customer)).json().error.message).toBe(R.answered);

    const view = (await page(booking.id, pro)).json();
    expect(view.agreedAmountPence).toBe(52_050);
    expect(view.timeline.map((e: { kind: string; amountPence: number }) => [e.kind, e.amountPence])).toEqual([
      ['agreed', 40_000],
      ['change_agreed', 12_050],
    ]);

    // Each side is told of the other's step, and the audit log has both.
    await drainMoneyQueues(await app());
    const told = await db().select().from(notifications).where(eq(notifications.userId, booking.customerId));
    expect(told.map((n) => n.title)).toContainEqual(expect.stringContaining('proposed a change to'));
    const toldPro = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, booking.tradespersonId));
    expect(toldPro.map((n) => n.title)).toContainEqual(expect.stringContaining('accepted your change to'));
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, change.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['change.accepted', 'change.proposed']);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const { booking, customer, pro } = await parties('confirmed', 10_000);
    const cases: [string, Record<string, unknown>, number, string][] = [
      [customer, { direction: 'increase' }, 400, CHANGE_MESSAGES.amountOrItems],
      [
        customer,
        {
          direction: 'increase',
          amount: 10,
          lineItems: [{ kind: 'labour', description: 'Joist', quantity: 1, unitPrice: 10 }],
        },
        400,
        CHANGE_MESSAGES.amountOrItems,
      ],
      [customer, { direction: 'increase', amount: 'ten pounds' }, 400, R.amountInvalid],
      [customer, { direction: 'increase', amount: '0' }, 400, R.amountInvalid],
      [customer, { direction: 'increase', amount: '1000000.01' }, 400, R.amountTooLarge],
      [customer, { direction: 'sideways', amount: 10 }, 400, CHANGE_MESSAGES.direction],
      [
        customer,
        { direction: 'increase', amount: 10, description: 'short' },
        400,
        CHANGE_MESSAGES.descriptionShort,
      ],
      [customer, { direction: 'decrease', amount: '100' }, 409, R.toZero],
      [
        customer,
        {
          direction: 'increase',
          lineItems: [
            { kind: 'labour', description: 'Joist', quantity: 1, unitPrice: 10, vatRate: 'standard' },
          ],
        },
        400,
        R.customerVat,
      ],
      [
        pro,
        {
          direction: 'increase',
          lineItems: [
            { kind: 'labour', description: 'Joist', quantity: 1, unitPrice: 10, vatRate: 'standard' },
          ],
        },
        400,
        PRICING_MESSAGES.vatNotRegistered,
      ],
      [
        pro,
        { direction: 'increase', amount: 10, photos: [{ id: '00000000-0000-4000-8000-000000000000' }] },
        400,
        'Photo not found',
      ],
    ];
    for (const [cookie, body, status, message] of cases) {
      const res = await propose(booking.id, cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (message !== 'Photo not found') expect(res.json().error.message).toBe(message);
    }
    expect(await changesOf(booking.id)).toHaveLength(0);
    expect((await bookingRow(booking.id)).amount).toBe(10_000);
  });

  it('prices an itemised change with VAT for a VAT-registered tradesperson, and attaches its photos', async () => {
    const { booking, customer, pro } = await parties('confirmed', 10_000);
    await db()
      .update(tradespersonProfiles)
      .set({ vatNumber: 'GB123456789' })
      .where(eq(tradespersonProfiles.userId, booking.tradespersonId));
    const [photo] = await db()
      .insert(photos)
      .values({
        ownerId: booking.tradespersonId,
        displayKey: 'photos/joist.webp',
        thumbKey: 'photos/joist-thumb.webp',
        width: 1600,
        height: 1200,
        thumbWidth: 400,
        thumbHeight: 300,
        bytes: 1234,
      })
      .returning();
    const res = await propose(booking.id, pro, {
      direction: 'increase',
      lineItems: [
        {
          kind: 'labour',
          description: 'Fit a new joist',
          quantity: '2.5',
          unitPrice: '45',
          vatRate: 'standard',
        },
        {
          kind: 'materials',
          description: 'Treated timber',
          quantity: 3,
          unitPrice: '12.33',
          vatRate: 'standard',
        },
      ],
      photos: [{ id: photo!.id, caption: 'The rotten joist' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const change = res.json().change;
    // 2.5 × £45 = £112.50; 3 × £12.33 = £36.99; VAT 20% of £149.49 = £29.898 → £29.90.
    expect(change.breakdown).toMatchObject({ subtotalPence: 14_949, vatPence: 2_990, totalPence: 17_939 });
    expect(change.amountPence).toBe(17_939);
    expect(change.photos).toMatchObject([{ id: photo!.id, caption: 'The rotten joist' }]);
    // The customer sees the same photos; the decline keeps the price and tells the proposer why.
    expect((await page(booking.id, customer)).json().changes[0].photos).toHaveLength(1);
    const declined = await act(change.id, 'decline', customer, {
      reason: 'Too dear, I will get another quote',
    });
    expect(declined.json().change).toMatchObject({
      status: 'declined',
      declineReason: 'Too dear, I will get another quote',
    });
    expect((await bookingRow(booking.id)).amount).toBe(10_000);
  });

  it('lets only the proposer withdraw a waiting change', async () => {
    const { booking, customer, pro } = await parties();
    const change = (await propose(booking.id, customer, { direction: 'decrease', amount: 50 })).json().change;
    const notYours = await act(change.id, 'withdraw', pro);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().error.message).toBe(R.onlyProposer);
    expect((await act(change.id, 'withdraw', customer)).json().change.status).toBe('withdrawn');
    expect((await act(change.id, 'accept', pro)).json().error.message).toBe(R.answered);
    expect((await propose(booking.id, pro, { direction: 'increase', amount: 50 })).statusCode).toBe(200);
  });

  it('refuses changes on a booking not confirmed, and on one a dispute freezes', async () => {
    for (const status of ['pending', 'cancelled'] as const) {
      const { booking, customer } = await parties(status);
      const res = await propose(booking.id, customer, { direction: 'increase', amount: 10 });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(R.notConfirmed);
    }
    const { booking, customer, pro } = await parties();
    const waiting = (await propose(booking.id, pro, { direction: 'increase', amount: 10 })).json().change;
    const raised = await call('POST', '/api/v1/disputes', customer, {
      bookingId: booking.id,
      reason: 'Other',
      description: DISPUTE,
    });
    expect(raised.statusCode, raised.body).toBe(201);
    const frozen = await act(waiting.id, 'accept', customer);
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().error.message).toBe(R.frozen);
    expect((await page(booking.id, customer)).json()).toMatchObject({
      canPropose: false,
      cannotProposeReason: R.frozen,
    });
    // Declining moves no money, so the freeze does not stop it.
    expect((await act(waiting.id, 'decline', customer)).statusCode).toBe(200);
    expect((await propose(booking.id, pro, { direction: 'increase', amount: 10 })).json().error.message).toBe(
      R.frozen,
    );
  });

  it('pays an accepted increase by checkout, holds it, refunds a decrease and releases both with the fee on what is kept', async () => {
    const { booking, customer, pro, main } = await heldBooking(40_000);
    const up = await agreed(booking.id, pro, customer, { direction: 'increase', amount: 100 });
    expect(up).toMatchObject({ settlement: 'payment', amountAfter: 50_000, viewer: { canPay: true } });
    expect((await call('POST', `/api/v1/changes/${up.id}/pay`, pro, { method: 'checkout' })).statusCode).toBe(
      403,
    );

    const checkout = await call('POST', `/api/v1/changes/${up.id}/pay`, customer, { method: 'checkout' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json().checkoutUrl).toContain('/sandbox/checkout/');
    const [pending] = await changePayments(up.id);
    expect(pending).toMatchObject({ status: 'requires_payment', amountPence: 10_000, feePence: 1_500 });
    // A second press opens the same checkout.
    const again = await call('POST', `/api/v1/changes/${up.id}/pay`, customer, { method: 'checkout' });
    expect(again.json().checkoutUrl).toBe(checkout.json().checkoutUrl);
    clock.advance(60_000);
    await payCheckout(pending!.checkoutSessionId!);
    const [paid] = await changePayments(up.id);
    expect(paid!.status).toBe('succeeded');
    expect(paid!.heldUntil!.getTime()).toBe(paid!.paidAt!.getTime() + 7 * DAY);
    expect(await paymentBalance(db(), paid!.id, 'escrow')).toBe(10_000);
    // The booking stays paid once: the change's payment is not taken for a duplicate.
    expect((await db().select().from(refunds)).filter((r) => r.paymentId === paid!.id)).toHaveLength(0);
    // The return page's verification and a replayed webhook book nothing twice.
    await call('POST', '/api/v1/payments/verify-payment', customer, {
      sessionId: pending!.checkoutSessionId,
    });
    const charges = await db()
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.paymentId, paid!.id), eq(ledgerTransactions.kind, 'charge')));
    expect(charges).toHaveLength(1);
    const repaid = await call('POST', `/api/v1/changes/${up.id}/pay`, customer, { method: 'checkout' });
    expect(repaid.json().error.message).toBe(R.alreadyPaid);
    await drainMoneyQueues(await app());
    const toldPro = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, booking.tradespersonId));
    expect(toldPro.map((n) => n.title)).toContainEqual(expect.stringContaining('paid the change to'));

    // A decrease may refund no more than the booking's payment still holds.
    const tooMuch = await propose(booking.id, pro, { direction: 'decrease', amount: '400.01' });
    expect(tooMuch.json().error.message).toBe(moreThanHeld(40_000));
    const down = await agreed(booking.id, pro, customer, { direction: 'decrease', amount: 50 });
    expect(down).toMatchObject({ settlement: 'refund', amountBefore: 50_000, amountAfter: 45_000 });
    const [refund] = await db().select().from(refunds).where(eq(refunds.changeId, down.id));
    expect(refund).toMatchObject({ paymentId: main.id, amountPence: 5_000 });
    expect(await paymentBalance(db(), main.id, 'escrow')).toBe(35_000);

    // The customer's release of the booking's payment releases the change's too; 15% of each release.
    clock.advance(60_000);
    const released = await call('POST', `/api/v1/payments/${main.id}/release`, customer);
    expect(released.statusCode, released.body).toBe(200);
    expect(await paymentBalance(db(), main.id, 'platform_fees')).toBe(5_250);
    expect(await paymentBalance(db(), paid!.id, 'platform_fees')).toBe(1_500);
    expect(await paymentBalance(db(), paid!.id, 'escrow')).toBe(0);
    expect(await paymentBalance(db(), main.id, 'escrow')).toBe(0);
    const after = await propose(booking.id, pro, { direction: 'increase', amount: 10 });
    expect(after.json().error.message).toBe(R.released);

    const timeline = (await page(booking.id, customer)).json().timeline;
    const steps = timeline.map((e: { kind: string; amountPence: number }) => [e.kind, e.amountPence]);
    expect(steps.slice(0, 6)).toEqual([
      ['agreed', 40_000],
      ['charge', 40_000],
      ['change_agreed', 10_000],
      ['charge', 10_000],
      ['change_agreed', 5_000],
      ['refund', 5_000],
    ]);
    // Both payments were released at the same moment, in one transaction.
    expect(steps.slice(6)).toEqual(
      expect.arrayContaining([
        ['release', 35_000],
        ['release', 10_000],
      ]),
    );
    expect(steps).toHaveLength(8);
  });

  it('releases a paid change on its own protection window when the schedule runs', async () => {
    const { booking, customer, pro } = await heldBooking(20_000);
    const up = await agreed(booking.id, customer, pro, { direction: 'increase', amount: 30 });
    const checkout = await call('POST', `/api/v1/changes/${up.id}/pay`, customer, { method: 'checkout' });
    expect(checkout.statusCode).toBe(200);
    const [pending] = await changePayments(up.id);
    await payCheckout(pending!.checkoutSessionId!);
    clock.advance(8 * DAY);
    await (await app()).queue.send(db(), 'payments.release-due', {});
    await (await app()).queue.runDue('payments.release-due');
    const [paid] = await changePayments(up.id);
    expect(paid!.releasedAt).not.toBeNull();
    expect(await paymentBalance(db(), paid!.id, 'platform_fees')).toBe(450);
  });

  it('pays an accepted increase from a saved card, with and without the bank asking for authentication', async () => {
    const { booking, customer, pro } = await heldBooking(20_000);
    const saved = await saveCard(customer, '4242 4242 4242 4242');
    const up = await agreed(booking.id, pro, customer, { direction: 'increase', amount: 25 });
    // The customer opened the checkout first, then chose the saved card: the page is expired first.
    expect(
      (await call('POST', `/api/v1/changes/${up.id}/pay`, customer, { method: 'checkout' })).statusCode,
    ).toBe(200);
    const [given] = await changePayments(up.id);
    const paid = await call('POST', `/api/v1/changes/${up.id}/pay`, customer, {
      method: 'card',
      paymentMethodId: saved[0]!.id,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      checkoutUrl: null,
      nextAction: null,
      change: { payment: { status: 'succeeded' } },
    });
    const [row, ...others] = (await changePayments(up.id)).sort((a) => (a.status === 'succeeded' ? -1 : 1));
    // The payment opened when the change was accepted gave way to the card's.
    expect(others.map((p) => p.status)).toEqual(['cancelled']);
    expect(row!.heldUntil).not.toBeNull();
    expect(await paymentBalance(db(), row!.id, 'escrow')).toBe(2_500);
    await call('POST', `/api/v1/sandbox/checkout/${given!.checkoutSessionId}/pay`, undefined, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      name: 'Ann Smith',
    });
    await drainMoneyQueues(await app());
    expect((await changePayments(up.id)).map((p) => p.status).sort()).toEqual(['cancelled', 'succeeded']);

    // The next one with a card whose bank asks every time: the answer names the challenge, the webhook books it.
    const asking = (await saveCard(customer, '4000 0027 6000 3184')).find((c) => c.last4 === '3184')!;
    const second = await agreed(booking.id, pro, customer, { direction: 'increase', amount: 15 });
    const asked = await call('POST', `/api/v1/changes/${second.id}/pay`, customer, {
      method: 'card',
      paymentMethodId: asking.id,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().nextAction).toEqual({
      clientSecret: expect.any(String),
      actionUrl: expect.stringMatching(/\/sandbox\/authenticate\/pi_test_/),
    });
    const waiting = (await changePayments(second.id)).find((p) => p.status !== 'cancelled');
    expect(waiting!.status).toBe('requires_action');
    await call('POST', `/api/v1/sandbox/intents/${waiting!.providerPaymentId}/challenge`, undefined, {
      result: 'complete',
    });
    await drainMoneyQueues(await app());
    const done = (await changePayments(second.id)).find((p) => p.status !== 'cancelled');
    expect(done!.status).toBe('succeeded');
    expect(await paymentBalance(db(), done!.id, 'escrow')).toBe(1_500);
    // Pressing pay again after the bank's answer changes nothing.
    const again = await call('POST', `/api/v1/changes/${second.id}/pay`, customer, {
      method: 'card',
      paymentMethodId: asking.id,
    });
    expect(again.json().error.message).toBe(R.alreadyPaid);
  });

  it('adds an increase to a milestone plan, and takes a decrease off an unpaid milestone', async () => {
    const { booking, customer, pro } = await parties('confirmed', 30_000);
    const inDays = (n: number) => new Date(clock.now().getTime() + n * DAY).toISOString().slice(0, 10);
    const plan = await call('POST', `/api/v1/bookings/${booking.id}/milestone-plan`, pro, {
      milestones: [
        { title: 'First fix', amountPence: 20_000, dueDate: inDays(7) },
        { title: 'Second fix', amountPence: 10_000, dueDate: inDays(14) },
      ],
    });
    expect(plan.statusCode, plan.body).toBe(200);
    const planId = plan.json().milestones.proposal.id;
    expect(
      (await call('POST', `/api/v1/bookings/${booking.id}/milestone-plan/accept`, customer, { planId }))
        .statusCode,
    ).toBe(200);

    const up = await agreed(booking.id, pro, customer, { direction: 'increase', amount: 80 });
    expect(up).toMatchObject({ settlement: 'milestone_added', amountAfter: 38_000 });
    const down = await agreed(booking.id, customer, pro, { direction: 'decrease', amount: 95 });
    expect(down).toMatchObject({ settlement: 'milestone_adjusted', amountAfter: 28_500 });
    const milestones = await db()
      .select()
      .from(paymentMilestones)
      .where(eq(paymentMilestones.bookingId, booking.id))
      .orderBy(paymentMilestones.milestoneIndex);
    // The last unpaid milestone large enough to stay above £0 takes the decrease (the new one, £80, cannot).
    expect(milestones.map((m) => [m.amount, m.platformFeeAmount, m.changeId])).toEqual([
      [20_000, 3_000, null],
      [500, 75, down.id],
      [8_000, 1_200, up.id],
    ]);
    expect((await bookingRow(booking.id)).amount).toBe(28_500);
    const tooBig = await propose(booking.id, customer, { direction: 'decrease', amount: 200 });
    expect(tooBig.json().error.message).toBe(noMilestoneAbsorbs(20_000));
  });

  it('refuses a milestone plan proposed before a change moved the amount it must add up to', async () => {
    const { booking, customer, pro } = await parties('confirmed', 30_000);
    const inDays = (n: number) => new Date(clock.now().getTime() + n * DAY).toISOString().slice(0, 10);
    const plan = await call('POST', `/api/v1/bookings/${booking.id}/milestone-plan`, pro, {
      milestones: [
        { title: 'First fix', amountPence: 20_000, dueDate: inDays(7) },
        { title: 'Second fix', amountPence: 10_000, dueDate: inDays(14) },
      ],
    });
    await agreed(booking.id, customer, pro, { direction: 'decrease', amount: 50 });
    const stale = await call('POST', `/api/v1/bookings/${booking.id}/milestone-plan/accept`, customer, {
      planId: plan.json().milestones.proposal.id,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(MILESTONE_MESSAGES.amountChanged);
  });

  /** Saves a test card as the Payment Methods page does. */
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
    return confirmed.json().paymentMethods as { id: string; last4: string }[];
  }

  it('sends the decrease money one way only when accepting it races the release', async () => {
    const rounds = ctx.kind === 'postgres' ? 20 : 2;
    for (let round = 0; round < rounds; round++) {
      const { booking, customer, pro, main } = await heldBooking(30_000);
      const change = (await propose(booking.id, pro, { direction: 'decrease', amount: 100 })).json().change;
      const [accept, release] = await Promise.all([
        act(change.id, 'accept', customer),
        call('POST', `/api/v1/payments/${main.id}/release`, customer),
      ]);
      expect([accept.statusCode, release.statusCode]).not.toContain(500);
      const refunded = await paymentBalance(db(), main.id, 'refunds');
      const fees = await paymentBalance(db(), main.id, 'platform_fees');
      expect(await paymentBalance(db(), main.id, 'escrow')).toBe(0);
      if (accept.statusCode === 200) {
        // Accepted first: £100 went back to the customer, the rest was released and only it was fee'd.
        expect(refunded).toBe(10_000);
        expect(fees).toBe(3_000);
      } else {
        // Released first: all of it went to the tradesperson, and the change was refused clearly.
        expect(accept.statusCode).toBe(409);
        expect(accept.json().error.message).toBe(R.released);
        expect(refunded).toBe(0);
        expect(fees).toBe(4_500);
        expect((await changesOf(booking.id))[0]!.status).toBe('proposed');
      }
      expect(release.statusCode).toBe(200);
    }
  });

  it('never lets a change be proposed after a dispute raised at the same moment has frozen the booking', async () => {
    const rounds = ctx.kind === 'postgres' ? 10 : 2;
    for (let round = 0; round < rounds; round++) {
      const { booking, customer, pro } = await parties();
      const [proposed, raised] = await Promise.all([
        propose(booking.id, pro, { direction: 'increase', amount: 10 }),
        call('POST', '/api/v1/disputes', customer, {
          bookingId: booking.id,
          reason: 'Other',
          description: DISPUTE,
        }),
      ]);
      expect(raised.statusCode, raised.body).toBe(201);
      if (proposed.statusCode !== 200) {
        expect(proposed.statusCode).toBe(409);
        expect(proposed.json().error.message).toBe(R.frozen);
        expect(await changesOf(booking.id)).toHaveLength(0);
      }
      // Either way it cannot be agreed while the dispute stands.
      const [change] = await changesOf(booking.id);
      if (change) expect((await act(change.id, 'accept', customer)).json().error.message).toBe(R.frozen);
    }
  });

  it('keeps one proposal per booking when two are sent at once', async () => {
    const rounds = ctx.kind === 'postgres' ? 10 : 2;
    for (let round = 0; round < rounds; round++) {
      const { booking, customer, pro } = await parties();
      const answers = await Promise.all([
        propose(booking.id, pro, { direction: 'increase', amount: 10 }),
        propose(booking.id, customer, { direction: 'decrease', amount: 10 }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().error.message).toBe(R.waiting);
      expect(await changesOf(booking.id)).toHaveLength(1);
    }
  });
});
