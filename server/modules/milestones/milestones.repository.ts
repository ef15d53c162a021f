import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { MilestoneStatus, PlanStatus } from '../../../domain/catalog/statuses';
import type { PlanItem } from '../../../domain/milestones/api';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { tableRows } from '../../db/rows';
import {
  bookings,
  jobPostings,
  milestonePlans,
  paymentMilestones,
  payments,
  profiles,
} from '../../db/schema';

// The SQL of milestone plans and milestones.

export type PlanRow = typeof milestonePlans.$inferSelect;
export type MilestoneRow = typeof paymentMilestones.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export async function plansOfBooking(db: Executor, bookingId: string): Promise<PlanRow[]> {
  return db
    .select()
    .from(milestonePlans)
    .where(eq(milestonePlans.bookingId, bookingId))
    .orderBy(desc(milestonePlans.createdAt));
}

export const { insert: insertPlan } = tableRows(milestonePlans);

export async function setPlanStatus(
  tx: Executor,
  id: string,
  values: { status: PlanStatus; decidedAt?: Date; declineReason?: string | null },
) {
  await tx.update(milestonePlans).set(values).where(eq(milestonePlans.id, id));
}

export async function hasAcceptedPlan(db: Executor, bookingId: string): Promise<boolean> {
  const [row] = await prepared(db, 'has_accepted_plan', (d) =>
    d
      .select({ id: milestonePlans.id })
      .from(milestonePlans)
      .where(
        and(
          eq(milestonePlans.bookingId, sql.placeholder('bookingId')),
          eq(milestonePlans.status, 'accepted'),
        ),
      )
      .prepare('has_accepted_plan'),
  ).execute({ bookingId });
  return row !== undefined;
}

export const planItems = (plan: Pick<PlanRow, 'items'>) => plan.items as PlanItem[];

/** A booking's milestones in order (spec: select by booking_id ordered by milestone_index). */
export async function milestonesOfBooking(
  db: Executor,
  bookingId: string,
  { forUpdate = false } = {},
): Promise<MilestoneRow[]> {
  const name = `milestones_of_booking${forUpdate ? '_for_update' : ''}`;
  return prepared(db, name, (d) => {
    const query = d
      .select()
      .from(paymentMilestones)
      .where(eq(paymentMilestones.bookingId, sql.placeholder('bookingId')))
      .orderBy(asc(paymentMilestones.milestoneIndex));
    return (forUpdate ? query.for('update') : query).prepare(name);
  }).execute({ bookingId });
}

export const { find: findMilestone } = tableRows(paymentMilestones);

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

/** What a plan's view needs (milestones.service planView). */
export type PlanFigures = Pick<
  PlanRow,
  'id' | 'status' | 'items' | 'revision' | 'declineReason' | 'decidedAt' | 'createdAt'
>;
/** What a milestone's view needs (milestones.service milestoneView). */
export type MilestoneFigures = Pick<
  MilestoneRow,
  | 'id'
  | 'milestoneIndex'
  | 'title'
  | 'description'
  | 'amount'
  | 'platformFeeAmount'
  | 'dueDate'
  | 'status'
  | 'paidAt'
  | 'doneAt'
>;
/** What a milestone's view needs of its latest charge. */
export type MilestonePaymentFigures = Pick<PaymentRow, 'status' | 'releasedAt' | 'heldUntil' | 'lastError'>;

type Stamped<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] extends Date ? string : string | null };

export interface BookingMilestonesData {
  booking: {
    id: string;
    jobId: string;
    customerId: string;
    tradespersonId: string;
    amount: number;
    status: string;
    depositPaid: boolean;
  };
  jobTitle: string;
  customerName: string | null;
  tradespersonName: string | null;
  /** Newest first (plansOfBooking). */
  plans: PlanFigures[];
  /** In milestone order, each with its latest charge (paymentsOfMilestones). */
  milestones: { milestone: MilestoneFigures; payment: MilestonePaymentFigures | null }[];
  /** A single (non-milestone) payment of the booking succeeded. */
  paidInOne: boolean;
  /** Any charge of a milestone was ever attempted (milestoneChargesExist). */
  milestoneCharges: boolean;
}

type PlanJson = Stamped<PlanFigures, 'decidedAt' | 'createdAt'>;
type MilestoneJson = Stamped<MilestoneFigures, 'paidAt' | 'doneAt'>;
type MilestonePaymentJson = Stamped<MilestonePaymentFigures, 'releasedAt' | 'heldUntil'>;

