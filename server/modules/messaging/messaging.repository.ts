import { and, eq, getTableColumns, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import { conversations, jobPostings, messages, profiles, tradespersonProfiles, users } from '../../db/schema';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export const participantsOf = (c: Pick<ConversationRow, 'participantOneId' | 'participantTwoId'>) => [
  c.participantOneId,
  c.participantTwoId,
];

/** Someone a user wants to message: who they are, and whether their account is active. */
export async function findPerson(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      active: sql<boolean>`${users.suspendedAt} is null and ${users.deletedAt} is null`,
      userType: profiles.userType,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, id));
  return row;
}

export async function findConversation(db: Executor, id: string): Promise<ConversationRow | undefined> {
  const [row] = await prepared(db, 'find_conversation', (d) =>
    d
      .select()
      .from(conversations)
      .where(eq(conversations.id, sql.placeholder('id')))
      .prepare('find_conversation'),
  ).execute({ id });
  return row;
}

const otherUser = alias(users, 'other_user');
const otherProfile = alias(profiles, 'other_profile');

/**
 * What sending a message checks, in one lookup: the conversation if `userId` takes part in it, and
 * whether the other participant's account is active (as `findPerson` has it: there, with a profile,
 * neither suspended nor deleted).
 */
export async function conversationForSender(db: Executor, id: string, userId: string) {
  const [row] = await prepared(db, 'conversation_for_sender', (d) =>
    d
      .select({
        ...getTableColumns(conversations),
        otherActive: sql<boolean>`${otherProfile.id} is not null and ${otherUser.suspendedAt} is null and ${otherUser.deletedAt} is null`,
      })
      .from(conversations)
      .leftJoin(
        otherUser,
        sql`${otherUser.id} = case when ${conversations.participantOneId} = ${sql.placeholder('userId')}
              then ${conversations.participantTwoId} else ${conversations.participantOneId} end`,
      )
      .leftJoin(otherProfile, eq(otherProfile.id, otherUser.id))
      .where(
        and(
          eq(conversations.id, sql.placeholder('id')),
          or(
            eq(conversations.participantOneId, sql.placeholder('userId')),
            eq(conversations.participantTwoId, sql.placeholder('userId')),
          ),
        ),
      )
      .prepare('conversation_for_sender'),
  ).execute({ id, userId });
  return row;
}

/** The conversation of two users, whichever of them started it. */
export async function findConversationBetween(db: Executor, a: string, b: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      or(
        and(eq(conversations.participantOneId, a), eq(conversations.participantTwoId, b)),
        and(eq(conversations.participantOneId, b), eq(conversations.participantTwoId, a)),
      ),
    );
  return row;
}

/**
 * Creates the conversation unless the pair already has one (the unique index on the unordered pair
 * decides when both start at once); either way returns the pair's conversation and whether it is new.
 */
export async function createConversation(
  db: Executor,
  values: { participantOneId: string; participantTwoId: string; jobId: string | null },
) {
  const [created] = await db.insert(conversations).values(values).onConflictDoNothing().returning();
  if (created) return { conversation: created, created: true };
  const existing = await findConversationBetween(db, values.participantOneId, values.participantTwoId);
  return { conversation: existing!, created: false };
}

export interface ConversationListRow {
  id: string;
  jobId: string | null;
  jobTitle: string | null;
  updatedAt: Date;
  other: {
    id: string;
    fullName: string | null;
    userType: 'customer' | 'tradesperson';
    trade: string | null;
    avatarUrl: string | null;
  };
  last: { content: string; senderId: string; createdAt: Date } | null;
  unreadCount: number;
}

const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/**
 * A user's conversations, newest activity first, each with the other participant, its job, its last
 * message and how many of the other side's messages are unread: one statement for the page. Prepared
 * once per shape (ids, cursor, page size written in: literalLimit) instead of built on every request
 * (issue 19).
 */
