import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '../../../domain/catalog/statuses';
import type { Executor } from '../../db/client';
import {
  bookings,
  connectedAccounts,
  jobPostings,
  payments,
  payouts,
  profiles,
  refunds,
  webhookEvents,
} from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type ConnectedAccountRow = typeof connectedAccounts.$inferSelect;

/** Checkouts still waiting for the customer. */
export const OPEN_PAYMENT_STATUSES: PaymentStatus[] = ['requires_payment', 'requires_action', 'processing'];

export async function insertPayment(tx: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

export async function findPayment(db: Executor, id: string, { forUpdate = false } = {}) {
  const query = db.select().from(payments).where(eq(payments.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findPaymentBySession(db: Executor, sessionId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
  return row;
}

export async function updatePayment(tx: Executor, id: string, values: Partial<typeof payments.$inferInsert>) {
  const [row] = await tx.update(payments).set(values).where(eq(payments.id, id)).returning();
  return row!;
}

/** Records the provider's checkout session of a payment (the same id whichever request got it first). */
export async function setCheckoutSession(db: Executor, paymentId: string, sessionId: string) {
  await db
    .update(payments)
    .set({ checkoutSessionId: sessionId, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), isNull(payments.checkoutSessionId)));
}

/** Every payment of a booking, its single payment's and its milestones', newest first. */
export async function paymentsOfBooking(db: Executor, bookingId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .orderBy(desc(payments.createdAt));
}

export async function findPaymentByProviderId(db: Executor, providerPaymentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  return row;
}

/** Held payments whose protection window has ended, oldest first. */
export async function releaseDuePayments(db: Executor, now: Date, limit: number) {
  return db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        eq(payments.status, 'succeeded'),
        isNull(payments.releasedAt),
        lte(payments.heldUntil, now),
        sql`${bookings.status} <> 'disputed'`,
      ),
    )
    .orderBy(asc(payments.heldUntil))
    .limit(limit);
}

/** A tradesperson's held, released and refunded payments, newest first, with their jobs. */
export async function paymentsOfTradesperson(db: Executor, userId: string, limit = 50) {
  return db
    .select({
      payment: payments,
      jobId: jobPostings.id,
      jobTitle: jobPostings.title,
      customerName: profiles.fullName,
      bookingStatus: bookings.status,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
    .leftJoin(profiles, eq(profiles.id, bookings.customerId))
    .where(and(eq(bookings.tradespersonId, userId), inArray(payments.status, ['succeeded', 'refunded'])))
    .orderBy(desc(payments.paidAt))
    .limit(limit);
}

const customerProfile = alias(profiles, 'customer_profile');
const tradespersonProfile = alias(profiles, 'tradesperson_profile');

export async function latestPayments(db: Executor, limit = 100) {
  return db
    .select({
      payment: payments,
      jobId: jobPostings.id,
      jobTitle: jobPostings.title,
      customerId: bookings.customerId,
      customerName: customerProfile.fullName,
      tradespersonId: bookings.tradespersonId,
      tradespersonName: tradespersonProfile.fullName,
      bookingStatus: bookings.status,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
    .leftJoin(customerProfile, eq(customerProfile.id, bookings.customerId))
    .leftJoin(tradespersonProfile, eq(tradespersonProfile.id, bookings.tradespersonId))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

// ---- Connected accounts ----

export async function findConnectedAccount(db: Executor, userId: string, { forUpdate = false } = {}) {
  const query = db.select().from(connectedAccounts).where(eq(connectedAccounts.userId, userId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findConnectedAccountByProviderId(db: Executor, providerAccountId: string) {
  const [row] = await db
    .select()
    .from(connectedAccounts)
    .where(eq(connectedAccounts.providerAccountId, providerAccountId));
  return row;
}

export async function insertConnectedAccount(tx: Executor, values: typeof connectedAccounts.$inferInsert) {
  const [row] = await tx
    .insert(connectedAccounts)
    .values(values)
    .onConflictDoNothing({ target: connectedAccounts.userId })
    .returning();
  return row ?? (await findConnectedAccount(tx, values.userId))!;
}

export async function updateConnectedAccount(
  tx: Executor,
  userId: string,
  values: Partial<typeof connectedAccounts.$inferInsert>,
) {
  const [row] = await tx
    .update(connectedAccounts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(connectedAccounts.userId, userId))
    .returning();
  return row!;
}

// ---- Payouts ----

export async function insertPayout(tx: Executor, values: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await tx.insert(payouts).values(values).returning();
  return row!;
}

export async function findPayout(db: Executor, id: string, { forUpdate = false } = {}) {
  const query = db.select().from(payouts).where(eq(payouts.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updatePayout(tx: Executor, id: string, values: Partial<typeof payouts.$inferInsert>) {
  const [row] = await tx.update(payouts).set(values).where(eq(payouts.id, id)).returning();
  return row!;
}

export async function pendingPayouts(db: Executor, userId?: string) {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), userId ? eq(payouts.userId, userId) : undefined))
    .orderBy(asc(payouts.createdAt));
}

export async function payoutsOf(db: Executor, userId: string, limit = 50) {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.userId, userId))
    .orderBy(desc(payouts.createdAt))
    .limit(limit);
}

/** Tradespeople whose connected account takes payouts (the reconciliation job's round). */
export async function payoutReadyUsers(db: Executor) {
  return db
    .select({ userId: connectedAccounts.userId })
    .from(connectedAccounts)
    .where(eq(connectedAccounts.payoutsEnabled, true));
}

// ---- Refunds ----

export type RefundRow = typeof refunds.$inferSelect;

export async function insertRefund(tx: Executor, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  return row!;
}

export async function findRefund(db: Executor, id: string, { forUpdate = false } = {}) {
  const query = db.select().from(refunds).where(eq(refunds.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateRefund(tx: Executor, id: string, values: Partial<typeof refunds.$inferInsert>) {
  const [row] = await tx.update(refunds).set(values).where(eq(refunds.id, id)).returning();
  return row!;
}

export async function pendingRefunds(db: Executor) {
  return db.select().from(refunds).where(eq(refunds.status, 'pending')).orderBy(asc(refunds.createdAt));
}

// ---- Webhooks ----

/** Records a webhook's id; false when it was seen before (and processed). */
export async function claimWebhook(
  tx: Executor,
  event: { id: string; provider: string; type: string; payload: unknown },
): Promise<boolean> {
  const [row] = await tx
    .insert(webhookEvents)
    .values({ id: event.id, provider: event.provider, type: event.type, payload: event.payload })
    .onConflictDoNothing({ target: webhookEvents.id })
    .returning({ id: webhookEvents.id });
  if (row) return true;
  const [seen] = await tx
    .select({ processedAt: webhookEvents.processedAt })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, event.id))
    .for('update');
  return !seen?.processedAt;
}

export async function markWebhookProcessed(tx: Executor, id: string, at: Date) {
  await tx.update(webhookEvents).set({ processedAt: at }).where(eq(webhookEvents.id, id));
}
