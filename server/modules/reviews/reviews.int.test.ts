import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../../../domain/reviews/messages';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import type { App } from '../../app';
import { auditLog, notifications, profiles, reviewReports, reviews, userSettings } from '../../db/schema';
import { createAdmin, createBooking, createCustomer, createReview } from '../../seed/factories';

// DOMAIN-RULES 8 and issue 15 end to end: both sides review a completed, paid booking once; fair
// reveal keeps each review hidden until the other side has reviewed or 14 days after payment (a test
// clock, no sleeping); the reviewee replies once and may edit for 48 hours; reports reach the admins,
// who hide with a reason. The rating counts published, unhidden reviews only, on both databases.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describeOnDatabases('reviews', (ctx) => {
  const db = () => ctx.database().db;
  const clock = new ManualClock(new Date('2026-11-23T12:00:00Z'));
  let built: App | undefined;
  const app = async () => {
    built ??= await ctx.app({}, { clock });
    return built;
  };

  /** A completed booking the customer paid for just now (by the test clock), with both parties signed in. */
  const paidBooking = async (paidAt = clock.now()) => {
    const booking = await createBooking(db(), {
      status: 'completed',
      depositPaid: true,
      completedAt: new Date(paidAt.getTime() - HOUR),
      paidAt,
    });
    return {
      booking,
      customer: await sessionFor(db(), booking.customerId),
      pro: await sessionFor(db(), booking.tradespersonId),
    };
  };

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
    (await app()).inject({
      method,
      url,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const review = (bookingId: string, cookie: string, payload: unknown) =>
    call('POST', `/api/v1/bookings/${bookingId}/reviews`, cookie, payload);
  const ratingOf = async (userId: string) => {
    const [row] = await db()
      .select({ total: profiles.ratingTotal, count: profiles.reviewCount })
      .from(profiles)
      .where(eq(profiles.id, userId));
    return row!;
  };
  const dispatch = async () => (await app()).queue.runDue('events.dispatch');
  const publishDue = async () => {
    const a = await app();
    await a.queue.send(db(), 'reviews.publish-due', {});
    await a.queue.runDue('reviews.publish-due');
  };
  const notificationsOf = async (userId: string) =>
    db().select().from(notifications).where(eq(notifications.userId, userId));

  it('keeps a review hidden until the other side reviews, then publishes both and counts them', async () => {
    const paidAt = clock.now();
    const { booking, customer, pro } = await paidBooking(paidAt);
    const first = await review(booking.id, customer, { rating: 4, comment: '  Tidy and quick.  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().review).toMatchObject({
      side: 'written',
      status: 'waiting',
      rating: 4,
      comment: 'Tidy and quick.',
      publishedAt: null,
      revealDueAt: new Date(clock.now().getTime() + 14 * DAY).toISOString(),
    });

    // The reviewee knows a review exists, not what it says; nothing is public or counted yet.
    const received = (await call('GET', '/api/v1/reviews/mine?side=received', pro)).json();
    expect(received.reviews).toHaveLength(1);
    expect(received.reviews[0]).toMatchObject({
      status: 'waiting',
      rating: null,
      comment: null,
      canReply: false,
    });
    expect(await ratingOf(booking.tradespersonId)).toEqual({ total: 0, count: 0 });
    const publicList = (await call('GET', `/api/v1/tradespeople/${booking.tradespersonId}/reviews`)).json();
    expect(publicList.reviews).toEqual([]);
    expect(publicList.summary).toEqual({ rating: 0, reviewCount: 0, distribution: [0, 0, 0, 0, 0] });
    const mine = (await call('GET', '/api/v1/bookings/mine', pro)).json().bookings[0];
    expect(mine.reviews).toMatchObject({
      customerReviewed: true,
      tradespersonReviewed: false,
      published: false,
    });

    await dispatch();
    const told = await notificationsOf(booking.tradespersonId);
    expect(told.map((n) => n.kind)).toContain('review.submitted');

    clock.advance(HOUR);
    const second = await review(booking.id, pro, { rating: 5 });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().review).toMatchObject({ status: 'published', comment: null });

    expect(await ratingOf(booking.tradespersonId)).toEqual({ total: 4, count: 1 });
    expect(await ratingOf(booking.customerId)).toEqual({ total: 5, count: 1 });
    const nowReceived = (await call('GET', '/api/v1/reviews/mine?side=received', pro)).json().reviews[0];
    expect(nowReceived).toMatchObject({
      status: 'published',
      rating: 4,
      comment: 'Tidy and quick.',
      canReply: true,
    });
    const listed = (await call('GET', `/api/v1/tradespeople/${booking.tradespersonId}/reviews`)).json();
    expect(listed.reviews).toHaveLength(1);
    expect(listed.summary).toEqual({ rating: 4, reviewCount: 1, distribution: [0, 1, 0, 0, 0] });

    // Both are told the reviews are out; the second reviewer is not told "someone reviewed you".
    await dispatch();
    for (const userId of [booking.customerId, booking.tradespersonId]) {
      const kinds = (await notificationsOf(userId)).map((n) => n.kind);
      expect(kinds.filter((k) => k === 'review.published')).toHaveLength(1);
    }
    expect((await notificationsOf(booking.customerId)).map((n) => n.kind)).not.toContain('review.submitted');
    const booked = (await call('GET', '/api/v1/bookings/mine', customer)).json().bookings[0];
    expect(booked.reviews).toEqual({
      closesAt: new Date(paidAt.getTime() + 14 * DAY).toISOString(),
      customerReviewed: true,
      tradespersonReviewed: true,
      published: true,
    });
  });

  it('publishes a lone review when the window closes 14 days after payment, and then closes it', async () => {
    const paidAt = clock.now();
    const { booking, customer, pro } = await paidBooking(paidAt);
    expect((await review(booking.id, customer, { rating: 2, comment: 'Left a mess.' })).statusCode).toBe(201);

    clock.advance(14 * DAY - 60_000);
    await publishDue();
    expect(await ratingOf(booking.tradespersonId)).toEqual({ total: 0, count: 0 });
    const tasks = (await call('GET', '/api/v1/reviews/to-write', pro)).json().bookings;
    expect(tasks.map((t: { bookingId: string }) => t.bookingId)).toContain(booking.id);

    clock.advance(60_000);
    await publishDue();
    expect(await ratingOf(booking.tradespersonId)).toEqual({ total: 2, count: 1 });
    const [row] = await db().select().from(reviews).where(eq(reviews.bookingId, booking.id));
    expect(row!.publishedAt?.toISOString()).toBe(clock.now().toISOString());

    // Nobody writes theirs after reading the other's.
    const late = await review(booking.id, pro, { rating: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'not_reviewable',
      message: REVIEW_MESSAGES.windowClosed,
    });
    expect((await call('GET', '/api/v1/reviews/to-write', pro)).json().bookings).toEqual([]);

    await dispatch();
    const published = (await notificationsOf(booking.customerId)).filter(
      (n) => n.kind === 'review.published',
    );
    expect(published).toHaveLength(1);
    // Running again publishes nothing twice.
    await publishDue();
    await dispatch();
    expect(
      (await notificationsOf(booking.customerId)).filter((n) => n.kind === 'review.published'),
    ).toHaveLength(1);
  });

  it('refuses bad ratings, long comments, second reviews, strangers and unpaid bookings, changing nothing', async () => {
    const { booking, customer } = await paidBooking();
    const bad: [unknown, number, string][] = [
      [{}, 400, REVIEW_MESSAGES.ratingRequired],
      [{ rating: null }, 400, REVIEW_MESSAGES.ratingRequired],
      [{ rating: 0 }, 400, REVIEW_MESSAGES.ratingRange],
      [{ rating: 6 }, 400, REVIEW_MESSAGES.ratingRange],
      [{ rating: 3.5 }, 400, REVIEW_MESSAGES.ratingRange],
      [{ rating: '5' }, 400, REVIEW_MESSAGES.ratingRange],
      [{ rating: 5, comment: 'x'.repeat(2001) }, 400, REVIEW_MESSAGES.commentTooLong],
    ];
    for (const [payload, status, message] of bad) {
      const res = await review(booking.id, customer, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    expect(await db().select().from(reviews).where(eq(reviews.bookingId, booking.id))).toEqual([]);

    const blank = await review(booking.id, customer, { rating: 5, comment: '   ' });
    expect(blank.statusCode).toBe(201);
    expect(blank.json().review.comment).toBeNull();
    const again = await review(booking.id, customer, { rating: 1, comment: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'already_reviewed',
      message: REVIEW_MESSAGES.alreadyReviewed,
    });

    const stranger = await sessionFor(db(), (await createCustomer(db())).id);
    const admin = await sessionFor(db(), (await createAdmin(db())).id);
    for (const cookie of [stranger, admin]) {
      const res = await review(booking.id, cookie, { rating: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(REVIEW_MESSAGES.bookingNotFound);
    }
    expect((await review('00000000-0000-4000-8000-000000000000', customer, { rating: 5 })).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `/api/v1/bookings/${booking.id}/reviews`, undefined, { rating: 5 })).statusCode,
    ).toBe(401);

    const unpaid = await createBooking(db(), { status: 'completed', depositPaid: false });
    const notReady = await review(unpaid.id, await sessionFor(db(), unpaid.customerId), { rating: 5 });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().error).toMatchObject({
      code: 'not_reviewable',
      message: REVIEW_MESSAGES.notReviewable,
    });
    const confirmed = await createBooking(db(), { status: 'confirmed' });
    expect(
      (await review(confirmed.id, await sessionFor(db(), confirmed.customerId), { rating: 5 })).statusCode,
    ).toBe(409);
    const rows = await db().select().from(reviews).where(eq(reviews.bookingId, booking.id));
    expect(rows).toHaveLength(1);
  });

  it('stores one review from 50 parallel submissions of the same dialog', async () => {
    const { booking, customer } = await paidBooking();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        review(booking.id, customer, { rating: (i % 5) + 1, comment: `try ${i}` }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const rows = await db()
      .select()
      .from(reviews)
      .where(and(eq(reviews.bookingId, booking.id), eq(reviews.reviewerId, booking.customerId)));
    expect(rows).toHaveLength(1);
  });

  it('publishes exactly once when both sides submit at the same moment', async () => {
    const { booking, customer, pro } = await paidBooking();
    const [a, b] = await Promise.all([
      review(booking.id, customer, { rating: 5 }),
      review(booking.id, pro, { rating: 4 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const rows = await db().select().from(reviews).where(eq(reviews.bookingId, booking.id));
    expect(rows.every((r) => r.publishedAt !== null)).toBe(true);
    expect(await ratingOf(booking.tradespersonId)).toEqual({ total: 5, count: 1 });
    expect(await ratingOf(booking.customerId)).toEqual({ total: 4, count: 1 });
  });

  it('lets the reviewee reply once it is published and edit the reply for 48 hours', async () => {
    const { booking, customer, pro } = await paidBooking();
    const written = (await review(booking.id, customer, { rating: 5, comment: 'Great' })).json().review;
    const reply = (cookie: string, text: unknown) =>
      call('PUT', `/api/v1/reviews/${written.id}/reply`, cookie, { reply: text });

    const early = await reply(pro, 'Thank you!');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'review_state', message: REVIEW_MESSAGES.replyNotYet });

    await review(booking.id, pro, { rating: 5 });
    expect((await reply(customer, 'I wrote it')).statusCode).toBe(404);
    const stranger = await sessionFor(db(), (await createCustomer(db())).id);
    expect((await reply(stranger, 'Hi')).statusCode).toBe(404);
    const blank = await reply(pro, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(REVIEW_MESSAGES.replyRequired);
    expect((await reply(pro, 'x'.repeat(2001))).json().error.message).toBe(REVIEW_MESSAGES.replyTooLong);

    const posted = await reply(pro, '  Thank you, Ann!  ');
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().review).toMatchObject({
      reply: 'Thank you, Ann!',
      repliedAt: clock.now().toISOString(),
      replyEditableUntil: new Date(clock.now().getTime() + 48 * HOUR).toISOString(),
      canReply: true,
    });
    const firstRepliedAt = clock.now().toISOString();

    clock.advance(47 * HOUR);
    const edited = await reply(pro, 'Thank you, Ann! See you next time.');
    expect(edited.statusCode).toBe(200);
    expect(edited.json().review).toMatchObject({
      reply: 'Thank you, Ann! See you next time.',
      repliedAt: firstRepliedAt,
    });

    clock.advance(HOUR + 1000);
    const locked = await reply(pro, 'Too late');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe(REVIEW_MESSAGES.replyLocked);
    const [row] = await db().select().from(reviews).where(eq(reviews.id, written.id));
    expect(row!.reply).toBe('Thank you, Ann! See you next time.');
    const shown = (await call('GET', `/api/v1/tradespeople/${booking.tradespersonId}/reviews`)).json()
      .reviews[0];
    expect(shown.reply).toBe('Thank you, Ann! See you next time.');

    await dispatch();
    const replied = (await notificationsOf(booking.customerId)).filter((n) => n.kind === 'review.replied');
    expect(replied.map((n) => n.title).sort()).toEqual([
      expect.stringMatching(/changed their reply to your review$/),
      expect.stringMatching(/replied to your review$/),
    ]);
  });

  it('takes reports from those who can read the review, and lets an admin hide it with a reason', async () => {
    const { booking, customer, pro } = await paidBooking();
    const written = (await review(booking.id, customer, { rating: 1, comment: 'Rude words' })).json().review;
    const report = (cookie: string, payload: unknown = { reason: 'abusive' }) =>
      call('POST', `/api/v1/reviews/${written.id}/reports`, cookie, payload);

    // Not published yet: nobody can report what they cannot read.
    expect((await report(pro)).statusCode).toBe(404);
    await review(booking.id, pro, { rating: 5, comment: 'Lovely customer' });

    const own = await report(customer);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(REVIEW_MESSAGES.reportOwn);
    expect((await report(pro, { reason: 'spam' })).json().error.message).toBe(
      REVIEW_MESSAGES.reportReasonRequired,
    );
    const listAs = async (cookie?: string) =>
      (await call('GET', `/api/v1/tradespeople/${booking.tradespersonId}/reviews`, cookie)).json().reviews[0];
    expect(await listAs()).toMatchObject({ canReport: false, reported: false });
    expect(await listAs(customer)).toMatchObject({ canReport: false, reported: false });
    expect(await listAs(pro)).toMatchObject({ canReport: true, reported: false });
    const first = await report(pro, { reason: 'abusive', details: 'Swears at me' });
    expect(await listAs(pro)).toMatchObject({ canReport: false, reported: true });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ reported: true, message: REVIEW_MESSAGES.reported });
    expect((await report(pro, { reason: 'not_about_job' })).statusCode).toBe(201);
    const stranger = await sessionFor(db(), (await createCustomer(db())).id);
    expect((await report(stranger, { reason: 'not_about_job' })).statusCode).toBe(201);
    expect(
      await db().select().from(reviewReports).where(eq(reviewReports.reviewId, written.id)),
    ).toHaveLength(2);

    // A review of a customer is read only by that customer: anyone else gets 404.
    const aboutCustomer = (await call('GET', '/api/v1/reviews/mine?side=received', customer)).json()
      .reviews[0];
    const other = await call('POST', `/api/v1/reviews/${aboutCustomer.id}/reports`, stranger, {
      reason: 'abusive',
    });
    expect(other.statusCode).toBe(404);

    // Admins only.
    for (const cookie of [undefined, pro, stranger]) {
      expect((await call('GET', '/api/v1/admin/reviews', cookie)).statusCode).toBe(404);
      expect(
        (
          await call('POST', `/api/v1/admin/reviews/${written.id}/moderate`, cookie, {
            action: 'hide',
            reason: 'Abusive language',
          })
        ).statusCode,
      ).toBe(404);
    }
    const admin = await createAdmin(db());
    const adminCookie = await sessionFor(db(), admin.id);
    const queue = (await call('GET', '/api/v1/admin/reviews', adminCookie)).json();
    const listed = queue.reviews.find((r: { id: string }) => r.id === written.id);
    expect(listed).toMatchObject({ rating: 1, comment: 'Rude words', status: 'published' });
    expect(listed.reports).toHaveLength(2);
    expect(queue.openCount).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/api/v1/admin/overview', adminCookie)).json().counts.reportedReviews).toBe(
      queue.openCount,
    );

    const short = await call('POST', `/api/v1/admin/reviews/${written.id}/moderate`, adminCookie, {
      action: 'hide',
      reason: 'no',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(REVIEW_MESSAGES.hideReasonRequired);

    expect(await ratingOf(booking.tradespersonId)).toEqual({ total: 1, count: 1 });
    const hidden = await call('POST', `/api/v1/admin/reviews/${written.id}/moderate`, adminCookie, {
      action: 'hide',
      reason: 'Abusive language',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().review).toMatchObject({ status: 'hidden', hiddenReason: 'Abusive language' });
    expect(hidden.json().review.reports.every((r: { outcome: string }) => r.outcome === 'hidden')).toBe(true);
    expect(await ratingOf(booking.tradespersonId)).toEqual({ total: 0, count: 0 });
    expect(
      (await call('GET', `/api/v1/tradespeople/${booking.tradespersonId}/reviews`)).json().reviews,
    ).toEqual([]);
    const authorView = (await call('GET', '/api/v1/reviews/mine?side=written', customer)).json().reviews[0];
    expect(authorView).toMatchObject({ status: 'hidden', hiddenReason: 'Abusive language' });

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, written.id), eq(auditLog.action, 'review.hidden')));
    expect(audit).toMatchObject({ actorUserId: admin.id, entityType: 'review' });
    expect(audit!.details).toMatchObject({
      before: { status: 'published' },
      after: { status: 'hidden', hiddenReason: 'Abusive language' },
      reason: 'Abusive language',
      reportsClosed: 2,
    });
    await dispatch();
    const toldAuthor = (await notificationsOf(booking.customerId)).find((n) => n.kind === 'review.hidden');
    expect(toldAuthor?.body).toContain('Abusive language');
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, written.id));
    expect(audits).toHaveLength(1);

    const twice = await call('POST', `/api/v1/admin/reviews/${written.id}/moderate`, adminCookie, {
      action: 'hide',
      reason: 'Abusive language',
    });
    expect(twice.statusCode).toBe(409);
    const keep = await call('POST', `/api/v1/admin/reviews/${written.id}/moderate`, adminCookie, {
      action: 'keep',
      reason: 'Nothing wrong',
    });
    expect(keep.statusCode).toBe(409);
    expect(keep.json().error.message).toBe(REVIEW_MESSAGES.nothingToDecide);
    // A hidden review cannot be replied to or reported any more.
    expect((await call('PUT', `/api/v1/reviews/${written.id}/reply`, pro, { reply: 'Hi' })).statusCode).toBe(
      409,
    );
    expect((await report(stranger)).statusCode).toBe(404);
    const decided = (await call('GET', '/api/v1/admin/reviews?status=decided', adminCookie)).json();
    expect(decided.reviews.map((r: { id: string }) => r.id)).toContain(written.id);
  });

  it('keeps a reported review when the admin finds nothing wrong, closing its reports', async () => {
    const written = await createReview(db(), { rating: 3, comment: 'Average' });
    const reporter = await sessionFor(db(), written.revieweeId);
    expect(
      (await call('POST', `/api/v1/reviews/${written.id}/reports`, reporter, { reason: 'not_about_job' }))
        .statusCode,
    ).toBe(201);
    const admin = await sessionFor(db(), (await createAdmin(db())).id);
    const kept = await call('POST', `/api/v1/admin/reviews/${written.id}/moderate`, admin, {
      action: 'keep',
      reason: 'It is about the job',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().review).toMatchObject({ status: 'published', reports: [{ outcome: 'kept' }] });
    const open = (await call('GET', '/api/v1/admin/reviews', admin)).json().reviews;
    expect(open.map((r: { id: string }) => r.id)).not.toContain(written.id);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, written.id));
    expect(audit).toMatchObject({ action: 'review.kept' });
  });

  it('keeps every rating the rounded mean of published, unhidden reviews as they change', async () => {
    const first = await createReview(db(), { rating: 5 });
    const pro = first.revieweeId;
    const more = async (rating: number, extra: Parameters<typeof createReview>[1] = {}) => {
      // Each on a booking of its own.
      const booking = await createBooking(db(), { status: 'completed', depositPaid: true });
      return createReview(db(), { bookingId: booking.id, revieweeId: pro, rating, ...extra });
    };
    await more(4);
    await more(4);
    const waiting = await more(1, { publishedAt: null });
    expect(await ratingOf(pro)).toEqual({ total: 13, count: 3 });
    const res = await call('GET', `/api/v1/tradespeople/${pro}/reviews`);
    // 13 / 3 = 4.333… → 4.3
    expect(res.json().summary).toEqual({ rating: 4.3, reviewCount: 3, distribution: [1, 2, 0, 0, 0] });

    await db().update(reviews).set({ publishedAt: clock.now() }).where(eq(reviews.id, waiting.id));
    expect(await ratingOf(pro)).toEqual({ total: 14, count: 4 });
    await db()
      .update(reviews)
      .set({ hiddenAt: clock.now(), hiddenReason: 'Abusive' })
      .where(eq(reviews.id, first.id));
    expect(await ratingOf(pro)).toEqual({ total: 9, count: 3 });
    await db().update(reviews).set({ rating: 2 }).where(eq(reviews.id, waiting.id));
    expect(await ratingOf(pro)).toEqual({ total: 10, count: 3 });
    await db().update(reviews).set({ hiddenAt: null, hiddenReason: null }).where(eq(reviews.id, first.id));
    expect(await ratingOf(pro)).toEqual({ total: 15, count: 4 });
    const summary = (await call('GET', `/api/v1/tradespeople/${pro}/reviews`)).json().summary;
    // 15 / 4 = 3.75 → 3.8 (halves up)
    expect(summary).toEqual({ rating: 3.8, reviewCount: 4, distribution: [1, 2, 0, 1, 0] });
  });

  it("honours 'Show reviews publicly': the list and its summary are for the tradesperson and admins", async () => {
    const written = await createReview(db(), { rating: 5 });
    await db()
      .update(userSettings)
      .set({ showReviewsPublicly: false })
      .where(eq(userSettings.userId, written.revieweeId));
    const url = `/api/v1/tradespeople/${written.revieweeId}/reviews`;
    const anon = (await call('GET', url)).json();
    expect(anon).toMatchObject({ reviews: [], summary: null, reviewsPublic: false });
    const own = (await call('GET', url, await sessionFor(db(), written.revieweeId))).json();
    expect(own.reviews).toHaveLength(1);
    const admin = (await call('GET', url, await sessionFor(db(), (await createAdmin(db())).id))).json();
    expect(admin.reviews).toHaveLength(1);
    const stranger = await sessionFor(db(), (await createCustomer(db())).id);
    const report = await call('POST', `/api/v1/reviews/${written.id}/reports`, stranger, {
      reason: 'abusive',
    });
    expect(report.statusCode).toBe(404);
  });

  it('pages my reviews newest first and lists the bookings waiting for mine', async () => {
    const { booking, customer } = await paidBooking();
    const tasks = (await call('GET', '/api/v1/reviews/to-write', customer)).json().bookings;
    expect(tasks).toEqual([
      expect.objectContaining({
        bookingId: booking.id,
        otherReviewed: false,
        other: expect.objectContaining({ id: booking.tradespersonId, userType: 'tradesperson' }),
        closesAt: new Date(clock.now().getTime() + 14 * DAY).toISOString(),
      }),
    ]);
    await review(booking.id, customer, { rating: 5 });
    expect((await call('GET', '/api/v1/reviews/to-write', customer)).json().bookings).toEqual([]);

    const author = await createCustomer(db());
    for (let i = 0; i < 3; i++) {
      await createReview(db(), {
        reviewerId: author.id,
        createdAt: new Date(clock.now().getTime() + i * HOUR),
      });
    }
    const cookie = await sessionFor(db(), author.id);
    const page1 = (await call('GET', '/api/v1/reviews/mine?side=written&limit=2', cookie)).json();
    expect(page1.reviews).toHaveLength(2);
    expect(page1.nextCursor).toBeTruthy();
    const page2 = (
      await call(
        'GET',
        `/api/v1/reviews/mine?side=written&limit=2&cursor=${encodeURIComponent(page1.nextCursor)}`,
        cookie,
      )
    ).json();
    expect(page2.reviews).toHaveLength(1);
    expect(page2.nextCursor).toBeNull();
    const times = [...page1.reviews, ...page2.reviews].map((r: { createdAt: string }) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});
