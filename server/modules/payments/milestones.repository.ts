import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { MilestoneStatus, PlanStatus } from '../../../domain/catalog/statuses';
import type { PlanItem } from '../../../domain/milestones/api';
import type { Executor } from '../../db/client';
import {
  milestonePlans,
  paymentCustomers,
  paymentMethods,
  paymentMilestones,
  payments,
} from '../../db/schema';

// The SQL of milestone plans, milestones and saved cards.

export type PlanRow = typeof milestonePlans.$inferSelect;
export type MilestoneRow = typeof paymentMilestones.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export async function plansOfBooking(db: Executor, bookingId: string): Promise<PlanRow[]> {
  return db
    .select()
    .from(milestonePlans)
    .where(eq(milestonePlans.bookingId, bookingId))
    .orderBy(desc(milestonePlans.createdAt));
}

export async function insertPlan(tx: Executor, values: typeof milestonePlans.$inferInsert): Promise<PlanRow> {
  const [row] = await tx.insert(milestonePlans).values(values).returning();
  return row!;
}

export async function setPlanStatus(
  tx: Executor,
  id: string,
  values: { status: PlanStatus; decidedAt?: Date; declineReason?: string | null },
) {
  await tx.update(milestonePlans).set(values).where(eq(milestonePlans.id, id));
}

export async function hasAcceptedPlan(db: Executor, bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: milestonePlans.id })
    .from(milestonePlans)
    .where(and(eq(milestonePlans.bookingId, bookingId), eq(milestonePlans.status, 'accepted')));
  return row !== undefined;
}

export const planItems = (plan: PlanRow) => plan.items as PlanItem[];

/** A booking's milestones in order (spec: select by booking_id ordered by milestone_index). */
export async function milestonesOfBooking(
  db: Executor,
  bookingId: string,
  { forUpdate = false } = {},
): Promise<MilestoneRow[]> {
  const query = db
    .select()
    .from(paymentMilestones)
    .where(eq(paymentMilestones.bookingId, bookingId))
    .orderBy(asc(paymentMilestones.milestoneIndex));
  return forUpdate ? query.for('update') : query;
}

export async function findMilestone(db: Executor, id: string, { forUpdate = false } = {}) {
  const query = db.select().from(paymentMilestones).where(eq(paymentMilestones.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertMilestones(tx: Executor, values: (typeof paymentMilestones.$inferInsert)[]) {
  await tx.insert(paymentMilestones).values(values);
}

export async function deleteMilestonesOfBooking(tx: Executor, bookingId: string) {
  await tx.delete(paymentMilestones).where(eq(paymentMilestones.bookingId, bookingId));
}

export async function updateMilestone(
  tx: Executor,
  id: string,
  values: Partial<typeof paymentMilestones.$inferInsert>,
): Promise<MilestoneRow> {
  const [row] = await tx
    .update(paymentMilestones)
    .set(values)
    .where(eq(paymentMilestones.id, id))
    .returning();
  return row!;
}

export async function setMilestoneStatus(tx: Executor, id: string, status: MilestoneStatus, now: Date) {
  await tx.update(paymentMilestones).set({ status, updatedAt: now }).where(eq(paymentMilestones.id, id));
}

/** Whether any charge of the booking's milestones was ever attempted (then the plan is fixed). */
export async function milestoneChargesExist(db: Executor, bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), sql`${payments.milestoneId} is not null`))
    .limit(1);
  return row !== undefined;
}

/** The charges of the given milestones, newest first. */
export async function paymentsOfMilestones(db: Executor, milestoneIds: string[]) {
  if (milestoneIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(inArray(payments.milestoneId, milestoneIds))
    .orderBy(desc(payments.createdAt));
}

// ---- Saved cards ----

export async function findPaymentCustomer(db: Executor, userId: string) {
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
  return row;
}

/** Records the customer's provider record; a concurrent first call keeps the one already stored. */
export async function savePaymentCustomer(
  db: Executor,
  values: typeof paymentCustomers.$inferInsert,
): Promise<typeof paymentCustomers.$inferSelect> {
  await db.insert(paymentCustomers).values(values).onConflictDoNothing({ target: paymentCustomers.userId });
  return (await findPaymentCustomer(db, values.userId))!;
}

export async function findPaymentCustomerByProviderId(db: Executor, providerCustomerId: string) {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(eq(paymentCustomers.providerCustomerId, providerCustomerId));
  return row;
}

export async function cardsOfUser(db: Executor, userId: string, { forUpdate = false } = {}) {
  const query = db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  return forUpdate ? query.for('update') : query;
}

export async function findCard(db: Executor, id: string) {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row;
}

/** Saves a card once (a replayed webhook and the return page may both report it). */
export async function insertCard(tx: Executor, values: typeof paymentMethods.$inferInsert) {
  await tx
    .insert(paymentMethods)
    .values(values)
    .onConflictDoNothing({ target: paymentMethods.providerPaymentMethodId });
}

/** Makes one card the default: the others stop being it first (one default per user, an index). */
export async function makeDefault(tx: Executor, userId: string, cardId: string) {
  await tx
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, cardId)));
  await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, cardId));
}

export async function deleteCard(tx: Executor, id: string) {
  await tx.delete(paymentMethods).where(eq(paymentMethods.id, id));
}