const dateOrNull = (s: string | null) => (s === null ? null : new Date(s));

/**
 * A booking's milestones page in one statement: the booking with its job's title and both parties'
 * names, its plans, its milestones each with its latest charge, and what decides whether a new plan
 * may be proposed (six statements, partly one after the other, before; issue 19). A milestone's
 * charges are found through the booking's (payments by booking is indexed; by milestone only while
 * live). Undefined when there is no such booking.
 */
export async function bookingMilestonesData(
  db: Executor,
  bookingId: string,
): Promise<BookingMilestonesData | undefined> {
  const [row] = await prepared(db, 'booking_milestones', (d) =>
    d
      .select({
        booking: sql<BookingMilestonesData['booking']>`json_build_object('id', bk.id, 'jobId', bk.job_id,
          'customerId', bk.customer_id, 'tradespersonId', bk.tradesperson_id, 'amount', bk.amount,
          'status', bk.status, 'depositPaid', bk.deposit_paid)`,
        jobTitle: sql<string>`j.title`,
        customerName: sql<string | null>`(select c.full_name from ${profiles} c where c.id = bk.customer_id)`,
        tradespersonName: sql<
          string | null
        >`(select t.full_name from ${profiles} t where t.id = bk.tradesperson_id)`,
        plans: sql<PlanJson[]>`(select coalesce(json_agg(json_build_object('id', mp.id, 'status', mp.status,
            'items', mp.items, 'revision', mp.revision, 'declineReason', mp.decline_reason,
            'decidedAt', mp.decided_at, 'createdAt', mp.created_at) order by mp.created_at desc), '[]')
          from ${milestonePlans} mp where mp.booking_id = bk.id)`,
        milestones: sql<{ milestone: MilestoneJson; payment: MilestonePaymentJson | null }[]>`(select
            coalesce(json_agg(json_build_object('milestone', json_build_object('id', m.id,
              'milestoneIndex', m.milestone_index, 'title', m.title, 'description', m.description,
              'amount', m.amount, 'platformFeeAmount', m.platform_fee_amount, 'dueDate', m.due_date,
              'status', m.status, 'paidAt', m.paid_at, 'doneAt', m.done_at),
              'payment', (select json_build_object('status', p.status, 'releasedAt', p.released_at,
                  'heldUntil', p.held_until, 'lastError', p.last_error)
                from ${payments} p where p.booking_id = bk.id and p.milestone_id = m.id
                order by p.created_at desc limit 1)) order by m.milestone_index), '[]')
          from ${paymentMilestones} m where m.booking_id = bk.id)`,
        paidInOne: sql<boolean>`exists (select 1 from ${payments} p
          where p.booking_id = bk.id and p.milestone_id is null and p.status = 'succeeded')`,
        milestoneCharges: sql<boolean>`exists (select 1 from ${payments} p
          where p.booking_id = bk.id and p.milestone_id is not null)`,
      })
      // Aliased: Drizzle writes a lone table's columns unqualified, which the subqueries would capture.
      .from(sql`${bookings} as bk join ${jobPostings} as j on j.id = bk.job_id`)
      .where(sql`bk.id = ${sql.placeholder('bookingId')}::uuid`)
      .prepare('booking_milestones'),
  ).execute({ bookingId });
  if (!row) return undefined;
  return {
    ...row,
    plans: row.plans.map((p) => ({
      ...p,
      decidedAt: dateOrNull(p.decidedAt),
      createdAt: new Date(p.createdAt),
    })),
    milestones: row.milestones.map(({ milestone: m, payment: p }) => ({
      milestone: { ...m, paidAt: dateOrNull(m.paidAt), doneAt: dateOrNull(m.doneAt) },
      payment: p && { ...p, releasedAt: dateOrNull(p.releasedAt), heldUntil: dateOrNull(p.heldUntil) },
    })),
  };
}

/** Milestone charges written since `since` and still 'processing', untouched since `before`. */
export async function stuckMilestoneCharges(db: Executor, since: Date, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'processing'),
        isNotNull(payments.milestoneId),
        gte(payments.createdAt, since),
        lt(payments.updatedAt, before),
      ),
    );
  return rows.map((r) => r.id);
}
