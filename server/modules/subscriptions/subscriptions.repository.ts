import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import {
  bookings,
  paymentMethods,
  payments,
  profiles,
  subscriptions,
  subscriptionVisits,
  tradespersonProfiles,
  users,
} from '../../db/schema';

// The SQL of repeat service plans: the plan rows, their visit rows, and the reads the pages and the
// scheduled jobs make of them. Services decide the transactions and the locks.

export type PlanRow = typeof subscriptions.$inferSelect;
export type NewPlan = typeof subscriptions.$inferInsert;
export type VisitRow = typeof subscriptionVisits.$inferSelect;
export type NewVisit = typeof subscriptionVisits.$inferInsert;

export async function insertPlan(tx: Executor, plan: NewPlan): Promise<PlanRow> {
  const [row] = await tx.insert(subscriptions).values(plan).returning();
  return row!;
}

export async function findPlan(db: Executor, id: string, { forUpdate = false } = {}) {
  const q = db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updatePlan(tx: Executor, id: string, set: Partial<NewPlan>): Promise<PlanRow> {
  const [row] = await tx.update(subscriptions).set(set).where(eq(subscriptions.id, id)).returning();
  return row!;
}

/** A request or proposal of this customer with this tradesperson still waiting for an answer. */
export async function waitingPlanOf(tx: Executor, customerId: string, tradespersonId: string) {
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.customerId, customerId),
        eq(subscriptions.tradespersonId, tradespersonId),
        inArray(subscriptions.status, ['requested', 'proposed']),
      ),
    )
    .limit(1);
  return row;
}

/** The plans the user is a party to, newest first. */
const customerProfile = alias(profiles, 'customer_profile');
const tradespersonProfile = alias(profiles, 'tradesperson_profile');

/** A plan with what its view names beside its terms (presenters.ts). */
export interface PlanWithParties extends PlanRow {
  customerName: string;
  tradespersonName: string;
  businessName: string | null;
  /** The plan's card; the view shows it to the customer only. */
  card: { brand: string; last4: string } | null;
}

const named = (name: string | null) => name?.trim() || 'TradeNest user';

/**
 * The plans of a user (newest first, at most `limit`) or one plan, each with both parties' names, the
 * tradesperson's business name and the plan's card, in one statement: every statement costs the page a
 * round trip (a crossing into PGlite on the embedded database), and these were three.
 */
export async function plansWithParties(
  db: Executor,
  which: { userId: string; limit: number } | { planId: string },
): Promise<PlanWithParties[]> {
  // Built once each (prepared()): Drizzle spent more of this page's CPU writing these statements' SQL,
  // with every column of the plan named, than anything else in the server did.
  const rows =
    'planId' in which
      ? await prepared(db, 'plan_with_parties', (d) =>
          plansQuery(d)
            .where(eq(subscriptions.id, sql.placeholder('planId')))
            .prepare('plan_with_parties'),
        ).execute({ planId: which.planId })
      : await prepared(db, `plans_of_user_${which.limit}`, (d) =>
          plansQuery(d)
            .where(
              or(
                eq(subscriptions.customerId, sql.placeholder('userId')),
                eq(subscriptions.tradespersonId, sql.placeholder('userId')),
              ),
            )
            .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
            .limit(literalLimit(which.limit))
            .prepare(`plans_of_user_${which.limit}`),
        ).execute({ userId: which.userId });
  return rows.map((r) => ({
    ...r.plan,
    customerName: named(r.customerName),
    tradespersonName: named(r.tradespersonName),
    businessName: r.businessName,
    card: r.cardBrand && r.cardLast4 ? { brand: r.cardBrand, last4: r.cardLast4 } : null,
  }));
}

function plansQuery(db: Executor) {
  return db
    .select({
      plan: subscriptions,
      customerName: customerProfile.fullName,
      tradespersonName: tradespersonProfile.fullName,
      businessName: tradespersonProfiles.businessName,
      cardBrand: paymentMethods.brand,
      cardLast4: paymentMethods.last4,
    })
    .from(subscriptions)
    .leftJoin(customerProfile, eq(customerProfile.id, subscriptions.customerId))
    .leftJoin(tradespersonProfile, eq(tradespersonProfile.id, subscriptions.tradespersonId))
    .leftJoin(tradespersonProfiles, eq(tradespersonProfiles.userId, subscriptions.tradespersonId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, subscriptions.paymentMethodId))
    .$dynamic();
}

