import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
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
export async function plansOfUser(db: Executor, userId: string, limit: number) {
  return db
    .select()
    .from(subscriptions)
    .where(or(eq(subscriptions.customerId, userId), eq(subscriptions.tradespersonId, userId)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(limit);
}

/**
 * The visits of `planIds` in order, each with its booking (if booked) and that booking's latest payment,
 * in one statement: the plans page reads them together, and on the embedded database every statement
 * costs a crossing into PGlite whatever its size.
 */
export async function visitsWithMoney(db: Executor, planIds: string[]) {
  const bookingsById = new Map<string, { jobId: string; status: string; depositPaid: boolean }>();
  const paymentsByBooking = new Map<string, PaymentRowOf>();
  if (planIds.length === 0)
    return { visits: [] as VisitRow[], bookings: bookingsById, payments: paymentsByBooking };
  // The latest payment of each visit's booking (visits have one charge at a time, retried as new rows).
  const latest = db
    .selectDistinctOn([payments.bookingId])
    .from(payments)
    .where(
      inArray(
        payments.bookingId,
        db
          .select({ id: subscriptionVisits.bookingId })
          .from(subscriptionVisits)
          .where(inArray(subscriptionVisits.subscriptionId, planIds)),
      ),
    )
    .orderBy(payments.bookingId, desc(payments.createdAt), desc(payments.id))
    .as('latest');
  // Without a selection, each row holds the visit, its booking and its payment under their tables' names.
  const rows = await db
    .select()
    .from(subscriptionVisits)
    .leftJoin(bookings, eq(bookings.id, subscriptionVisits.bookingId))
    .leftJoin(latest, eq(latest.bookingId, subscriptionVisits.bookingId))
    .where(inArray(subscriptionVisits.subscriptionId, planIds))
    .orderBy(asc(subscriptionVisits.visitIndex));
  for (const { bookings: booking, latest: payment } of rows) {
    if (booking) bookingsById.set(booking.id, booking);
    if (payment) paymentsByBooking.set(payment.bookingId, payment);
  }
  return {
    visits: rows.map((r) => r.subscription_visits),
    bookings: bookingsById,
    payments: paymentsByBooking,
  };
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

/** The people a plan names: both parties' names and the tradesperson's business name. */
export async function peopleOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, { name: string; businessName: string | null }>();
  const rows = await db
    .select({ id: profiles.id, name: profiles.fullName, businessName: tradespersonProfiles.businessName })
    .from(profiles)
    .leftJoin(tradespersonProfiles, eq(tradespersonProfiles.userId, profiles.id))
    .where(inArray(profiles.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => [r.id, { name: r.name?.trim() || 'TradeNest user', businessName: r.businessName }]),
  );
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

export async function cardsById(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, { brand: string; last4: string }>();
  const rows = await db
    .select({ id: paymentMethods.id, brand: paymentMethods.brand, last4: paymentMethods.last4 })
    .from(paymentMethods)
    .where(inArray(paymentMethods.id, ids));
  return new Map(rows.map((r) => [r.id, { brand: r.brand, last4: r.last4 }]));
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
