import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import {
  createBooking,
  createConversation,
  createCustomer,
  createJob,
  createQuote,
  createReview,
  createTradesperson,
} from '../../seed/factories';
import { bookings, ledgerAccounts, ledgerEntries, ledgerTransactions, profiles, quotes, reviews } from '.';

/** The error text of a failed statement, including the driver error Drizzle wraps. */
function describeError(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  while (current instanceof Error) {
    parts.push(current.message);
    const constraint = (current as { constraint?: string }).constraint;
    if (constraint) parts.push(constraint);
    current = current.cause;
  }
  return parts.join(' | ');
}

async function expectViolation(action: () => Promise<unknown>, constraint: string): Promise<void> {
  let error: unknown;
  try {
    await action();
  } catch (err) {
    error = err;
  }
  expect(error, `expected ${constraint} to refuse the write`).toBeDefined();
  expect(describeError(error)).toContain(constraint);
}

describeOnDatabases('database constraints behind the domain rules', (ctx) => {
  const db = () => ctx.database().db;

  it('refuses a second account whose email differs only in letter case', async () => {
    await createCustomer(db(), { email: 'Case.Test@Example.test' });
    await expectViolation(
      () => createCustomer(db(), { email: 'case.test@example.TEST' }),
      'users_email_lower_unique',
    );
  });

  it('refuses a second quote by the same tradesperson on the same job', async () => {
    const job = await createJob(db());
    const tradesperson = await createTradesperson(db());
    await createQuote(db(), { jobId: job.id, tradespersonId: tradesperson.id });
    await expectViolation(
      () => createQuote(db(), { jobId: job.id, tradespersonId: tradesperson.id }),
      'quotes_job_tradesperson_unique',
    );
  });

  it('refuses quote amounts of zero and above £1,000,000, and unknown statuses', async () => {
    const job = await createJob(db());
    await expectViolation(() => createQuote(db(), { jobId: job.id, amount: 0 }), 'quotes_amount_check');
    await expectViolation(
      () => createQuote(db(), { jobId: job.id, amount: 100_000_001 }),
      'quotes_amount_check',
    );
    const quote = await createQuote(db(), { jobId: job.id, amount: 100_000_000 });
    await expectViolation(
      () => db().update(quotes).set({ status: 'maybe' }).where(eq(quotes.id, quote.id)),
      'quotes_status_check',
    );
  });

  it('refuses a fourth live quote on a job through its live-quote count', async () => {
    const job = await createJob(db());
    for (let i = 0; i < 3; i++) await createQuote(db(), { jobId: job.id });
    await expectViolation(() => createQuote(db(), { jobId: job.id }), 'job_postings_live_quotes_check');
  });

  it('refuses a job whose maximum budget is below its minimum', async () => {
    await expectViolation(
      () => createJob(db(), { budgetMin: 50_000, budgetMax: 10_000 }),
      'job_postings_budget_check',
    );
  });

  it('refuses a second live booking for a job but allows one after a cancellation', async () => {
    const first = await createBooking(db(), { status: 'pending' });
    const job = first.jobId;
    const otherQuote = await createQuote(db(), { jobId: job });
    await expectViolation(
      () => createBooking(db(), { quoteId: otherQuote.id, status: 'confirmed' }),
      'bookings_one_live_per_job',
    );
    await db()
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(bookings.id, first.id));
    const second = await createBooking(db(), { quoteId: otherQuote.id, status: 'confirmed' });
    expect(second.jobId).toBe(job);
  });

  it('refuses a completed booking without its completion time', async () => {
    const booking = await createBooking(db(), { status: 'confirmed' });
    await expectViolation(
      () =>
        db()
          .update(bookings)
          .set({ status: 'completed', completedAt: null })
          .where(eq(bookings.id, booking.id)),
      'bookings_completed_at_check',
    );
  });

  it('refuses a second review of a booking by the same reviewer and ratings outside 1-5', async () => {
    const review = await createReview(db());
    await expectViolation(
      () =>
        db().insert(reviews).values({
          bookingId: review.bookingId,
          reviewerId: review.reviewerId,
          revieweeId: review.revieweeId,
          rating: 4,
          revealDueAt: new Date(),
        }),
      'reviews_booking_reviewer_unique',
    );
    await expectViolation(
      () => db().update(reviews).set({ rating: 6 }).where(eq(reviews.id, review.id)),
      'reviews_rating_check',
    );
  });

  it("keeps each person's review total and count with its reviews, and refuses totals that cannot be", async () => {
    const totals = async (id: string) =>
      (
        await db()
          .select({ total: profiles.ratingTotal, count: profiles.reviewCount })
          .from(profiles)
          .where(eq(profiles.id, id))
      )[0];
    const first = await createReview(db(), { rating: 5 });
    const pro = first.revieweeId;
    const job = await createJob(db(), { status: 'completed' });
    const quote = await createQuote(db(), { jobId: job.id, tradespersonId: pro, status: 'accepted' });
    const booking = await createBooking(db(), { quoteId: quote.id, status: 'completed', depositPaid: true });
    const second = await createReview(db(), { bookingId: booking.id, rating: 2 });
    expect(second.revieweeId).toBe(pro);
    expect(await totals(pro)).toEqual({ total: 7, count: 2 });
    await db().update(reviews).set({ rating: 3 }).where(eq(reviews.id, second.id));
    expect(await totals(pro)).toEqual({ total: 8, count: 2 });
    await db().delete(reviews).where(eq(reviews.id, first.id));
    expect(await totals(pro)).toEqual({ total: 3, count: 1 });
    await expectViolation(
      () => db().update(profiles).set({ ratingTotal: 6 }).where(eq(profiles.id, pro)),
      'profiles_rating_totals_check',
    );
  });

  it('keeps one conversation per pair of users whichever of them starts it', async () => {
    const a = await createCustomer(db());
    const b = await createTradesperson(db());
    await createConversation(db(), { participantOneId: a.id, participantTwoId: b.id });
    await expectViolation(
      () => createConversation(db(), { participantOneId: b.id, participantTwoId: a.id }),
      'conversations_pair_unique',
    );
    await expectViolation(
      () => createConversation(db(), { participantOneId: a.id, participantTwoId: a.id }),
      'conversations_not_self',
    );
  });

  it('refuses an unbalanced ledger transaction at commit and any change to written entries', async () => {
    const [escrow, fees] = await db()
      .insert(ledgerAccounts)
      .values([
        { code: `escrow-${randomUUID()}`, kind: 'escrow' },
        { code: `fees-${randomUUID()}`, kind: 'platform_fees' },
      ])
      .returning();
    const write = (amounts: [number, number]) =>
      db().transaction(async (tx) => {
        const [txn] = await tx
          .insert(ledgerTransactions)
          .values({ kind: 'release', idempotencyKey: randomUUID(), description: 'platform fee' })
          .returning();
        await tx.insert(ledgerEntries).values([
          { transactionId: txn!.id, accountId: escrow!.id, amountPence: amounts[0] },
          { transactionId: txn!.id, accountId: fees!.id, amountPence: amounts[1] },
        ]);
        return txn!;
      });

    await expectViolation(() => write([-1500, 1499]), 'does not balance');
    const balanced = await write([-1500, 1500]);
    await expectViolation(
      () =>
        db()
          .update(ledgerEntries)
          .set({ amountPence: 1 })
          .where(eq(ledgerEntries.transactionId, balanced.id)),
      'append-only',
    );
    await expectViolation(
      () => db().delete(ledgerEntries).where(eq(ledgerEntries.transactionId, balanced.id)),
      'append-only',
    );
    const [row] = await db()
      .select({ total: sql<number>`sum(${ledgerEntries.amountPence})::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, balanced.id));
    expect(row?.total).toBe(0);
  });

  it.runIf(ctx.kind === 'postgres')(
    'lets exactly one of 20 simultaneous bookings for one job through',
    async () => {
      const customer = await createCustomer(db());
      const job = await createJob(db(), { customerId: customer.id });
      const quotesOfJob = await Promise.all(
        // Rejected quotes: only the booking index is under test, and a job holds at most 3 live quotes.
        Array.from({ length: 20 }, async () =>
          createQuote(db(), {
            jobId: job.id,
            tradespersonId: (await createTradesperson(db())).id,
            status: 'rejected',
          }),
        ),
      );
      const results = await Promise.allSettled(
        quotesOfJob.map((quote) =>
          db().insert(bookings).values({
            jobId: job.id,
            quoteId: quote.id,
            customerId: customer.id,
            tradespersonId: quote.tradespersonId,
            amount: quote.amount,
            status: 'confirmed',
            confirmedAt: new Date(),
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results)
        if (r.status === 'rejected') expect(describeError(r.reason)).toContain('bookings_one_live_per_job');
      const live = await db().select().from(bookings).where(eq(bookings.jobId, job.id));
      expect(live).toHaveLength(1);
    },
  );
});
