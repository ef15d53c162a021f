import { and, asc, count, desc, eq, gt, gte, inArray, isNull, min, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { bookings, conversations, jobPostings, messages, payments, profiles, quotes } from '../../db/schema';

// The SQL behind the assistant's tools: reads only, each filtered by the session user's id, which is
// the only way a row gets here (no tool takes an id). Other capabilities' tables are read for display,
// never to decide a rule; the rules they follow are those of the screens the answers link to.

/** How many rows of a list a tool returns: enough to name in a reply. */
export const LIST_LIMIT = 5;

/** The statuses the tools' lists read, and so the only ones their rows can have. */
export const LIVE_BOOKING = ['pending', 'confirmed'] as const;
export const OPEN_JOB = ['open', 'in_progress'] as const;
const other = alias(profiles, 'other');

export async function userTypeOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ userType: profiles.userType })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.userType === 'tradesperson' ? 'tradesperson' : 'customer';
}

/** A customer's jobs open or in progress, newest first, each with its quotes waiting for a decision. */
export async function openJobsOfCustomer(db: Executor, customerId: string) {
  const mine = and(eq(jobPostings.customerId, customerId), inArray(jobPostings.status, OPEN_JOB));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        title: jobPostings.title,
        status: jobPostings.status,
        createdAt: jobPostings.createdAt,
        quotesWaiting: sql<number>`count(${quotes.id})::int`,
      })
      .from(jobPostings)
      .leftJoin(quotes, and(eq(quotes.jobId, jobPostings.id), eq(quotes.status, 'pending')))
      .where(mine)
      .groupBy(jobPostings.id)
      .orderBy(desc(jobPostings.createdAt), desc(jobPostings.id))
      .limit(LIST_LIMIT),
    db.select({ n: count() }).from(jobPostings).where(mine),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A tradesperson's bookings pending or confirmed, soonest date first. */
export async function liveBookingsOfTradesperson(db: Executor, tradespersonId: string) {
  const mine = and(eq(bookings.tradespersonId, tradespersonId), inArray(bookings.status, LIVE_BOOKING));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        title: jobPostings.title,
        status: bookings.status,
        scheduledDate: bookings.scheduledDate,
        customerName: other.fullName,
      })
      .from(bookings)
      .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
      .leftJoin(other, eq(other.id, bookings.customerId))
      .where(mine)
      .orderBy(sql`${bookings.scheduledDate} asc nulls last`, desc(bookings.createdAt))
      .limit(LIST_LIMIT),
    db.select({ n: count() }).from(bookings).where(mine),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Pending quotes on a customer's open jobs, per job: how many and the lowest price. */
export async function quotesWaitingForCustomer(db: Executor, customerId: string) {
  return db
    .select({
      title: jobPostings.title,
      quotes: sql<number>`count(*)::int`,
      lowestPence: min(quotes.amount),
    })
    .from(quotes)
    .innerJoin(jobPostings, eq(jobPostings.id, quotes.jobId))
    .where(
      and(
        eq(jobPostings.customerId, customerId),
        eq(jobPostings.status, 'open'),
        eq(quotes.status, 'pending'),
      ),
    )
    .groupBy(jobPostings.id, jobPostings.title, jobPostings.createdAt)
    .orderBy(desc(jobPostings.createdAt), desc(jobPostings.id));
}

/** A tradesperson's quotes still waiting for the customer, newest first. */
export async function pendingQuotesOfTradesperson(db: Executor, tradespersonId: string) {
  const mine = and(eq(quotes.tradespersonId, tradespersonId), eq(quotes.status, 'pending'));
  const [rows, [total]] = await Promise.all([
    db
      .select({ jobTitle: jobPostings.title, amountPence: quotes.amount, sentAt: quotes.createdAt })
      .from(quotes)
      .innerJoin(jobPostings, eq(jobPostings.id, quotes.jobId))
      .where(mine)
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(LIST_LIMIT),
    db.select({ n: count() }).from(quotes).where(mine),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Unread messages sent to the user, per conversation, the most recent conversation first. */
export async function unreadByConversation(db: Executor, userId: string) {
  return db
    .select({
      from: other.fullName,
      jobTitle: jobPostings.title,
      unread: sql<number>`count(*)::int`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(
      other,
      eq(
        other.id,
        sql`case when ${conversations.participantOneId} = ${userId}
          then ${conversations.participantTwoId} else ${conversations.participantOneId} end`,
      ),
    )
    .leftJoin(jobPostings, eq(jobPostings.id, conversations.jobId))
    .where(
      and(
        or(eq(conversations.participantOneId, userId), eq(conversations.participantTwoId, userId)),
        eq(messages.read, false),
        ne(messages.senderId, userId),
      ),
    )
    .groupBy(conversations.id, other.fullName, jobPostings.title)
    .orderBy(desc(sql`max(${messages.createdAt})`));
}

/**
 * The user's live bookings on either side from `today` ('YYYY-MM-DD', UK) or without a date: the
 * soonest first, undated last.
 */
export async function upcomingBookings(db: Executor, userId: string, today: string) {
  const mine = and(
    or(eq(bookings.customerId, userId), eq(bookings.tradespersonId, userId)),
    inArray(bookings.status, LIVE_BOOKING),
  );
  const [[next], [total]] = await Promise.all([
    db
      .select({
        jobTitle: jobPostings.title,
        status: bookings.status,
        scheduledDate: bookings.scheduledDate,
        withName: other.fullName,
        amountPence: bookings.amount,
      })
      .from(bookings)
      .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
      .leftJoin(
        other,
        eq(
          other.id,
          sql`case when ${bookings.customerId} = ${userId}
            then ${bookings.tradespersonId} else ${bookings.customerId} end`,
        ),
      )
      .where(and(mine, or(isNull(bookings.scheduledDate), gte(bookings.scheduledDate, today))))
      .orderBy(sql`${bookings.scheduledDate} asc nulls last`, asc(bookings.createdAt))
      .limit(1),
    db.select({ n: count() }).from(bookings).where(mine),
  ]);
  return { next, live: total?.n ?? 0 };
}

/**
 * Payments still (partly) in escrow on the user's bookings: those the customer paid, or those to be
 * released to the tradesperson. Oldest release first.
 */
export async function heldPayments(db: Executor, userId: string, side: 'customer' | 'tradesperson') {
  return db
    .select({
      jobTitle: jobPostings.title,
      heldPence: sql<number>`(${payments.amountPence} - ${payments.refundedPence} - ${payments.releasedPence})::int`,
      heldUntil: payments.heldUntil,
      bookingStatus: bookings.status,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
    .where(
      and(
        side === 'customer' ? eq(bookings.customerId, userId) : eq(bookings.tradespersonId, userId),
        eq(payments.status, 'succeeded'),
        isNull(payments.releasedAt),
        gt(sql`${payments.amountPence} - ${payments.refundedPence} - ${payments.releasedPence}`, 0),
      ),
    )
    .orderBy(sql`${payments.heldUntil} asc nulls last`, asc(payments.createdAt));
}
