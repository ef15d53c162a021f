import { and, asc, desc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SupportInboxView } from '../../../domain/support/rules';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import { tableRows } from '../../db/rows';
import {
  bookings,
  disputes,
  jobPostings,
  payments,
  profiles,
  supportCannedReplies,
  supportConversations,
  supportMessages,
  userRoles,
  userSettings,
  users,
} from '../../db/schema';

// The support module's SQL: conversations, their messages and notes, canned replies, the inbox's
// views and counts, the person links and the weekly metrics. Services decide who may read what; the
// queries that serve the person leave notes out in SQL as well, so a note cannot leak by a mistake
// in a presenter.

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type CannedRow = typeof supportCannedReplies.$inferSelect;

export const {
  insert: insertConversation,
  find: findConversation,
  update: updateConversation,
} = tableRows(supportConversations);
export const { insert: insertMessage } = tableRows(supportMessages);
export const {
  insert: insertCanned,
  find: findCanned,
  update: updateCanned,
} = tableRows(supportCannedReplies);

const c = supportConversations;
const m = supportMessages;
const personProfile = alias(profiles, 'person_profile');
const adminProfile = alias(profiles, 'admin_profile');

/** The person's conversation that is not closed (at most one, by the unique index). */
export async function openConversationOf(db: Executor, userId: string, { forUpdate = false } = {}) {
  const query = db
    .select()
    .from(c)
    .where(and(eq(c.userId, userId), ne(c.status, 'closed')));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The person's latest message, or support's; `withNotes` for staff only. */
const lastMessage = (withNotes: boolean) =>
  sql<string | null>`(select lm.body from ${m} lm where lm.conversation_id = "support_conversations"."id"
    ${withNotes ? sql`` : sql`and lm.kind = 'message'`} order by lm.created_at desc, lm.id desc limit 1)`;

/** Messages the reader has not read: support's for the person, the person's for support. */
const unreadBy = (reader: 'user' | 'staff') =>
  sql<number>`(select count(*)::int from ${m} um where um.conversation_id = "support_conversations"."id" and um.kind = 'message'
    and um.read_at is null and um.author = ${reader === 'user' ? 'staff' : 'user'})`;

const summaryFields = (reader: 'user' | 'staff') => ({
  conversation: c,
  lastMessage: lastMessage(reader === 'staff'),
  unread: unreadBy(reader),
});

export type SummaryRow = { conversation: ConversationRow; lastMessage: string | null; unread: number };

/** What a conversation's summary shows of it (support.presenters.ts summaryView). */
export type SummaryConversation = Pick<
  ConversationRow,
  'id' | 'subject' | 'status' | 'origin' | 'updatedAt' | 'createdAt'
>;
/** A summary as the lists read it: only the columns shown, not the transcript and the rest. */
export type SummaryListRow = {
  conversation: SummaryConversation;
  lastMessage: string | null;
  unread: number;
};

const summaryColumns = {
  id: c.id,
  subject: c.subject,
  status: c.status,
  origin: c.origin,
  updatedAt: c.updatedAt,
  createdAt: c.createdAt,
};

const CONVERSATIONS_MAX = 200;

/**
 * A person's conversations, most recently active first. Built once (prepared()): writing the SQL of
 * its two sub-selects on every request cost more CPU than the rest of the request.
 */
export function conversationsOfUser(db: Executor, userId: string): Promise<SummaryListRow[]> {
  const name = `support_conversations_of_user_${CONVERSATIONS_MAX}`;
  return prepared(db, name, (d) =>
    d
      .select({ conversation: summaryColumns, lastMessage: lastMessage(false), unread: unreadBy('user') })
      .from(c)
      .where(eq(c.userId, sql.placeholder('userId')))
      .orderBy(desc(c.updatedAt), desc(c.id))
      .limit(literalLimit(CONVERSATIONS_MAX))
      .prepare(name),
  ).execute({ userId });
}

// The reads behind opening one conversation (the person's, and the admin's with its notes and links)
// are built once each (prepared()): Drizzle writing their SQL, sub-selects and joins with every column
// named, was the largest part of the admin's page (bench/README.md, issue 40's nineteenth session).

export async function summaryOfConversation(db: Executor, id: string, reader: 'user' | 'staff') {
  const name = `support_summary_for_${reader}`;
  const [row] = await prepared(db, name, (d) =>
    d
      .select(summaryFields(reader))
      .from(c)
      .where(eq(c.id, sql.placeholder('id')))
      .prepare(name),
  ).execute({ id });
  return row as SummaryRow | undefined;
}

export type MessageWithName = MessageRow & { authorName: string | null };

const MESSAGES_MAX = 2000;

/** A conversation's messages, oldest first; notes only when `withNotes` (staff). */
export async function messagesOf(
  db: Executor,
  conversationId: string,
  { withNotes }: { withNotes: boolean },
): Promise<MessageWithName[]> {
  const name = `support_messages_${withNotes ? 'with' : 'without'}_notes_${MESSAGES_MAX}`;
  const rows = await prepared(db, name, (d) =>
    d
      .select({
        message: m,
        authorName: sql<string | null>`coalesce(${personProfile.fullName}, ${c.guestName})`,
      })
      .from(m)
      .innerJoin(c, eq(c.id, m.conversationId))
      .leftJoin(personProfile, eq(personProfile.id, m.authorId))
      .where(
        and(
          eq(m.conversationId, sql.placeholder('conversationId')),
          withNotes ? undefined : eq(m.kind, 'message'),
        ),
      )
      .orderBy(asc(m.createdAt), asc(m.id))
      .limit(literalLimit(MESSAGES_MAX))
      .prepare(name),
  ).execute({ conversationId });
  return rows.map((r): MessageWithName => ({ ...r.message, authorName: r.authorName }));
}

/** Marks the other side's messages read by `reader`; the ids of those it marked. */
export async function markRead(db: Executor, conversationId: string, reader: 'user' | 'staff', at: Date) {
  const rows = await db
    .update(m)
    .set({ readAt: at })
    .where(
      and(
        eq(m.conversationId, conversationId),
        eq(m.kind, 'message'),
        eq(m.author, reader === 'user' ? 'staff' : 'user'),
        isNull(m.readAt),
      ),
    )
    .returning({ id: m.id });
  return rows.length;
}

// ---- The inbox ----

/** A view's conversations; 'mine' is the reading admin's (the statement's `adminId`). */
const inboxWhere = (view: SupportInboxView): SQL => {
  switch (view) {
    case 'unassigned':
      return and(eq(c.status, 'open'), isNull(c.assignedAdminId))!;
    case 'mine':
      return and(eq(c.status, 'open'), eq(c.assignedAdminId, sql.placeholder('adminId')))!;
    case 'waiting':
      return eq(c.status, 'waiting');
    case 'closed':
      return eq(c.status, 'closed');
  }
};

export interface InboxRow extends SummaryRow {
  personName: string | null;
  personEmail: string | null;
  adminName: string | null;
}

const inboxFields = {
  ...summaryFields('staff'),
  personName: sql<string | null>`coalesce(${personProfile.fullName}, ${c.guestName})`,
  personEmail: sql<string | null>`coalesce(${users.email}, ${c.guestEmail})`,
  adminName: adminProfile.fullName,
};

function inboxSelect(db: Executor) {
  return db
    .select(inboxFields)
    .from(c)
    .leftJoin(users, eq(users.id, c.userId))
    .leftJoin(personProfile, eq(personProfile.id, c.userId))
    .leftJoin(adminProfile, eq(adminProfile.id, c.assignedAdminId));
}

export async function inboxRow(db: Executor, id: string): Promise<InboxRow | undefined> {
  const [row] = await prepared(db, 'support_inbox_row', (d) =>
    inboxSelect(d)
      .where(eq(c.id, sql.placeholder('id')))
      .prepare('support_inbox_row'),
  ).execute({ id });
  return row;
}

/** What the inbox's list shows of a conversation (support.presenters.ts inboxItemView). */
export interface InboxListRow {
  conversation: SummaryConversation & Pick<ConversationRow, 'userId' | 'assignedAdminId' | 'firstResponseAt'>;
  lastMessage: string | null;
  unread: number;
  personName: string | null;
  personEmail: string | null;
  adminName: string | null;
}

export type InboxCounts = { unassigned: number; mine: number; waiting: number; closed: number };

/**
 * The four views' counts in one scan, as one value beside every row of the page: an uncorrelated
 * sub-select, so PostgreSQL computes it once per statement however many rows the page has.
 */
const inboxCountsField = sql<InboxCounts>`(select json_build_object(
    'unassigned', count(*) filter (where k.status = 'open' and k.assigned_admin_id is null)::int,
    'mine', count(*) filter (where k.status = 'open' and k.assigned_admin_id = ${sql.placeholder('adminId')}::uuid)::int,
    'waiting', count(*) filter (where k.status = 'waiting')::int,
    'closed', count(*) filter (where k.status = 'closed')::int) from ${c} k)`;

function inboxPageStatement(
  db: Executor,
  name: string,
  { view, after, limit }: { view: SupportInboxView; after: boolean; limit: number },
) {
  const afterAt = sql`${sql.placeholder('afterAt')}::timestamptz`;
  return db
    .select({
      conversation: {
        ...summaryColumns,
        userId: c.userId,
        assignedAdminId: c.assignedAdminId,
        firstResponseAt: c.firstResponseAt,
      },
      lastMessage: lastMessage(true),
      unread: unreadBy('staff'),
      personName: inboxFields.personName,
      personEmail: inboxFields.personEmail,
      adminName: inboxFields.adminName,
      counts: inboxCountsField,
    })
    .from(c)
    .leftJoin(users, eq(users.id, c.userId))
    .leftJoin(personProfile, eq(personProfile.id, c.userId))
    .leftJoin(adminProfile, eq(adminProfile.id, c.assignedAdminId))
    .where(
      and(
        inboxWhere(view),
        after
          ? or(
              sql`${c.updatedAt} < ${afterAt}`,
              and(sql`${c.updatedAt} = ${afterAt}`, sql`${c.id} < ${sql.placeholder('afterId')}`),
            )
          : undefined,
      ),
    )
    .orderBy(desc(c.updatedAt), desc(c.id))
    .limit(literalLimit(limit))
    .prepare(name);
}

/**
 * One page of a view (most recently active first, after the cursor's (updatedAt, id)) and every
 * view's count: one statement where there were two (each a crossing into PGlite on the embedded
 * database), built once per shape (view, with or without a cursor, page size: prepared()) since
 * writing its SQL was most of the request's CPU. An empty page carries no counts: only then are they
 * read on their own.
 */
export async function inboxPage(
  db: Executor,
  input: { view: SupportInboxView; adminId: string; after: { at: Date; id: string } | null; limit: number },
): Promise<{ rows: InboxListRow[]; counts: InboxCounts }> {
  const { view, adminId, after, limit } = input;
  const name = `support_inbox_${view}${after ? '_after' : ''}_${limit}`;
  const statement = prepared(db, name, (d) =>
    inboxPageStatement(d, name, { view, after: after !== null, limit }),
  );
  const found = await statement.execute({
    adminId,
    afterAt: after?.at.toISOString() ?? null,
    afterId: after?.id ?? null,
  });
  const counts = found[0]?.counts ?? (await inboxCounts(db, adminId));
  return { rows: found, counts };
}

async function inboxCounts(db: Executor, adminId: string): Promise<InboxCounts> {
  const [row] = await prepared(db, 'support_inbox_counts', (d) =>
    d.select({ counts: inboxCountsField }).from(sql`(select 1) as one`).prepare('support_inbox_counts'),
  ).execute({ adminId });
  return row!.counts;
}

// ---- People ----

/** The ids of every admin whose account is live: they all watch the inbox. */
export async function adminIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, 'admin'), isNull(users.deletedAt), isNull(users.suspendedAt)));
  return rows.map((r) => r.id);
}

