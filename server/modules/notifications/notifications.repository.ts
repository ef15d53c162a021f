import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { EmailSwitch } from '../../../domain/notifications/schemas';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import {
  documents,
  jobPostings,
  notifications,
  profiles,
  quotes,
  unsubscribeTokens,
  userSettings,
  users,
} from '../../db/schema';
import { newToken } from '../../lib/tokens';
import type { EventFacts } from './notification-rules';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** The job's title, both parties' names and the quote's amount, as they are now. */
export async function eventFacts(
  db: Executor,
  ids: { jobId: string; customerId: string; tradespersonId?: string; quoteId?: string },
): Promise<EventFacts | null> {
  const result = await db.execute(sql`
    select j.title as job_title, cp.full_name as customer_name,
           tp.full_name as tradesperson_name, q.amount as quote_amount
      from ${jobPostings} j
      left join ${profiles} cp on cp.id = ${ids.customerId}
      left join ${profiles} tp on tp.id = ${ids.tradespersonId ?? null}::uuid
      left join ${quotes} q on q.id = ${ids.quoteId ?? null}::uuid
     where j.id = ${ids.jobId}`);
  const [row] = (
    result as {
      rows: {
        job_title: string;
        customer_name: string | null;
        tradesperson_name: string | null;
        quote_amount: number | null;
      }[];
    }
  ).rows;
  if (!row) return null;
  return {
    jobTitle: row.job_title,
    customerName: row.customer_name,
    tradespersonName: row.tradesperson_name,
    quoteAmountPence: row.quote_amount,
  };
}

/** The document a verification event is about, as it is now. */
export async function documentFacts(db: Executor, documentId: string) {
  const [row] = await db
    .select({ title: documents.title })
    .from(documents)
    .where(eq(documents.id, documentId));
  return row;
}

/** What deciding about a person's email needs: the address, whether the account is live, the switches. */
export async function recipients(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      fullName: profiles.fullName,
      active: sql<boolean>`${users.suspendedAt} is null and ${users.deletedAt} is null`,
      deleted: sql<boolean>`${users.deletedAt} is not null`,
      emailNotifications: sql<boolean>`coalesce(${userSettings.emailNotifications}, true)`,
      quoteUpdates: sql<boolean>`coalesce(${userSettings.quoteUpdates}, true)`,
      newMessages: sql<boolean>`coalesce(${userSettings.newMessages}, true)`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(inArray(users.id, userIds));
}

/** Inserts the rows an event has not already made; returns the users who got a new one. */
export async function insertNotifications(db: Executor, rows: NewNotification[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.eventId, notifications.userId] })
    .returning({ userId: notifications.userId });
  return inserted.map((r) => r.userId);
}

/**
 * A user's notifications, newest first, after the cursor. Prepared (server/db/prepared.ts): the bell's
 * list is read on every page, and Drizzle writing its SQL cost more CPU than PostgreSQL running it.
 * Each page size is its own statement (literalLimit), as is the first page (no cursor).
 */
export function notificationsPage(
  db: Executor,
  userId: string,
  { after, limit }: { after: { at: Date; id: string } | null; limit: number },
) {
  const name = `notifications_page_${after ? 'after_' : ''}${limit}`;
  const statement = prepared(db, name, (d) =>
    d
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, sql.placeholder('userId')),
          after
            ? or(
                lt(notifications.createdAt, sql.placeholder('at')),
                and(
                  eq(notifications.createdAt, sql.placeholder('at')),
                  lt(notifications.id, sql.placeholder('id')),
                ),
              )
            : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(literalLimit(limit))
      .prepare(name),
  );
  return statement.execute(after ? { userId, at: after.at, id: after.id } : { userId });
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await prepared(db, 'unread_notifications', (d) =>
    d
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt)))
      .prepare('unread_notifications'),
  ).execute({ userId });
  return row?.n ?? 0;
}

/** Marks it read (keeping the first reading time); returns it, or nothing when it is not the user's. */
export async function markRead(db: Executor, userId: string, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The user's unsubscribe token for this switch, made on first use (the unique index settles a race). */
export async function unsubscribeTokenFor(db: Executor, userId: string, setting: EmailSwitch) {
  const existing = await storedUnsubscribeToken(db, userId, setting);
  if (existing) return existing;
  // The first email of its kind to this person. Inserting on every email instead wrote a row lock per
  // email, and two emails to one person at once waited for each other (bench/README.md, issue 40).
  await db.insert(unsubscribeTokens).values({ token: newToken(), userId, setting }).onConflictDoNothing();
  // Another transaction may have stored one first: theirs is the token.
  return (await storedUnsubscribeToken(db, userId, setting))!;
}

async function storedUnsubscribeToken(db: Executor, userId: string, setting: EmailSwitch) {
  const [row] = await db
    .select({ token: unsubscribeTokens.token })
    .from(unsubscribeTokens)
    .where(and(eq(unsubscribeTokens.userId, userId), eq(unsubscribeTokens.setting, setting)));
  return row?.token;
}

export async function findUnsubscribeToken(db: Executor, token: string) {
  const [row] = await db
    .select({ userId: unsubscribeTokens.userId, setting: unsubscribeTokens.setting })
    .from(unsubscribeTokens)
    .innerJoin(users, eq(users.id, unsubscribeTokens.userId))
    .where(and(eq(unsubscribeTokens.token, token), isNull(users.deletedAt)));
  return row as { userId: string; setting: EmailSwitch } | undefined;
}

export async function switchOff(db: Executor, userId: string, setting: EmailSwitch): Promise<void> {
  await db
    .update(userSettings)
    .set({ [setting]: false, updatedAt: new Date() })
    .where(eq(userSettings.userId, userId));
}
