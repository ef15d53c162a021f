import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it, vi } from 'vitest';
import { DISPUTE_MESSAGES } from '../../../domain/disputes/messages';
import { PAYMENT_MESSAGES } from '../../../domain/payments/messages';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { drainMoneyQueues, paymentBalance } from '../../../test/money';
import { image, jpegWithExif, multipart } from '../../../test/uploads';
import { ProviderError } from '../../adapters/payments/gateway';
import { SandboxGateway } from '../../adapters/payments/sandbox/sandbox-gateway';
import type { App } from '../../app';
import {
  auditLog,
  bookings,
  disputes,
  emailOutbox,
  ledgerEntries,
  ledgerTransactions,
  notifications,
  payments,
  refunds,
} from '../../db/schema';
import { createAdmin, createBooking, createCustomer } from '../../seed/factories';

// Issue 16 and DOMAIN-RULES 6 and 9 end to end: raising a dispute freezes what a booking holds (the
// release job skips it, on a test clock), send-dispute-email tells support and the other party, who has
// 7 days to respond before the dispute goes to review by itself; both sides add evidence and write in
// the thread; an admin resolves with a release, a refund or a split whose parts add up to what is
// held, posted through the payments module's ledger once even when two admins press at once.

const DAY = 86_400_000;
const DESCRIPTION = 'The shower still leaks behind the tiles after the repair.';