/** What a plan's view reads of a visit's latest payment. */
export type VisitPayment = Pick<
  PaymentRowOf,
  'bookingId' | 'status' | 'providerPaymentId' | 'paidAt' | 'heldUntil' | 'releasedAt'
>;

/**
 * The visits of `planIds` in order, each with its booking (if booked) and that booking's latest payment,
 * in one statement: the plans page reads them together, and on the embedded database every statement
 * costs a crossing into PGlite whatever its size. Only the columns the view reads are selected.
 */
export async function visitsWithMoney(db: Executor, planIds: string[]) {
  const bookingsById = new Map<string, { jobId: string; status: string; depositPaid: boolean }>();
  const paymentsByBooking = new Map<string, VisitPayment>();
  if (planIds.length === 0)
    return { visits: [] as VisitRow[], bookings: bookingsById, payments: paymentsByBooking };
  const rows = await prepared(db, 'visits_with_money', (d) => visitsQuery(d)).execute({ planIds });
  for (const { booking, payment } of rows) {
    if (booking?.id) bookingsById.set(booking.id, booking);
    if (payment?.bookingId) paymentsByBooking.set(payment.bookingId, payment as VisitPayment);
  }
  return {
    visits: rows.map((r) => r.visit),
    bookings: bookingsById,
    payments: paymentsByBooking,
  };
}

function visitsQuery(db: Executor) {
  const ofPlans = sql`${subscriptionVisits.subscriptionId} = any(${sql.placeholder('planIds')}::uuid[])`;
  // The latest payment of each visit's booking (visits have one charge at a time, retried as new rows).
  const latest = db
    .selectDistinctOn([payments.bookingId], {
      bookingId: payments.bookingId,
      status: payments.status,
      providerPaymentId: payments.providerPaymentId,
      paidAt: payments.paidAt,
      heldUntil: payments.heldUntil,
      releasedAt: payments.releasedAt,
    })
    .from(payments)
    .where(
      inArray(
        payments.bookingId,
        db.select({ id: subscriptionVisits.bookingId }).from(subscriptionVisits).where(ofPlans),
      ),
    )
    .orderBy(payments.bookingId, desc(payments.createdAt), desc(payments.id))
    .as('latest');
  return db
    .select({
      visit: subscriptionVisits,
      booking: {
        id: bookings.id,
        jobId: bookings.jobId,
        status: bookings.status,
        depositPaid: bookings.depositPaid,
      },
      payment: {
        bookingId: latest.bookingId,
        status: latest.status,
        providerPaymentId: latest.providerPaymentId,
        paidAt: latest.paidAt,
        heldUntil: latest.heldUntil,
        releasedAt: latest.releasedAt,
      },
    })
    .from(subscriptionVisits)
    .leftJoin(bookings, eq(bookings.id, subscriptionVisits.bookingId))
    .leftJoin(latest, eq(latest.bookingId, subscriptionVisits.bookingId))
    .where(ofPlans)
    .orderBy(asc(subscriptionVisits.visitIndex))
    .prepare('visits_with_money');
}

