import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { jobPostings, quotes, userRoles } from '../db/schema';
import { verifyPassword } from '../modules/accounts';
import {
  createAdmin,
  createBooking,
  createConversation,
  createCustomer,
  createDispute,
  createJob,
  createMessage,
  createQuote,
  createReview,
  createTradesperson,
  TEST_PASSWORD,
} from './factories';

describeOnDatabases('test factories', (ctx) => {
  it('creates a customer with a profile and default settings, who can sign in with the test password', async () => {
    const { db } = ctx.database();
    const customer = await createCustomer(db);
    expect(customer.profile.userType).toBe('customer');
    expect(customer.email).toMatch(/^customer-\d+@example\.test$/);
    expect(customer.settings).toMatchObject({ emailNotifications: true, darkMode: null });
    expect(customer.password).toBe(TEST_PASSWORD);
    expect(await verifyPassword(TEST_PASSWORD, customer.user.passwordHash)).toBe(true);
  });

  it('gives every created account a different email', async () => {
    const { db } = ctx.database();
    const a = await createCustomer(db);
    const b = await createCustomer(db);
    const c = await createTradesperson(db);
    expect(new Set([a.email, b.email, c.email]).size).toBe(3);
  });

  it('creates a tradesperson with a trade, a geocoded base and, when verified, approved documents', async () => {
    const { db } = ctx.database();
    const plain = await createTradesperson(db);
    expect(plain.profile.userType).toBe('tradesperson');
    expect(plain.tradesperson).toMatchObject({ trade: 'Plumber', verified: false, basePostcode: 'M1 1AE' });
    expect(plain.tradesperson.baseLat).toBeCloseTo(53.48, 1);
    expect(plain.documents.every((d) => d.status === 'pending')).toBe(true);

    const verified = await createTradesperson(db, {
      verified: true,
      trade: 'Electrician',
      basePostcode: 'ls1 4ap',
    });
    expect(verified.tradesperson).toMatchObject({
      verified: true,
      trade: 'Electrician',
      basePostcode: 'LS1 4AP',
    });
    expect(verified.documents.map((d) => [d.kind, d.status])).toEqual([
      ['photo_id', 'approved'],
      ['insurance', 'approved'],
      ['accreditation', 'approved'],
    ]);
  });

  it('creates an admin with the admin role', async () => {
    const { db } = ctx.database();
    const admin = await createAdmin(db);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, admin.id))).toEqual([
      expect.objectContaining({ role: 'admin' }),
    ]);
  });

  it('creates an open job with its outcode and centroid derived from the postcode', async () => {
    const { db } = ctx.database();
    const job = await createJob(db);
    expect(job).toMatchObject({ status: 'open', outcode: 'M1', postcode: 'M1 1AE' });
    expect(job.lat).not.toBeNull();
    const cancelled = await createJob(db, { status: 'cancelled', postcode: 'BT7 1AB' });
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(cancelled.outcode).toBe('BT7');
  });

  it('creates a pending quote from a tradesperson who does not own the job', async () => {
    const { db } = ctx.database();
    const quote = await createQuote(db);
    const [job] = await db.select().from(jobPostings).where(eq(jobPostings.id, quote.jobId));
    expect(quote.status).toBe('pending');
    expect(quote.tradespersonId).not.toBe(job!.customerId);
  });

  it("creates a confirmed booking on an accepted quote, at the quote's amount", async () => {
    const { db } = ctx.database();
    const booking = await createBooking(db);
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, booking.quoteId));
    const [job] = await db.select().from(jobPostings).where(eq(jobPostings.id, booking.jobId));
    expect(booking.status).toBe('confirmed');
    expect(quote!.status).toBe('accepted');
    expect(job!.status).toBe('in_progress');
    expect(booking.amount).toBe(quote!.amount);

    const own = await createQuote(db, { amount: 12_345 });
    const fromQuote = await createBooking(db, { quoteId: own.id, status: 'completed' });
    expect(fromQuote.amount).toBe(12_345);
    expect(fromQuote.completedAt).not.toBeNull();
  });

  it('creates a review on a completed, paid booking from its customer to its tradesperson', async () => {
    const { db } = ctx.database();
    const review = await createReview(db);
    expect(review.rating).toBe(5);
    const booking = await createBooking(db, { status: 'completed', depositPaid: true });
    const back = await createReview(db, {
      bookingId: booking.id,
      reviewerId: booking.tradespersonId,
      rating: 4,
    });
    expect(back.revieweeId).toBe(booking.customerId);
  });

  it('creates an open dispute by the customer on a disputed booking', async () => {
    const { db } = ctx.database();
    const dispute = await createDispute(db);
    expect(dispute).toMatchObject({ status: 'open', raisedByType: 'customer' });
    expect(dispute.description.length).toBeGreaterThanOrEqual(20);
  });

  it('creates a conversation between two people and an unread message in it', async () => {
    const { db } = ctx.database();
    const conversation = await createConversation(db);
    expect(conversation.participantOneId).not.toBe(conversation.participantTwoId);
    const message = await createMessage(db, { conversationId: conversation.id });
    expect(message).toMatchObject({ senderId: conversation.participantOneId, read: false, readAt: null });
    const standalone = await createMessage(db, { read: true });
    expect(standalone.readAt).not.toBeNull();
  });
});