describeOnDatabases('disputes', (ctx) => {
  const db = () => ctx.database().db;
  const clock = new ManualClock(new Date());
  let built: App | undefined;
  const app = async () => {
    // Every request comes from one address: the race rounds below send hundreds within a minute.
    built ??= await ctx.app({ RATE_LIMIT_MAX: '100000' }, { clock });
    return built;
  };

  const call = async (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
    (await app()).inject({
      method,
      url,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  /** A completed booking paid through the sandbox as the web pays it: its money is held in escrow. */
  async function heldBooking(amount = 20_000) {
    const a = await app();
    const booking = await createBooking(db(), { status: 'completed', amount });
    const customer = await sessionFor(db(), booking.customerId);
    const pro = await sessionFor(db(), booking.tradespersonId);
    const started = await call('POST', '/api/v1/payments/create-payment', customer, {
      bookingId: booking.id,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { sessionId } = started.json();
    const paid = await a.inject({
      method: 'POST',
      url: `/api/v1/sandbox/checkout/${sessionId}/pay`,
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ann Smith' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const verified = await call('POST', '/api/v1/payments/verify-payment', customer, { sessionId });
    expect(verified.statusCode, verified.body).toBe(200);
    await drainMoneyQueues(a);
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ status: 'succeeded', releasedAt: null });
    return { booking, customer, pro, payment: payment! };
  }

  const raise = (cookie: string | undefined, body: Record<string, unknown>) =>
    call('POST', '/api/v1/disputes', cookie, body);
  const bookingRow = async (id: string) =>
    (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const disputeRow = async (id: string) =>
    (await db().select().from(disputes).where(eq(disputes.id, id)))[0]!;
  const adminCookie = async () => sessionFor(db(), (await createAdmin(db())).id);

  it("refuses bad input with the spec's words and changes nothing", async () => {
    const { booking, customer } = await heldBooking();
    const stranger = await sessionFor(db(), (await createCustomer(db())).id);
    const cases: [string | undefined, Record<string, unknown>, number, string][] = [
      [
        undefined,
        { bookingId: booking.id, reason: 'Other', description: DESCRIPTION },
        401,
        DISPUTE_MESSAGES.signInRequired,
      ],
      [
        customer,
        { bookingId: booking.id, reason: '', description: DESCRIPTION },
        400,
        DISPUTE_MESSAGES.reasonRequired,
      ],
      [customer, { bookingId: booking.id, description: DESCRIPTION }, 400, DISPUTE_MESSAGES.reasonRequired],
      [
        customer,
        { bookingId: booking.id, reason: 'Other', description: '  too short  ' },
        400,
        DISPUTE_MESSAGES.descriptionTooShort,
      ],
      [
        customer,
        { bookingId: booking.id, reason: 'Other', description: 'x'.repeat(1001) },
        400,
        DISPUTE_MESSAGES.descriptionTooLong,
      ],
      // A tradesperson's reason is not a customer's.
      [
        customer,
        { bookingId: booking.id, reason: 'Payment issue', description: DESCRIPTION },
        400,
        DISPUTE_MESSAGES.reasonNotYours,
      ],
      [
        stranger,
        { bookingId: booking.id, reason: 'Other', description: DESCRIPTION },
        404,
        DISPUTE_MESSAGES.bookingNotFound,
      ],
    ];
    for (const [cookie, body, status, message] of cases) {
      const res = await raise(cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.json().error)).toContain(message);
    }
    expect(await db().select().from(disputes).where(eq(disputes.bookingId, booking.id))).toEqual([]);
    expect((await bookingRow(booking.id)).status).toBe('completed');
  });

  it('freezes held money: the release job and early release both leave it until the dispute is resolved', async () => {
    const { booking, customer, pro, payment } = await heldBooking();
    const res = await raise(customer, {
      bookingId: booking.id,
      reason: 'Poor quality of work',
      description: `  ${DESCRIPTION}  `,
    });
    expect(res.statusCode, res.body).toBe(201);
    const dispute = res.json().dispute;
    expect(dispute).toMatchObject({
      // send-dispute-email may already have run by the time the answer is read.
      status: expect.stringMatching(/^(open|awaiting_response)$/),
      reason: 'Poor quality of work',
      description: DESCRIPTION,
      heldPence: 20_000,
      viewerRole: 'customer',
      canRespond: false,
      canAdd: true,
      raisedBy: { id: booking.customerId, role: 'customer' },
      respondent: { id: booking.tradespersonId, role: 'tradesperson' },
    });
    expect((await bookingRow(booking.id)).status).toBe('disputed');
    await drainMoneyQueues(await app());
    const mine = (await call('GET', '/api/v1/bookings/mine', pro)).json().bookings[0];
    expect(mine.dispute).toEqual({ id: dispute.id, status: 'awaiting_response', canRaise: false });
    expect(mine.money).toMatchObject({ state: 'held', frozen: true });

    // A second dispute on the booking, by either side: 409.
    const again = await raise(pro, {
      bookingId: booking.id,
      reason: 'Payment issue',
      description: DESCRIPTION,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'dispute_open', message: DISPUTE_MESSAGES.alreadyOpen });

    // Past the 7-day protection window the release job runs and skips it; early release is refused.
    clock.advance(8 * DAY);
    const a = await app();
    await a.queue.send(db(), 'payments.release-due', {});
    await a.queue.runDue('payments.release-due');
    const early = await call('POST', `/api/v1/payments/${payment.id}/release`, customer);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(PAYMENT_MESSAGES.frozen);
    const [after] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ releasedAt: null, releasedPence: 0 });
    expect(await paymentBalance(db(), payment.id, 'escrow')).toBe(20_000);
  });

  it('emails support and the other party, starts their 7 days, and goes to review when they pass', async () => {
    const { booking, customer, pro } = await heldBooking();
    const raisedAt = clock.now();
    const { dispute } = (
      await raise(pro, {
        bookingId: booking.id,
        reason: 'Customer not cooperative',
        description: DESCRIPTION,
      })
    ).json();
    await drainMoneyQueues(await app());

    const row = await disputeRow(dispute.id);
    expect(row).toMatchObject({ status: 'awaiting_response' });
    expect(row.responseDueAt!.getTime()).toBe(raisedAt.getTime() + 7 * DAY);
    const mail = await db()
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.dedupeKey} like ${`dispute:${dispute.id}:%`}`);
    expect(mail.map((m) => m.dedupeKey).sort()).toEqual([
      `dispute:${dispute.id}:respondent`,
      `dispute:${dispute.id}:support`,
    ]);
    const support = mail.find((m) => m.dedupeKey!.endsWith('support'))!;
    expect(support.toAddress).toBe('support@tradenest.local');
    expect(support.textBody).toContain(booking.id);
    expect(support.textBody).toContain('Customer not cooperative');
    expect(support.textBody).toContain(DESCRIPTION);
    // Both parties are told in-app, the raiser included (their own record that it was received).
    for (const userId of [booking.customerId, booking.tradespersonId]) {
      const kinds = (await db().select().from(notifications).where(eq(notifications.userId, userId))).map(
        (n) => n.kind,
      );
      expect(kinds).toContain('dispute.raised');
    }
    // Running the email job again sends nothing twice.
    await (await app()).queue.send(db(), 'disputes.send-email', { disputeId: dispute.id });
    await drainMoneyQueues(await app());
    expect(
      await db()
        .select()
        .from(emailOutbox)
        .where(sql`${emailOutbox.dedupeKey} like ${`dispute:${dispute.id}:%`}`),
    ).toHaveLength(2);

    const seen = (await call('GET', `/api/v1/disputes/${dispute.id}`, customer)).json().dispute;
    expect(seen).toMatchObject({ status: 'awaiting_response', canRespond: true, viewerRole: 'customer' });

    // One minute before the deadline nothing moves; one minute after, the job sends it to review.
    const a = await app();
    clock.advance(7 * DAY - 60_000);
    await a.queue.send(db(), 'disputes.deadline', {});
    await a.queue.runDue('disputes.deadline');
    expect((await disputeRow(dispute.id)).status).toBe('awaiting_response');
    clock.advance(120_000);
    await a.queue.send(db(), 'disputes.deadline', {});
    await a.queue.runDue('disputes.deadline');
    expect(await disputeRow(dispute.id)).toMatchObject({ status: 'under_review', respondedAt: null });
    const late = await call('POST', `/api/v1/disputes/${dispute.id}/response`, customer, {
      response: 'I was away and only saw this today, sorry.',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(DISPUTE_MESSAGES.responseClosed);
    await drainMoneyQueues(a);
    const told = (
      await db().select().from(notifications).where(eq(notifications.userId, booking.customerId))
    ).map((n) => n.kind);
    expect(told).toContain('dispute.deadline_passed');
  });

  it('takes the respondent’s answer, evidence and messages from the parties and admins only', async () => {
    const { booking, customer, pro } = await heldBooking();
    const admin = await adminCookie();
    const stranger = await sessionFor(db(), (await createCustomer(db())).id);
    const { dispute } = (
      await raise(customer, {
        bookingId: booking.id,
        reason: 'Poor quality of work',
        description: DESCRIPTION,
      })
    ).json();

    expect((await call('GET', `/api/v1/disputes/${dispute.id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/disputes/${dispute.id}`, admin)).json().dispute.viewerRole).toBe(
      'admin',
    );
    const own = await call('POST', `/api/v1/disputes/${dispute.id}/response`, customer, {
      response: 'x'.repeat(30),
    });
    expect(own.statusCode).toBe(403);
    const short = await call('POST', `/api/v1/disputes/${dispute.id}/response`, pro, { response: 'No.' });
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain(DISPUTE_MESSAGES.responseTooShort);

    const answered = await call('POST', `/api/v1/disputes/${dispute.id}/response`, pro, {
      response: 'The leak is from a cracked tile the customer chose to keep.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().dispute).toMatchObject({ status: 'under_review', canRespond: false });

    expect(
      (await call('POST', `/api/v1/disputes/${dispute.id}/messages`, stranger, { body: 'Hello' })).statusCode,
    ).toBe(404);
    await call('POST', `/api/v1/disputes/${dispute.id}/messages`, admin, {
      body: 'Please send photos of the tiles.',
    });
    const text = await call('POST', `/api/v1/disputes/${dispute.id}/evidence`, customer, {
      text: 'Invoice 118 lists new tiles.',
    });
    expect(text.statusCode, text.body).toBe(201);
    clock.advance(1_000);

    // A phone photo: stored re-encoded as WebP, upright, within 1600 px, without its EXIF data.
    const form = await multipart(
      { caption: 'Behind the tiles' },
      { name: 'leak.jpg', type: 'image/jpeg', bytes: await jpegWithExif() },
    );
    const photo = await (await app()).inject({
      method: 'POST',
      url: `/api/v1/disputes/${dispute.id}/evidence/photos`,
      headers: { ...form.headers, cookie: pro },
      payload: form.payload,
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const detail = photo.json().dispute;
    expect(detail.messages).toEqual([
      expect.objectContaining({
        body: 'Please send photos of the tiles.',
        author: expect.objectContaining({ role: 'admin', name: 'TradeNest support' }),
      }),
    ]);
    expect(detail.evidence.map((e: { kind: string; text: string }) => [e.kind, e.text])).toEqual([
      ['text', 'Invoice 118 lists new tiles.'],
      ['photo', 'Behind the tiles'],
    ]);
    const shown = detail.evidence[1];
    expect(shown).toMatchObject({ width: 640, height: 480 });
    const bytes = await call('GET', shown.photoUrl, customer);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/webp');
    const meta = await sharp(bytes.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(meta.exif).toBeUndefined();
    expect((await call('GET', shown.photoUrl, stranger)).statusCode).toBe(404);

    // Not a picture: refused with its message, nothing stored.
    const bad = await multipart(
      {},
      { name: 'notes.png', type: 'image/png', bytes: Buffer.from('not an image at all') },
    );
    const refused = await (await app()).inject({
      method: 'POST',
      url: `/api/v1/disputes/${dispute.id}/evidence/photos`,
      headers: { ...bad.headers, cookie: customer },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(DISPUTE_MESSAGES.photoType);
    clock.advance(1_000);
    const big = await image('png', { width: 4000, height: 1000 });
    const wide = await multipart({}, { name: 'wide.png', type: 'image/png', bytes: big });
    const stored = await (await app()).inject({
      method: 'POST',
      url: `/api/v1/disputes/${dispute.id}/evidence/photos`,
      headers: { ...wide.headers, cookie: customer },
      payload: wide.payload,
    });
    expect(stored.json().dispute.evidence[2]).toMatchObject({ width: 1600, height: 400 });

    await drainMoneyQueues(await app());
    const proKinds = (
      await db().select().from(notifications).where(eq(notifications.userId, booking.tradespersonId))
    ).map((n) => n.kind);
    expect(proKinds).toEqual(
      expect.arrayContaining(['dispute.raised', 'dispute.message_posted', 'dispute.evidence_added']),
    );
  });

  it('resolves with a split that adds up to what is held, through the ledger, once', async () => {
    const { booking, customer, pro, payment } = await heldBooking(20_000);
    const admin = await adminCookie();
    const { dispute } = (
      await raise(customer, {
        bookingId: booking.id,
        reason: 'Work not completed as agreed',
        description: DESCRIPTION,
      })
    ).json();
    await drainMoneyQueues(await app());
    const resolve = (body: Record<string, unknown>, cookie = admin) =>
      call('POST', `/api/v1/admin/disputes/${dispute.id}/resolve`, cookie, body);

    const queue = (await call('GET', '/api/v1/admin/disputes', admin)).json().disputes;
    expect(queue.find((d: { id: string }) => d.id === dispute.id)).toMatchObject({
      heldPence: 20_000,
      bookingAmountPence: 20_000,
    });
    // The case file reads the payments and the money timeline in one statement (bookingMoneyCase).
    const caseFile = (await call('GET', `/api/v1/admin/disputes/${dispute.id}`, admin)).json().dispute;
    expect(caseFile.payments).toEqual([
      {
        id: payment.id,
        status: 'succeeded',
        amountPence: 20_000,
        refundedPence: 0,
        releasedPence: 0,
        heldPence: 20_000,
        paidAt: payment.paidAt!.toISOString(),
      },
    ]);
    expect(caseFile.moneyTimeline.map((e: { kind: string }) => e.kind)).toContain('paid');

    const refusals: [Record<string, unknown>, string][] = [
      [
        { resolution: 'split', refundPence: 5_000, releasePence: 14_999, note: 'Half done.' },
        DISPUTE_MESSAGES.splitMustAddUp,
      ],
      [
        { resolution: 'split', refundPence: 0, releasePence: 20_000, note: 'Half done.' },
        DISPUTE_MESSAGES.splitNeedsBoth,
      ],
      [{ resolution: 'no_money_held', note: 'Nothing to move.' }, DISPUTE_MESSAGES.moneyHeld],
      [
        { resolution: 'split', refundPence: 5_000, releasePence: 15_000, note: '' },
        DISPUTE_MESSAGES.noteRequired,
      ],
    ];
    for (const [body, message] of refusals) {
      const res = await resolve(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().error)).toContain(message);
    }
    expect(
      (await resolve({ resolution: 'refund_customer', note: 'Not mine to decide.' }, customer)).statusCode,
    ).toBe(404);
    const untouched = await disputeRow(dispute.id);
    expect(untouched.resolution).toBeNull();
    expect(untouched.status).not.toBe('resolved');

    const done = await resolve({
      resolution: 'split',
      refundPence: 6_000,
      releasePence: 14_000,
      note: 'About two thirds was done.',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().dispute).toMatchObject({
      status: 'resolved',
      resolution: 'split',
      refundPence: 6_000,
      releasePence: 14_000,
      heldPence: 0,
      resolutionNote: 'About two thirds was done.',
      canAdd: false,
      resolvedBy: { id: expect.any(String), name: expect.any(String) },
    });
    await drainMoneyQueues(await app());

    // The ledger: 60.00 back to the customer, 140.00 released with its 15% fee, nothing left in escrow.
    expect(await paymentBalance(db(), payment.id, 'escrow')).toBe(0);
    expect(await paymentBalance(db(), payment.id, 'platform_fees')).toBe(2_100);
    const [settled] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(settled).toMatchObject({ refundedPence: 6_000, releasedPence: 14_000 });
    const closedFile = (await call('GET', `/api/v1/admin/disputes/${dispute.id}`, admin)).json().dispute;
    expect(closedFile.payments).toEqual([
      expect.objectContaining({ id: payment.id, refundedPence: 6_000, releasedPence: 14_000, heldPence: 0 }),
    ]);
    expect(closedFile.moneyTimeline.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['paid', 'refunded', 'released']),
    );
    const [refund] = await db().select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(refund).toMatchObject({ amountPence: 6_000, status: 'succeeded' });
    const sums = await db()
      .select({ total: sql<string>`sum(${ledgerEntries.amountPence})` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.transactionId);
    expect(sums.every((s) => Number(s.total) === 0)).toBe(true);

    // The booking is back where the work was, the decision audited with before and after.
    expect((await bookingRow(booking.id)).status).toBe('completed');
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, dispute.id), eq(auditLog.action, 'dispute.resolved')));
    expect(audit!.details).toMatchObject({
      before: { status: 'awaiting_response', bookingStatus: 'disputed', heldPence: 20_000 },
      after: { status: 'resolved', bookingStatus: 'completed', refundPence: 6_000, releasePence: 14_000 },
      note: 'About two thirds was done.',
    });
    // Written once, with the states: the dispatcher does not add a second row for the event.
    const resolvedRows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, dispute.id), eq(auditLog.action, 'dispute.resolved')));
    expect(resolvedRows).toHaveLength(1);

    // Both parties' money timelines show the outcome, and both were told.
    const customerMoney = (await call('GET', `/api/v1/bookings/${booking.id}/money`, customer)).json().money;
    expect(customerMoney.timeline.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['refunded', 'released']),
    );
    const proMoney = (await call('GET', `/api/v1/bookings/${booking.id}/money`, pro)).json().money;
    expect(proMoney.timeline.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['refunded', 'released']),
    );
    for (const userId of [booking.customerId, booking.tradespersonId]) {
      const kinds = (await db().select().from(notifications).where(eq(notifications.userId, userId))).map(
        (n) => n.kind,
      );
      expect(kinds).toContain('dispute.resolved');
    }

    const twice = await resolve({ resolution: 'refund_customer', note: 'Changed my mind.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(DISPUTE_MESSAGES.resolvedAlready);
    // A resolved dispute takes nothing more; a new one can be raised while anything is still held (nothing is).
    expect(
      (await call('POST', `/api/v1/disputes/${dispute.id}/messages`, customer, { body: 'One more thing' }))
        .statusCode,
    ).toBe(409);
    const anew = await raise(customer, { bookingId: booking.id, reason: 'Other', description: DESCRIPTION });
    expect(anew.statusCode).toBe(409);
    expect(anew.json().error.code).toBe('not_disputable');
  });

  it('gives one resolution when admins resolve at once, and moves the money once', async () => {
    const { booking, customer, payment } = await heldBooking(30_000);
    const admins = await Promise.all([adminCookie(), adminCookie(), adminCookie()]);
    const { dispute } = (
      await raise(customer, { bookingId: booking.id, reason: 'Safety concerns', description: DESCRIPTION })
    ).json();
    const bodies = [
      { resolution: 'refund_customer', note: 'Unsafe wiring left exposed.' },
      { resolution: 'release_to_tradesperson', note: 'The work was fine.' },
      { resolution: 'split', refundPence: 10_000, releasePence: 20_000, note: 'Partly done.' },
    ];
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        call('POST', `/api/v1/admin/disputes/${dispute.id}/resolve`, admins[i % 3], bodies[i % 3]),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(8);
    const moves = await db()
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.paymentId, payment.id),
          sql`${ledgerTransactions.kind} in ('refund', 'release')`,
        ),
      );
    const row = await disputeRow(dispute.id);
    const moved = { refund: row.refundPence, release: row.releasePence };
    expect(moved.refund! + moved.release!).toBe(30_000);
    expect(moves).toHaveLength([moved.refund, moved.release].filter((n) => n! > 0).length);
    expect(await paymentBalance(db(), payment.id, 'escrow')).toBe(0);
  });

  it('lets only one of many simultaneous raises through', async () => {
    const { booking, customer, pro } = await heldBooking();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        raise(i % 2 ? pro : customer, {
          bookingId: booking.id,
          reason: 'Other',
          description: DESCRIPTION,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    expect(await db().select().from(disputes).where(eq(disputes.bookingId, booking.id))).toHaveLength(1);
  });

  it('disputes work in progress, closes it with a note, and refuses a booking with nothing left to freeze', async () => {
    const booking = await createBooking(db(), { status: 'confirmed' });
    const customer = await sessionFor(db(), booking.customerId);
    const admin = await adminCookie();
    const res = await raise(customer, {
      bookingId: booking.id,
      reason: 'Tradesperson not responsive',
      description: DESCRIPTION,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { dispute } = res.json();
    expect(dispute.heldPence).toBe(0);
    const refund = await call('POST', `/api/v1/admin/disputes/${dispute.id}/resolve`, admin, {
      resolution: 'refund_customer',
      note: 'Nothing was paid.',
    });
    expect(refund.statusCode).toBe(400);
    expect(refund.json().error.message).toBe(DISPUTE_MESSAGES.nothingHeld);
    const closed = await call('POST', `/api/v1/admin/disputes/${dispute.id}/resolve`, admin, {
      resolution: 'no_money_held',
      note: 'The tradesperson has rebooked the visit.',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ status: 'confirmed' });

    // Paid and already released (the window passed before anyone objected): nothing to freeze.
    const released = await createBooking(db(), {
      status: 'completed',
      depositPaid: true,
      paidAt: new Date(Date.now() - 30 * DAY),
    });
    const late = await raise(await sessionFor(db(), released.customerId), {
      bookingId: released.id,
      reason: 'Poor quality of work',
      description: DESCRIPTION,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'not_disputable',
      message: DISPUTE_MESSAGES.notDisputable,
    });
    const cancelled = await createBooking(db(), { status: 'cancelled' });
    expect(
      (
        await raise(await sessionFor(db(), cancelled.customerId), {
          bookingId: cancelled.id,
          reason: 'Other',
          description: DESCRIPTION,
        })
      ).statusCode,
    ).toBe(409);
  });

  // Issue 34, point 5 (DOMAIN-RULES 16): an admin's money action obeys the freeze like anyone's; only the
  // dispute's own resolution moves frozen money.
  it("refuses an admin's refund of money a dispute freezes, and leaves it all for the resolution", async () => {
    const { booking, customer, payment } = await heldBooking(25_000);
    const admin = await adminCookie();
    const { dispute } = (
      await raise(customer, { bookingId: booking.id, reason: 'Other', description: DESCRIPTION })
    ).json();
    for (const body of [{ reason: 'Goodwill' }, { reason: 'Part of it', amountPence: 5_000 }]) {
      const refund = await call('POST', `/api/v1/admin/payments/${payment.id}/refund`, admin, body);
      expect(refund.statusCode).toBe(409);
      expect(refund.json().error).toEqual({
        code: 'payment_state',
        message: PAYMENT_MESSAGES.frozenForAdmin,
      });
    }
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(0);
    expect(await paymentBalance(db(), payment.id, 'escrow')).toBe(25_000);
    expect((await disputeRow(dispute.id)).status).not.toBe('resolved');

    const resolved = await call('POST', `/api/v1/admin/disputes/${dispute.id}/resolve`, admin, {
      resolution: 'refund_customer',
      note: 'The work was not done.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await paymentBalance(db(), payment.id, 'escrow')).toBe(0);
    // Resolved, nothing is frozen any more, and nothing is held: an admin's refund now says so.
    const after = await call('POST', `/api/v1/admin/payments/${payment.id}/refund`, admin, {
      reason: 'Again',
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe(PAYMENT_MESSAGES.notHeld);
  });

  /** The refund and release postings one payment has, and what is left in escrow for it. */
  async function moves(paymentId: string) {
    const rows = await db()
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.paymentId, paymentId),
          sql`${ledgerTransactions.kind} in ('refund', 'release')`,
        ),
      );
    return { kinds: rows.map((r) => r.kind).sort(), escrow: await paymentBalance(db(), paymentId, 'escrow') };
  }

  it('lets exactly one of an admin refund, the resolution and the customer’s release win, round after round', async () => {
    const admin = await adminCookie();
    const rounds = ctx.kind === 'postgres' ? 20 : 3;
    const resolutions = [
      { resolution: 'refund_customer', note: 'Not done.' },
      { resolution: 'release_to_tradesperson', note: 'Done well.' },
      { resolution: 'split', refundPence: 4_000, releasePence: 6_000, note: 'Half done.' },
    ];
    for (let round = 0; round < rounds; round++) {
      const { booking, customer, payment } = await heldBooking(10_000);
      const { dispute } = (
        await raise(customer, { bookingId: booking.id, reason: 'Other', description: DESCRIPTION })
      ).json();
      const body = resolutions[round % 3]!;
      // The order they are sent in changes each round; they all run at once.
      const calls = [
        () => call('POST', `/api/v1/admin/payments/${payment.id}/refund`, admin, { reason: 'Goodwill' }),
        () => call('POST', `/api/v1/admin/disputes/${dispute.id}/resolve`, admin, body),
        () => call('POST', `/api/v1/payments/${payment.id}/release`, customer),
      ];
      const order = [round % 3, (round + 1) % 3, (round + 2) % 3];
      const answers: Awaited<ReturnType<(typeof calls)[number]>>[] = [];
      await Promise.all(
        order.map(async (i) => {
          answers[i] = await calls[i]!();
        }),
      );
      const [refund, resolve, release] = answers;
      expect(resolve!.statusCode, resolve!.body).toBe(200);
      expect(refund!.statusCode).toBe(409);
      expect(release!.statusCode).toBe(409);
      // Refused for the freeze, or (once the resolution committed) for there being nothing held.
      expect([PAYMENT_MESSAGES.frozenForAdmin, PAYMENT_MESSAGES.notHeld]).toContain(
        refund!.json().error.message,
      );
      expect([PAYMENT_MESSAGES.frozen, PAYMENT_MESSAGES.notHeld]).toContain(release!.json().error.message);
      const row = await disputeRow(dispute.id);
      expect(row.status).toBe('resolved');
      expect(row.refundPence! + row.releasePence!).toBe(10_000);
      const expected = [row.refundPence! > 0 ? 'refund' : null, row.releasePence! > 0 ? 'release' : null];
      expect(await moves(payment.id)).toEqual({ kinds: expected.filter((k) => k !== null), escrow: 0 });
    }
  });

  it('never leaves a dispute open with nothing held when it is raised as an admin refunds and the customer releases', async () => {
    const admin = await adminCookie();
    const rounds = ctx.kind === 'postgres' ? 20 : 3;
    const winners = new Set<string>();
    for (let round = 0; round < rounds; round++) {
      const { booking, customer, payment } = await heldBooking(10_000);
      const calls = {
        raise: () => raise(customer, { bookingId: booking.id, reason: 'Other', description: DESCRIPTION }),
        refund: () =>
          call('POST', `/api/v1/admin/payments/${payment.id}/refund`, admin, { reason: 'Goodwill' }),
        release: () => call('POST', `/api/v1/payments/${payment.id}/release`, customer),
      };
      const names = Object.keys(calls) as (keyof typeof calls)[];
      const order = [...names.slice(round % 3), ...names.slice(0, round % 3)];
      const answers = Object.fromEntries(
        await Promise.all(order.map(async (name) => [name, await calls[name]()] as const)),
      );
      const won = names.filter((name) => answers[name]!.statusCode < 300);
      expect(won, JSON.stringify(names.map((n) => answers[n]!.statusCode))).toHaveLength(1);
      for (const name of names) if (name !== won[0]) expect(answers[name]!.statusCode).toBe(409);
      winners.add(won[0]!);
      const open = await db().select().from(disputes).where(eq(disputes.bookingId, booking.id));
      const money = await moves(payment.id);
      if (won[0] === 'raise') {
        // The dispute holds everything; neither the refund nor the release moved a penny.
        expect(open).toHaveLength(1);
        expect(money).toEqual({ kinds: [], escrow: 10_000 });
      } else {
        expect(open).toHaveLength(0);
        expect(money).toEqual({ kinds: [won[0]], escrow: 0 });
      }
    }
    console.info(
      `[${ctx.kind}] ${rounds} rounds of raise vs refund vs release, winners: ${[...winners].join(', ')}`,
    );
  });

  it("keeps a resolution's refund that the provider refuses from being released to the tradesperson later", async () => {
    const { booking, customer, payment } = await heldBooking(10_000);
    const admin = await adminCookie();
    const { dispute } = (
      await raise(customer, { bookingId: booking.id, reason: 'Other', description: DESCRIPTION })
    ).json();
    // The provider refuses the refund for good (the card's account was closed, say): it is reversed.
    const refuse = vi
      .spyOn(SandboxGateway.prototype, 'createRefund')
      .mockRejectedValueOnce(new ProviderError('The charge cannot be refunded', false));
    try {
      const resolved = await call('POST', `/api/v1/admin/disputes/${dispute.id}/resolve`, admin, {
        resolution: 'refund_customer',
        note: 'Not done.',
      });
      expect(resolved.statusCode, resolved.body).toBe(200);
    } finally {
      refuse.mockRestore();
    }
    const [refund] = await db().select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(refund).toMatchObject({ status: 'failed' });
    expect(await paymentBalance(db(), payment.id, 'escrow')).toBe(10_000);

    // Long past the old protection window the release job leaves it: the admin decided it is the customer's.
    clock.advance(30 * DAY);
    const a = await app();
    await a.queue.send(db(), 'payments.release-due', {});
    await a.queue.runDue('payments.release-due');
    expect(await moves(payment.id)).toEqual({ kinds: ['refund'], escrow: 10_000 });
    // An admin's new refund (no dispute is open any more) sends it back.
    const again = await call('POST', `/api/v1/admin/payments/${payment.id}/refund`, admin, {
      reason: 'Refund refused the first time',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await moves(payment.id)).toEqual({ kinds: ['refund', 'refund'], escrow: 0 });
  });
});
