import { and, asc, desc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  bookings,
  conversations,
  disputeEvidence,
  disputeMessages,
  disputes,
  jobPostings,
  messages,
  payments,
  profiles,
  users,
} from '../../db/schema';

export type DisputeRow = typeof disputes.$inferSelect;
export type DisputeMessageRow = typeof disputeMessages.$inferSelect;
export type EvidenceRow = typeof disputeEvidence.$inferSelect;

export async function insertDispute(tx: Executor, values: typeof disputes.$inferInsert): Promise<DisputeRow> {
  const [row] = await tx.insert(disputes).values(values).returning();
  return row!;
}

export async function findDispute(db: Executor, id: string, { forUpdate = false } = {}) {
  const query = db.select().from(disputes).where(eq(disputes.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateDispute(tx: Executor, id: string, values: Partial<typeof disputes.$inferInsert>) {
  const [row] = await tx.update(disputes).set(values).where(eq(disputes.id, id)).returning();
  return row!;
}

/** The booking's unresolved dispute, if any (at most one: `disputes_one_open_per_booking`). */
export async function activeDisputeOfBooking(db: Executor, bookingId: string) {
  const [row] = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.bookingId, bookingId), ne(disputes.status, 'resolved')));
  return row;
}

/** A dispute with its booking's parties and job, as every view needs them. */
const withBooking = {
  dispute: disputes,
  jobId: bookings.jobId,
  jobTitle: jobPostings.title,
  customerId: bookings.customerId,
  tradespersonId: bookings.tradespersonId,
  bookingStatus: bookings.status,
  bookingAmount: bookings.amount,
  depositPaid: bookings.depositPaid,
  scheduledDate: bookings.scheduledDate,
  completedAt: bookings.completedAt,
  bookingCreatedAt: bookings.createdAt,
};
export type DisputeWithBooking = Awaited<ReturnType<typeof disputesWithBooking>>[number];

function disputesWithBooking(db: Executor) {
  return db
    .select(withBooking)
    .from(disputes)
    .innerJoin(bookings, eq(bookings.id, disputes.bookingId))
    .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId));
}

export async function disputeWithBooking(db: Executor, id: string) {
  const [row] = await disputesWithBooking(db).where(eq(disputes.id, id));
  return row;
}

/** Disputes on the user's bookings (as raiser or respondent), newest first. */
export async function disputesOfUser(db: Executor, userId: string, limit = 100) {
  return disputesWithBooking(db)
    .where(or(eq(bookings.customerId, userId), eq(bookings.tradespersonId, userId)))
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(limit);
}

/** The admin's queue: unresolved disputes oldest first, or the latest resolved. */
export async function disputeQueue(db: Executor, status: 'active' | 'resolved', limit = 200) {
  return status === 'active'
    ? disputesWithBooking(db)
        .where(ne(disputes.status, 'resolved'))
        .orderBy(asc(disputes.createdAt), asc(disputes.id))
        .limit(limit)
    : disputesWithBooking(db)
        .where(eq(disputes.status, 'resolved'))
        .orderBy(desc(disputes.resolvedAt), desc(disputes.id))
        .limit(limit);
}

/** What each booking still holds in escrow, in pence (succeeded payments not yet released). */
export async function heldPenceByBooking(db: Executor, bookingIds: string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (bookingIds.length === 0) return result;
  const rows = await db
    .select({
      bookingId: payments.bookingId,
      held: sql<number>`coalesce(sum(${payments.amountPence} - ${payments.refundedPence} - ${payments.releasedPence}), 0)::int`,
    })
    .from(payments)
    .where(
      and(
        inArray(payments.bookingId, bookingIds),
        eq(payments.status, 'succeeded'),
        sql`${payments.releasedAt} is null`,
      ),
    )
    .groupBy(payments.bookingId);
  for (const row of rows) result.set(row.bookingId, row.held);
  return result;
}

export async function namesOf(db: Executor, ids: string[]): Promise<Map<string, string | null>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: profiles.fullName, deletedAt: users.deletedAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.deletedAt ? null : r.fullName]));
}

export async function insertDisputeMessage(tx: Executor, values: typeof disputeMessages.$inferInsert) {
  const [row] = await tx.insert(disputeMessages).values(values).returning();
  return row!;
}

export async function messagesOfDispute(db: Executor, disputeId: string) {
  return db
    .select()
    .from(disputeMessages)
    .where(eq(disputeMessages.disputeId, disputeId))
    .orderBy(asc(disputeMessages.createdAt), asc(disputeMessages.id));
}

export async function insertEvidence(tx: Executor, values: typeof disputeEvidence.$inferInsert) {
  const [row] = await tx.insert(disputeEvidence).values(values).returning();
  return row!;
}

export async function evidenceOfDispute(db: Executor, disputeId: string) {
  return db
    .select()
    .from(disputeEvidence)
    .where(eq(disputeEvidence.disputeId, disputeId))
    .orderBy(asc(disputeEvidence.createdAt), asc(disputeEvidence.id));
}

export async function findEvidence(db: Executor, disputeId: string, evidenceId: string) {
  const [row] = await db
    .select()
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.id, evidenceId), eq(disputeEvidence.disputeId, disputeId)));
  return row;
}

export async function countPhotos(db: Executor, disputeId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.disputeId, disputeId), eq(disputeEvidence.kind, 'photo')));
  return row?.n ?? 0;
}

/** Disputes whose respondent let the deadline pass, for the deadline job. */
export async function disputesPastDeadline(db: Executor, now: Date, limit: number) {
  return db
    .select({ id: disputes.id, bookingId: disputes.bookingId })
    .from(disputes)
    .where(and(eq(disputes.status, 'awaiting_response'), lte(disputes.responseDueAt, now)))
    .orderBy(asc(disputes.responseDueAt))
    .limit(limit);
}

/** The booking's conversation between its two parties (about its job), oldest message first. */
export async function conversationOfBooking(
  db: Executor,
  booking: { jobId: string; customerId: string; tradespersonId: string },
  limit = 500,
) {
  const pair = or(
    and(
      eq(conversations.participantOneId, booking.customerId),
      eq(conversations.participantTwoId, booking.tradespersonId),
    ),
    and(
      eq(conversations.participantOneId, booking.tradespersonId),
      eq(conversations.participantTwoId, booking.customerId),
    ),
  );
  return db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      content: messages.content,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(pair)
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(limit);
}

/** The parties' addresses, for send-dispute-email. */
export async function userEmails(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      fullName: profiles.fullName,
      deletedAt: users.deletedAt,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, ids));
}