export async function isLiveAdmin(db: Executor, userId: string): Promise<boolean> {
  return (await adminIds(db)).includes(userId);
}

/** Whether the user is the customer or the tradesperson of the booking. */
export async function isPartyOfBooking(db: Executor, bookingId: string, userId: string) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.id, bookingId),
        or(eq(bookings.customerId, userId), eq(bookings.tradespersonId, userId)),
      ),
    );
  return row !== undefined;
}

const LINKS_MAX = 50;
/** The bookings the person (the statement's `userId`) is a party to, either side. */
const party = or(
  eq(bookings.customerId, sql.placeholder('userId')),
  eq(bookings.tradespersonId, sql.placeholder('userId')),
);

/** The person's bookings, payments and disputes, newest first (50 of each), for the admin's links. */
export async function personLinks(db: Executor, userId: string) {
  const [theirBookings, theirPayments, theirDisputes] = await Promise.all([
    prepared(db, 'support_person_bookings', (d) =>
      d
        .select({
          id: bookings.id,
          jobId: bookings.jobId,
          jobTitle: jobPostings.title,
          status: bookings.status,
          amountPence: bookings.amount,
        })
        .from(bookings)
        .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
        .where(party)
        .orderBy(desc(bookings.createdAt))
        .limit(literalLimit(LINKS_MAX))
        .prepare('support_person_bookings'),
    ).execute({ userId }),
    prepared(db, 'support_person_payments', (d) =>
      d
        .select({
          id: payments.id,
          bookingId: payments.bookingId,
          status: payments.status,
          amountPence: payments.amountPence,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(party)
        .orderBy(desc(payments.createdAt))
        .limit(literalLimit(LINKS_MAX))
        .prepare('support_person_payments'),
    ).execute({ userId }),
    prepared(db, 'support_person_disputes', (d) =>
      d
        .select({
          id: disputes.id,
          bookingId: disputes.bookingId,
          status: disputes.status,
          reason: disputes.reason,
        })
        .from(disputes)
        .innerJoin(bookings, eq(bookings.id, disputes.bookingId))
        .where(party)
        .orderBy(desc(disputes.createdAt))
        .limit(literalLimit(LINKS_MAX))
        .prepare('support_person_disputes'),
    ).execute({ userId }),
  ]);
  return { bookings: theirBookings, payments: theirPayments, disputes: theirDisputes };
}

/** Conversations a guest address opened since `since` (the per-hour limit). */
export async function guestConversationsSince(db: Executor, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .where(and(eq(c.guestEmail, email), sql`${c.createdAt} > ${since.toISOString()}::timestamptz`));
  return row!.n;
}

// ---- Canned replies ----

/** Prepared: the inbox reads the list each time it opens a conversation, and it changes rarely. */
export function cannedReplies(db: Executor): Promise<CannedRow[]> {
  return prepared(db, 'canned_replies', (d) =>
    d
      .select()
      .from(supportCannedReplies)
      .orderBy(asc(sql`lower(${supportCannedReplies.title})`))
      .limit(literalLimit(500))
      .prepare('canned_replies'),
  ).execute();
}

export async function deleteCanned(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(supportCannedReplies)
    .where(eq(supportCannedReplies.id, id))
    .returning({ id: supportCannedReplies.id });
  return rows.length > 0;
}

// ---- Metrics ----

interface WeekRow {
  week_start: string | Date;
  opened: number;
  median_first_response_minutes: number | string | null;
  closed: number;
  median_resolution_hours: number | string | null;
}

/**
 * Opened and closed conversations per UK week (Monday first, Europe/London), the last `weeks` weeks to
 * the one holding `now`, with the median minutes to support's first message of those opened that week
 * and the median hours from opening to closing of those closed that week.
 */
export async function weeklyMetrics(db: Executor, now: Date, weeks: number) {
  const result = await db.execute(sql`
    with bounds as (
      select date_trunc('week', ${now.toISOString()}::timestamptz at time zone 'Europe/London') as this_week
    ), series as (
      select generate_series(this_week - ${weeks - 1} * interval '1 week', this_week, interval '1 week') as week_start
        from bounds
    ), opened as (
      select date_trunc('week', created_at at time zone 'Europe/London') as week_start, count(*)::int as opened,
             percentile_cont(0.5) within group (order by extract(epoch from first_response_at - created_at) / 60)
               filter (where first_response_at is not null) as median_first_response_minutes
        from ${c}, bounds
       where created_at at time zone 'Europe/London' >= this_week - ${weeks - 1} * interval '1 week'
       group by 1
    ), closed as (
      select date_trunc('week', closed_at at time zone 'Europe/London') as week_start, count(*)::int as closed,
             percentile_cont(0.5) within group (order by extract(epoch from closed_at - created_at) / 3600)
               as median_resolution_hours
        from ${c}, bounds
       where closed_at is not null
         and closed_at at time zone 'Europe/London' >= this_week - ${weeks - 1} * interval '1 week'
       group by 1
    )
    select to_char(s.week_start, 'YYYY-MM-DD') as week_start,
           coalesce(o.opened, 0) as opened, o.median_first_response_minutes,
           coalesce(x.closed, 0) as closed, x.median_resolution_hours
      from series s
      left join opened o on o.week_start = s.week_start
      left join closed x on x.week_start = s.week_start
     order by s.week_start`);
  return (result as unknown as { rows: WeekRow[] }).rows;
}

// ---- Unread replies ----

export interface DueReplyRow {
  conversation_id: string;
  body: string;
  created_at: Date | string;
  user_id: string | null;
  email: string | null;
  full_name: string | null;
  wants_email: boolean | null;
}

/**
 * Claims support's replies unread since before `due` and not yet emailed about, marking them in the
 * same statement. Whole conversations are claimed (their rows locked, SKIP LOCKED), so two instances
 * running at once never split one conversation's replies between two emails; a reply another run
 * marked meanwhile is not marked again, so nobody is emailed twice. A guest's (emailed when written)
 * are claimed too, so they leave the index.
 */
export async function claimUnreadReplies(tx: Executor, due: Date, now: Date): Promise<DueReplyRow[]> {
  const dueAt = sql`${due.toISOString()}::timestamptz`;
  const unread = (alias: string) =>
    sql.raw(`${alias}.kind = 'message' and ${alias}.author = 'staff' and ${alias}.read_at is null
      and ${alias}.notified_at is null`);
  const result = await tx.execute(sql`
    with claimed as (
      select cc.id from ${c} cc
       where exists (select 1 from ${m} dm where dm.conversation_id = cc.id and ${unread('dm')}
                        and dm.created_at <= ${dueAt})
       order by cc.id
       limit 500
       for update skip locked
    )
    update ${m} sm set notified_at = ${now.toISOString()}::timestamptz
      from claimed, ${c} sc
      left join ${users} u on u.id = sc.user_id
      left join ${profiles} p on p.id = sc.user_id
      left join ${userSettings} s on s.user_id = sc.user_id
     where sm.conversation_id = claimed.id and sc.id = claimed.id and ${unread('sm')}
       and sm.created_at <= ${dueAt}
    returning sm.conversation_id, sm.body, sm.created_at, sc.user_id,
              case when u.deleted_at is null and u.suspended_at is null then u.email end as email,
              p.full_name,
              coalesce(s.email_notifications, true) and coalesce(s.new_messages, true) as wants_email`);
  return (result as unknown as { rows: DueReplyRow[] }).rows;
}

export async function staffFirstName(db: Executor, adminId: string): Promise<string | null> {
  const [row] = await db.select({ name: profiles.fullName }).from(profiles).where(eq(profiles.id, adminId));
  return row?.name?.trim().split(/\s+/)[0] || null;
}
