import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { PaymentStatus } from '../../../domain/catalog/statuses';
import { ADMIN_PAYMENTS_MAX } from '../../../domain/payments/api';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import { tableRows } from '../../db/rows';
import {
  bookings,
  jobPostings,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  paymentMilestones,
  payments,
  payouts,
  profiles,
  refunds,
  webhookEvents,
} from '../../db/schema';
import { type PaymentFigures, type PaymentJson, paymentJson } from './payment-json';

export type PaymentRow = typeof payments.$inferSelect;

/** Checkouts still waiting for the customer. */
export const OPEN_PAYMENT_STATUSES: PaymentStatus[] = ['requires_payment', 'requires_action', 'processing'];

export const { insert: insertPayment, find: findPayment, update: updatePayment } = tableRows(payments);

export async function findPaymentBySession(db: Executor, sessionId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
  return row;
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
  return prepared(db, 'payments_of_booking', (d) =>
    d
      .select()
      .from(payments)
      .where(eq(payments.bookingId, sql.placeholder('bookingId')))
      .orderBy(desc(payments.createdAt))
      .prepare('payments_of_booking'),
  ).execute({ bookingId });
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

export interface BookingMoneyData {
  id: string;
  jobId: string;
  customerId: string;
  tradespersonId: string;
  amount: number;
  status: string;
  /** Every payment of the booking, newest first (paymentsOfBooking). */
  payments: PaymentJson[];
  /** The booking's milestones, when any of its payments is a milestone's (named in the timeline). */
  milestones: { id: string; title: string }[];
  /** Every posting naming its payments, oldest first (transactionsOfPayments). */
  postings: {
    id: string;
    kind: string;
    paymentId: string;
    createdAt: string;
    accountKind: string;
    amountPence: number;
  }[];
  /**
   * The tradesperson's payouts among their latest 200, oldest first, from the booking's first release
   * on (a release is paid out by a payout created after it); none when nothing was released.
   */
  payouts: { status: string; createdAt: string; paidAt: string | null }[];
}

/**
 * A booking's money timeline in one statement: the booking, its payments, the milestones that name
 * them, their ledger postings and the payouts that took their releases (up to five round trips, most
 * of them one after the other, before; issue 19). Undefined when there is no such booking.
 */
export async function bookingMoneyData(
  db: Executor,
  bookingId: string,
): Promise<BookingMoneyData | undefined> {
  const [row] = await prepared(db, 'booking_money', (d) =>
    d
      .select({
        id: sql<string>`bk.id`,
        jobId: sql<string>`bk.job_id`,
        customerId: sql<string>`bk.customer_id`,
        tradespersonId: sql<string>`bk.tradesperson_id`,
        amount: sql<number>`bk.amount`,
        status: sql<string>`bk.status`,
        payments: sql<
          PaymentJson[]
        >`(select coalesce(json_agg(${paymentJson('p')} order by p.created_at desc), '[]')
          from ${payments} p where p.booking_id = bk.id)`,
        milestones: sql<
          BookingMoneyData['milestones']
        >`(select coalesce(json_agg(json_build_object('id', m.id, 'title', m.title)), '[]')
          from ${paymentMilestones} m where m.booking_id = bk.id
           and exists (select 1 from ${payments} p where p.booking_id = bk.id and p.milestone_id is not null))`,
        postings: sql<
          BookingMoneyData['postings']
        >`(select coalesce(json_agg(json_build_object('id', t.id, 'kind', t.kind,
            'paymentId', t.payment_id, 'createdAt', t.created_at, 'accountKind', a.kind, 'amountPence', e.amount_pence)
            order by t.created_at, e.id), '[]')
          from ${ledgerTransactions} t
          join ${ledgerEntries} e on e.transaction_id = t.id
          join ${ledgerAccounts} a on a.id = e.account_id
          where t.payment_id in (select p.id from ${payments} p where p.booking_id = bk.id))`,
        payouts: sql<
          BookingMoneyData['payouts']
        >`(select coalesce(json_agg(json_build_object('status', o.status,
            'createdAt', o.created_at, 'paidAt', o.paid_at) order by o.created_at), '[]')
          from (select * from ${payouts} where user_id = bk.tradesperson_id order by created_at desc limit 200) o
          -- At the millisecond, as the timeline compares them in JavaScript.
          where date_trunc('milliseconds', o.created_at) >= (select date_trunc('milliseconds', min(p.released_at)) from ${payments} p
            where p.booking_id = bk.id and p.released_at is not null and p.released_pence > 0))`,
      })
      // Aliased: Drizzle writes a lone table's columns unqualified, which the subqueries would capture.
      .from(sql`${bookings} as bk`)
      .where(sql`bk.id = ${sql.placeholder('bookingId')}::uuid`)
      .prepare('booking_money'),
  ).execute({ bookingId });
  return row;
}

export interface LatestPaymentData {
  payment: PaymentFigures;
  jobId: string;
  jobTitle: string;
  customerId: string;
  customerName: string | null;
  tradespersonId: string;
  tradespersonName: string | null;
  bookingStatus: string;
}

/**
 * The latest payments with their jobs and parties, newest first: prepared once, and only the columns
 * the page shows, flat. Built on every request with every payment column nested under `payment`,
 * Drizzle's building and mapping of a hundred wide rows cost more than the statement (issue 19); as
 * one JSON value the node side was as cheap but PostgreSQL's side dearer. The page size is written
 * into the statement (literalLimit) and the newest are read from payments_created_idx.
 */
export async function latestPayments(db: Executor): Promise<LatestPaymentData[]> {
  const rows = await prepared(db, 'latest_payments_100', (d) =>
    d
      .select({
        id: sql<string>`p.id`,
        bookingId: sql<string>`p.booking_id`,
        milestoneId: sql<string | null>`p.milestone_id`,
        status: sql<string>`p.status`,
        amountPence: sql<number>`p.amount_pence`,
        refundedPence: sql<number>`p.refunded_pence`,
        releasedPence: sql<number>`p.released_pence`,
        heldUntil: sql<string | Date | null>`p.held_until`,
        releasedAt: sql<string | Date | null>`p.released_at`,
        paidAt: sql<string | Date | null>`p.paid_at`,
        createdAt: sql<string | Date>`p.created_at`,
        jobId: sql<string>`j.id`,
        jobTitle: sql<string>`j.title`,
        customerId: sql<string>`b.customer_id`,
        customerName: sql<string | null>`c.full_name`,
        tradespersonId: sql<string>`b.tradesperson_id`,
        tradespersonName: sql<string | null>`t.full_name`,
        bookingStatus: sql<string>`b.status`,
      })
      .from(sql`${payments} p
        join ${bookings} b on b.id = p.booking_id
        join ${jobPostings} j on j.id = b.job_id
        left join ${profiles} c on c.id = b.customer_id
        left join ${profiles} t on t.id = b.tradesperson_id`)
      .orderBy(sql`p.created_at desc`)
      .limit(literalLimit(ADMIN_PAYMENTS_MAX))
      .prepare('latest_payments_100'),
  ).execute();
  const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));
  const dateOrNull = (v: string | Date | null) => (v === null ? null : date(v));
  return rows.map((r) => ({
    payment: {
      id: r.id,
      bookingId: r.bookingId,
      milestoneId: r.milestoneId,
      status: r.status,
      amountPence: r.amountPence,
      refundedPence: r.refundedPence,
      releasedPence: r.releasedPence,
      heldUntil: dateOrNull(r.heldUntil),
      releasedAt: dateOrNull(r.releasedAt),
      paidAt: dateOrNull(r.paidAt),
      createdAt: date(r.createdAt),
    },
    jobId: r.jobId,
    jobTitle: r.jobTitle,
    customerId: r.customerId,
    customerName: r.customerName,
    tradespersonId: r.tradespersonId,
    tradespersonName: r.tradespersonName,
    bookingStatus: r.bookingStatus,
  }));
}

// ---- Refunds ----

export type RefundRow = typeof refunds.$inferSelect;

export const { insert: insertRefund, find: findRefund, update: updateRefund } = tableRows(refunds);

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