export async function findVisit(db: Executor, id: string, { forUpdate = false } = {}) {
  const q = db.select().from(subscriptionVisits).where(eq(subscriptionVisits.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function visitOfBooking(db: Executor, bookingId: string) {
  const [row] = await db.select().from(subscriptionVisits).where(eq(subscriptionVisits.bookingId, bookingId));
  return row;
}

/** The plan's visits from `fromIndex` on, locked (call under the plan's lock). */
export async function visitsFrom(tx: Executor, planId: string, fromIndex: number) {
  return tx
    .select()
    .from(subscriptionVisits)
    .where(
      and(
        eq(subscriptionVisits.subscriptionId, planId),
        sql`${subscriptionVisits.visitIndex} >= ${fromIndex}`,
      ),
    )
    .orderBy(asc(subscriptionVisits.visitIndex))
    .for('update');
}

export async function insertVisits(tx: Executor, rows: NewVisit[]): Promise<VisitRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(subscriptionVisits).values(rows).returning();
}

export async function updateVisit(tx: Executor, id: string, set: Partial<NewVisit>): Promise<VisitRow> {
  const [row] = await tx.update(subscriptionVisits).set(set).where(eq(subscriptionVisits.id, id)).returning();
  return row!;
}

/** A tradesperson a customer may ask from a profile: listed (not hidden), with a trade. */
export async function askableTradesperson(db: Executor, id: string) {
  const [row] = await db
    .select({ id: profiles.id, trade: tradespersonProfiles.trade })
    .from(profiles)
    .innerJoin(tradespersonProfiles, eq(tradespersonProfiles.userId, profiles.id))
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        eq(profiles.id, id),
        eq(profiles.userType, 'tradesperson'),
        eq(tradespersonProfiles.hidden, false),
        isNull(users.deletedAt),
        isNull(users.suspendedAt),
      ),
    );
  return row?.trade ? row : undefined;
}

export async function findCard(db: Executor, id: string) {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row;
}

/** The bookings of visits, with their job and status, by booking id. */
export type PaymentRowOf = typeof payments.$inferSelect;

/** The latest payment of each booking (visits have one charge at a time, retried as new rows). */
export async function latestPaymentsOf(db: Executor, bookingIds: string[]) {
  const out = new Map<string, PaymentRowOf>();
  if (bookingIds.length === 0) return out;
  const rows = await db
    .select()
    .from(payments)
    .where(inArray(payments.bookingId, bookingIds))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  for (const p of rows) if (!out.has(p.bookingId)) out.set(p.bookingId, p);
  return out;
}

/**
 * The scheduled charge's claim: booked visits whose attempt is due, whose booking is still to be paid,
 * locked and skipped by any other instance already holding them.
 */
export async function claimDueVisits(tx: Executor, now: Date, limit: number) {
  const result = await tx.execute(sql`
    select v.id, v.subscription_id as "planId", v.booking_id as "bookingId", v.charge_attempts as "attempts"
      from ${subscriptionVisits} v
      join ${bookings} b on b.id = v.booking_id
     where v.next_charge_at <= ${now.toISOString()}::timestamptz
       and v.status = 'booked'
       and b.status in ('confirmed', 'completed')
       and not b.deposit_paid
     order by v.next_charge_at
     limit ${limit}
       for update of v skip locked`);
  return (
    result as unknown as { rows: { id: string; planId: string; bookingId: string; attempts: number }[] }
  ).rows;
}

/**
 * Starts the protection window of every visit whose booking was marked complete since its charge: its
 * payment is held until completion plus the window, when the release job pays the tradesperson. One
 * statement for all of them; a payment already given a release date keeps it.
 */
export async function holdCompletedVisits(tx: Executor, windowDays: number, now: Date): Promise<number> {
  const result = await tx.execute(sql`
    update ${payments} p
       set held_until = b.completed_at + make_interval(days => ${windowDays}), updated_at = ${now.toISOString()}::timestamptz
      from ${subscriptionVisits} v, ${bookings} b
     where v.booking_id = p.booking_id
       and b.id = p.booking_id
       and b.status = 'completed'
       and p.status = 'succeeded'
       and p.held_until is null
       and p.released_at is null
       and p.milestone_id is null
       and p.change_id is null`);
  const r = result as unknown as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** Visit charges an interruption left 'processing' between `since` and `before` (reconciliation). */
export async function stuckVisitCharges(db: Executor, since: Date, before: Date): Promise<string[]> {
  const result = await db.execute(sql`
    select p.id from ${payments} p
      join ${subscriptionVisits} v on v.booking_id = p.booking_id
     where p.status = 'processing'
       and p.milestone_id is null and p.change_id is null
       and p.provider_payment_method_id is not null
       and p.created_at >= ${since.toISOString()}::timestamptz
       and p.created_at < ${before.toISOString()}::timestamptz`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}