export async function conversationsOf(
  db: Executor,
  userId: string,
  { ids, cursor, limit }: { ids?: string[]; cursor?: { updatedAt: Date; id: string } | null; limit: number },
): Promise<ConversationListRow[]> {
  const name = `conversations_of${ids ? '_ids' : ''}${cursor ? '_after' : ''}_${limit}`;
  const p = sql.placeholder;
  const me = sql`${p('userId')}::uuid`;
  const rows = await prepared(db, name, (d) =>
    d
      .select({
        id: sql<string>`c.id`,
        jobId: sql<string | null>`c.job_id`,
        updatedAt: sql<unknown>`c.updated_at`,
        jobTitle: sql<string | null>`j.title`,
        otherId: sql<string>`o.id`,
        otherName: sql<string | null>`o.full_name`,
        otherType: sql<'customer' | 'tradesperson'>`o.user_type`,
        otherAvatar: sql<string | null>`o.avatar_url`,
        otherTrade: sql<string | null>`t.trade`,
        lastContent: sql<string | null>`lm.content`,
        lastSender: sql<string | null>`lm.sender_id`,
        lastAt: sql<unknown>`lm.created_at`,
        unread: sql<number>`(select count(*)::int from ${messages} u
          where u.conversation_id = c.id and not u.read and u.sender_id <> ${me})`,
      })
      // The page of conversations first (an index scan of the user's, sorted, cut), then one lookup
      // of each thing it names: as plain joins, the plan made once for every user (a generic plan)
      // hashed all of job_postings and profiles on every request. Each lateral has a LIMIT, so the
      // planner keeps it a lookup per conversation instead of folding it back into a join.
      .from(sql`(select * from ${conversations} c
          where (c.participant_one_id = ${me} or c.participant_two_id = ${me})
            ${ids ? sql`and c.id = any(${p('ids')}::uuid[])` : sql``}
            ${cursor ? sql`and (c.updated_at, c.id) < (${p('cursorAt')}::timestamptz, ${p('cursorId')}::uuid)` : sql``}
          order by c.updated_at desc, c.id desc
          limit ${literalLimit(limit)}) c
        join lateral (
          select o.id, o.full_name, o.user_type, o.avatar_url from ${profiles} o
           where o.id = case when c.participant_one_id = ${me} then c.participant_two_id else c.participant_one_id end
           limit 1
        ) o on true
        left join lateral (select t.trade from ${tradespersonProfiles} t where t.user_id = o.id limit 1) t on true
        left join lateral (select j.title from ${jobPostings} j where j.id = c.job_id limit 1) j on true
        left join lateral (
          select m.content, m.sender_id, m.created_at from ${messages} m
           where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1
        ) lm on true`)
      .orderBy(sql`c.updated_at desc, c.id desc`)
      .prepare(name),
  ).execute({
    userId,
    ...(ids ? { ids } : {}),
    ...(cursor ? { cursorAt: cursor.updatedAt.toISOString(), cursorId: cursor.id } : {}),
  });
  return rows.map((r) => ({
    id: r.id,
    jobId: r.jobId ?? null,
    jobTitle: r.jobTitle ?? null,
    updatedAt: toDate(r.updatedAt),
    other: {
      id: r.otherId,
      fullName: r.otherName ?? null,
      userType: r.otherType,
      trade: r.otherTrade ?? null,
      avatarUrl: r.otherAvatar ?? null,
    },
    last:
      r.lastContent == null
        ? null
        : { content: String(r.lastContent), senderId: String(r.lastSender), createdAt: toDate(r.lastAt) },
    unreadCount: Number(r.unread),
  }));
}

/** Unread messages sent to this user, over all their conversations. */
export async function unreadTotal(db: Executor, userId: string): Promise<number> {
  const [row] = await prepared(db, 'unread_messages_total', (d) =>
    d
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          or(
            eq(conversations.participantOneId, sql.placeholder('userId')),
            eq(conversations.participantTwoId, sql.placeholder('userId')),
          ),
          sql`not ${messages.read}`,
          ne(messages.senderId, sql.placeholder('userId')),
        ),
      )
      .prepare('unread_messages_total'),
  ).execute({ userId });
  return row?.n ?? 0;
}

/** What a message's view shows of it (messaging.service.ts messageView). */
export type MessageViewRow = Pick<
  MessageRow,
  'id' | 'conversationId' | 'senderId' | 'content' | 'read' | 'createdAt'
>;

