import { and, asc, desc, eq, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { DISPUTE_RULES } from '../../../domain/disputes/messages';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import { tableRows } from '../../db/rows';
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

export const { insert: insertDispute, find: findDispute, update: updateDispute } = tableRows(disputes);

/** The booking's unresolved dispute, if any (at most one: `disputes_one_open_per_booking`). */
export async function activeDisputeOfBooking(db: Executor, bookingId: string) {
  const [row] = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.bookingId, bookingId), ne(disputes.status, 'resolved')));
  return row;
}

/** A user's name as the views show it: null for a deleted account (or none). */
const nameOf = (id: SQL) =>
  sql<string | null>`(select case when u.deleted_at is null then p.full_name end
    from ${users} u left join ${profiles} p on p.id = u.id where u.id = ${id})`;

/**
 * A dispute with its booking's parties and job, the parties' names and what the booking still holds in
 * escrow (succeeded payments not yet released), as every view needs them: one statement per page, not
 * a lookup of names and money after the rows.
 */
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
  customerName: nameOf(sql`${bookings.customerId}`),
  tradespersonName: nameOf(sql`${bookings.tradespersonId}`),
  heldPence: sql<number>`(select coalesce(sum(pm.amount_pence - pm.refunded_pence - pm.released_pence), 0)::int
    from ${payments} pm
    where pm.booking_id = ${disputes.bookingId} and pm.status = 'succeeded' and pm.released_at is null)`,
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

/** Evidence and thread rows as `json_build_object` gives them (timestamps as ISO text). */
export type JsonEvidence = {
  id: string;
  disputeId: string;
  authorId: string;
  kind: string;
  text: string | null;
  width: number | null;
  height: number | null;
  createdAt: string;
};
export type JsonDisputeMessage = { id: string; authorId: string; body: string; createdAt: string };
export type JsonConversationMessage = {
  id: string;
  senderId: string;
  senderName: string | null;
  content: string;
  createdAt: string;
};

/** The dispute's evidence and messages, oldest first, beside the dispute (what a case view shows). */
const withThread = {
  ...withBooking,
  evidence: sql<JsonEvidence[]>`(select coalesce(json_agg(json_build_object('id', e.id,
      'disputeId', e.dispute_id, 'authorId', e.author_id, 'kind', e.kind, 'text', e.text,
      'width', e.width, 'height', e.height, 'createdAt', e.created_at) order by e.created_at, e.id), '[]')
    from ${disputeEvidence} e where e.dispute_id = ${disputes.id})`,
  thread: sql<JsonDisputeMessage[]>`(select coalesce(json_agg(json_build_object('id', m.id,
      'authorId', m.author_id, 'body', m.body, 'createdAt', m.created_at) order by m.created_at, m.id), '[]')
    from ${disputeMessages} m where m.dispute_id = ${disputes.id})`,
};
export type DisputeWithThread = Awaited<ReturnType<typeof disputeWithThread>> & object;

/** The dispute as its parties and admins read it, in one statement (built once: prepared()). */
export async function disputeWithThread(db: Executor, id: string) {
  const [row] = await prepared(db, 'dispute_with_thread', (d) =>
    d
      .select(withThread)
      .from(disputes)
      .innerJoin(bookings, eq(bookings.id, disputes.bookingId))
      .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
      .where(eq(disputes.id, sql.placeholder('id')))
      .prepare('dispute_with_thread'),
  ).execute({ id });
  return row;
}

/**
 * The admin's case file in one statement: the dispute as the parties read it, the parties' own
 * conversation (between the booking's two parties, oldest message first, at most `limit`, with each
 * sender's name) and the name of the admin who resolved it.
 */
const CONVERSATION_LIMIT = DISPUTE_RULES.conversationMax;

export async function disputeCaseFile(db: Executor, id: string) {
  const [row] = await prepared(db, 'dispute_case_file', (d) =>
    d
      .select({
        ...withThread,
        conversation: sql<JsonConversationMessage[]>`(select coalesce(json_agg(json_build_object('id', c.id,
          'senderId', c.sender_id, 'senderName', c.sender_name, 'content', c.content,
          'createdAt', c.created_at) order by c.created_at, c.id), '[]')
        from (select m.id, m.sender_id, case when su.deleted_at is null then sp.full_name end as sender_name,
            m.content, m.created_at
          from ${messages} m
          join ${conversations} cv on cv.id = m.conversation_id
          left join ${users} su on su.id = m.sender_id
          left join ${profiles} sp on sp.id = m.sender_id
          where (cv.participant_one_id = ${bookings.customerId} and cv.participant_two_id = ${bookings.tradespersonId})
            or (cv.participant_one_id = ${bookings.tradespersonId} and cv.participant_two_id = ${bookings.customerId})
          order by m.created_at, m.id limit ${literalLimit(CONVERSATION_LIMIT)}) c)`,
        resolverName: nameOf(sql`${disputes.resolvedBy}`),
      })
      .from(disputes)
      .innerJoin(bookings, eq(bookings.id, disputes.bookingId))
      .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
      .where(eq(disputes.id, sql.placeholder('id')))
      .prepare('dispute_case_file'),
  ).execute({ id });
  return row;
}

/**
 * Disputes on the user's bookings (as raiser or respondent), newest first. Built once per size
 * (prepared(), the limit written in): writing the SQL of its joins and sub-selects on every request
 * cost more CPU than the rest of the request.
 */
export async function disputesOfUser(db: Executor, userId: string, limit = DISPUTE_RULES.listMax) {
  const name = `disputes_of_user_${limit}`;
  return prepared(db, name, (d) =>
    disputesWithBooking(d)
      .where(
        or(
          eq(bookings.customerId, sql.placeholder('userId')),
          eq(bookings.tradespersonId, sql.placeholder('userId')),
        ),
      )
      .orderBy(desc(disputes.createdAt), desc(disputes.id))
      .limit(literalLimit(limit))
      .prepare(name),
  ).execute({ userId });
}

/** The admin's queue: unresolved disputes oldest first, or the latest resolved. */
export async function disputeQueue(
  db: Executor,
  status: 'active' | 'resolved',
  limit = DISPUTE_RULES.adminQueueMax,
) {
  // Built once per status and size (prepared()); the limit written in (literalLimit), so PostgreSQL
  // keeps one plan rather than planning again on every execution.
  const name = `dispute_queue_${status}_${limit}`;
  return prepared(db, name, (d) =>
    status === 'active'
      ? disputesWithBooking(d)
          .where(ne(disputes.status, 'resolved'))
          .orderBy(asc(disputes.createdAt), asc(disputes.id))
          .limit(literalLimit(limit))
          .prepare(name)
      : disputesWithBooking(d)
          .where(eq(disputes.status, 'resolved'))
          .orderBy(desc(disputes.resolvedAt), desc(disputes.id))
          .limit(literalLimit(limit))
          .prepare(name),
  ).execute();
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

export const { insert: insertDisputeMessage } = tableRows(disputeMessages);

export const { insert: insertEvidence } = tableRows(disputeEvidence);

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