/**
 * A page of a conversation as `userId` reads it, newest first, continuing before the (createdAt, id)
 * cursor; undefined when there is no such conversation or `userId` takes no part in it. One statement:
 * the membership check is its WHERE and the page a lateral read of the messages index, so a member's
 * empty conversation is one row of nulls and a stranger's gets no row at all. Built once per shape
 * (with or without a cursor, page size written in: literalLimit) instead of two statements written on
 * every request.
 */
export async function messagesPageForMember(
  db: Executor,
  conversationId: string,
  userId: string,
  { before, limit }: { before: { createdAt: Date; id: string } | null; limit: number },
): Promise<MessageViewRow[] | undefined> {
  const name = `messages_page_for_member${before ? '_before' : ''}_${limit}`;
  const p = sql.placeholder;
  const rows = await prepared(db, name, (d) =>
    d
      .select({
        conversationId: sql<string>`c.id`,
        id: sql<string | null>`m.id`,
        senderId: sql<string | null>`m.sender_id`,
        content: sql<string | null>`m.content`,
        read: sql<boolean | null>`m.read`,
        createdAt: sql<unknown>`m.created_at`,
      })
      .from(sql`${conversations} c
        left join lateral (
          select m.id, m.sender_id, m.content, m.read, m.created_at from ${messages} m
           where m.conversation_id = c.id
             ${before ? sql`and (m.created_at, m.id) < (${p('beforeAt')}::timestamptz, ${p('beforeId')}::uuid)` : sql``}
           order by m.created_at desc, m.id desc
           limit ${literalLimit(limit)}
        ) m on true`)
      .where(
        sql`c.id = ${p('conversationId')}::uuid
          and (c.participant_one_id = ${p('userId')}::uuid or c.participant_two_id = ${p('userId')}::uuid)`,
      )
      .orderBy(sql`m.created_at desc, m.id desc`)
      .prepare(name),
  ).execute({
    conversationId,
    userId,
    ...(before ? { beforeAt: before.createdAt.toISOString(), beforeId: before.id } : {}),
  });
  if (rows.length === 0) return undefined;
  return rows
    .filter((r) => r.id != null)
    .map((r) => ({
      id: String(r.id),
      conversationId: r.conversationId,
      senderId: String(r.senderId),
      content: String(r.content),
      read: Boolean(r.read),
      createdAt: toDate(r.createdAt),
    }));
}

export async function findMessage(db: Executor, id: string): Promise<MessageRow | undefined> {
  const [row] = await prepared(db, 'find_message', (d) =>
    d
      .select()
      .from(messages)
      .where(eq(messages.id, sql.placeholder('id')))
      .prepare('find_message'),
  ).execute({ id });
  return row;
}

/**
 * Stores a message, moves its conversation to the top of both lists and records its event, in one
 * statement (one round trip, atomic by itself): `recorded` is the outbox's CTE for the event
 * (EventOutbox.recordInStatement).
 */
export async function insertRecordedMessage(
  db: Executor,
  values: { id: string; conversationId: string; senderId: string; content: string },
  recorded: SQL,
): Promise<MessageRow> {
  const result = await db.execute(sql`
    with ${recorded},
    m as (
      insert into ${messages} (id, conversation_id, sender_id, content)
      values (${values.id}, ${values.conversationId}, ${values.senderId}, ${values.content})
      returning *),
    bumped as (
      update ${conversations} set updated_at = m.created_at from m where ${conversations.id} = m.conversation_id)
    select * from m`);
  const r = (result as { rows: Record<string, unknown>[] }).rows[0]!;
  return {
    id: String(r.id),
    conversationId: String(r.conversation_id),
    senderId: String(r.sender_id),
    content: String(r.content),
    read: Boolean(r.read),
    readAt: r.read_at == null ? null : toDate(r.read_at),
    notifiedAt: r.notified_at == null ? null : toDate(r.notified_at),
    createdAt: toDate(r.created_at),
  };
}

/** Marks the other side's unread messages read; returns how many changed. */
export async function markRead(db: Executor, conversationId: string, readerId: string): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ read: true, readAt: sql`now()` })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ne(messages.senderId, readerId),
        sql`not ${messages.read}`,
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}
