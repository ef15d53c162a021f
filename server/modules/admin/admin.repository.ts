import { and, desc, eq, ilike, isNotNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  auditLog,
  bookings,
  disputes,
  documents,
  jobPostings,
  payments,
  profiles,
  reviewReports,
  sessions,
  tradespersonProfiles,
  userRoles,
  users,
} from '../../db/schema';

// The console's reads across capabilities (counts, charts, a user's whole record) and its writes to
// accounts (suspension, the admin role). Money and documents are changed through their own modules.

/** The dashboard's live counts. */
export async function overviewCounts(db: Executor) {
  const result = await db.execute(sql`
    select
      (select count(*)::int from ${documents} where status = 'pending') as pending_verifications,
      (select count(*)::int from ${disputes} where status <> 'resolved') as open_disputes,
      (select count(distinct review_id)::int from ${reviewReports} where outcome is null) as reported_reviews,
      (select count(*)::int from ${users} where deleted_at is null) as users,
      (select coalesce(sum(amount_pence - refunded_pence - released_pence), 0)::int from ${payments}
        where status = 'succeeded' and amount_pence - refunded_pence - released_pence > 0) as held_pence,
      (select count(*)::int from ${payments}
        where status = 'succeeded' and amount_pence - refunded_pence - released_pence > 0) as held_payments`);
  const [row] = (result as { rows: Record<string, number>[] }).rows;
  return {
    pendingVerifications: row!.pending_verifications!,
    openDisputes: row!.open_disputes!,
    reportedReviews: row!.reported_reviews!,
    users: row!.users!,
    heldPence: row!.held_pence!,
    heldPayments: row!.held_payments!,
  };
}

/**
 * Sign-ups, jobs posted and money paid per week (weeks start on Monday, UK time), from `firstWeek`
 * (a Monday, 'YYYY-MM-DD') on; weeks with nothing are absent and filled in by the caller.
 */
export async function weeklyActivity(db: Executor, firstWeek: string) {
  const week = (column: ReturnType<typeof sql>) =>
    sql`to_char(date_trunc('week', (${column} at time zone 'Europe/London'))::date, 'YYYY-MM-DD')`;
  const since = sql`(${firstWeek}::date)::timestamp at time zone 'Europe/London'`;
  const result = await db.execute(sql`
    select week, sum(sign_ups)::int as sign_ups, sum(jobs)::int as jobs, sum(paid)::int as paid from (
      select ${week(sql`created_at`)} as week, count(*) as sign_ups, 0 as jobs, 0 as paid
        from ${users} where created_at >= ${since} group by 1
      union all
      select ${week(sql`created_at`)}, 0, count(*), 0 from ${jobPostings} where created_at >= ${since} group by 1
      union all
      select ${week(sql`paid_at`)}, 0, 0, sum(amount_pence) from ${payments}
        where paid_at is not null and paid_at >= ${since} group by 1
    ) w group by week order by week`);
  return (result as { rows: { week: string; sign_ups: number; jobs: number; paid: number }[] }).rows;
}

const isAdminColumn = sql<boolean>`exists (select 1 from ${userRoles} r where r.user_id = ${users.id} and r.role = 'admin')`;

const summaryColumns = {
  id: users.id,
  email: users.email,
  fullName: profiles.fullName,
  userType: profiles.userType,
  isAdmin: isAdminColumn,
  verified: tradespersonProfiles.verified,
  suspendedAt: users.suspendedAt,
  suspensionReason: users.suspensionReason,
  deletedAt: users.deletedAt,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  trade: tradespersonProfiles.trade,
  postcode: profiles.postcode,
};

function usersQuery(db: Executor) {
  return db
    .select(summaryColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(tradespersonProfiles, eq(tradespersonProfiles.userId, users.id));
}

export type UserRow = Awaited<ReturnType<typeof findUser>> & object;

export type UserFilter = 'all' | 'customer' | 'tradesperson' | 'admin' | 'suspended';

/** `%`, `_` and `\` typed into the search box are matched as themselves. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Accounts matching the search, newest first, after the cursor. */
export function searchUsers(
  db: Executor,
  {
    q,
    filter,
    after,
    limit,
  }: { q: string | undefined; filter: UserFilter; after: { at: Date; id: string } | null; limit: number },
) {
  const conditions = [
    q ? or(ilike(users.email, likePattern(q)), ilike(profiles.fullName, likePattern(q))) : undefined,
    filter === 'customer' || filter === 'tradesperson' ? eq(profiles.userType, filter) : undefined,
    filter === 'admin' ? isAdminColumn : undefined,
    filter === 'suspended' ? isNotNull(users.suspendedAt) : undefined,
    after
      ? or(lt(users.createdAt, after.at), and(eq(users.createdAt, after.at), lt(users.id, after.id)))
      : undefined,
  ];
  return usersQuery(db)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

export async function findUser(db: Executor, id: string) {
  const [row] = await usersQuery(db).where(eq(users.id, id));
  return row;
}

export function jobsOf(db: Executor, userId: string) {
  return db
    .select({
      id: jobPostings.id,
      title: jobPostings.title,
      status: jobPostings.status,
      createdAt: jobPostings.createdAt,
    })
    .from(jobPostings)
    .where(eq(jobPostings.customerId, userId))
    .orderBy(desc(jobPostings.createdAt))
    .limit(50);
}

const otherParty = alias(profiles, 'other_party');

/** Bookings the user is party to, either side, with the other party's name. */
export function bookingsOf(db: Executor, userId: string) {
  return db
    .select({
      id: bookings.id,
      jobId: bookings.jobId,
      jobTitle: jobPostings.title,
      status: bookings.status,
      otherParty: otherParty.fullName,
      amountPence: bookings.amount,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .innerJoin(jobPostings, eq(jobPostings.id, bookings.jobId))
    .leftJoin(
      otherParty,
      sql`${otherParty.id} = case when ${bookings.customerId} = ${userId} then ${bookings.tradespersonId} else ${bookings.customerId} end`,
    )
    .where(or(eq(bookings.customerId, userId), eq(bookings.tradespersonId, userId)))
    .orderBy(desc(bookings.createdAt))
    .limit(50);
}

/** Open sessions (not the token hashes: an admin has no use for them, and they are credentials). */
export function sessionsOf(db: Executor, userId: string, now: Date) {
  return db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        sql`${sessions.idleExpiresAt} > ${now}`,
        sql`${sessions.absoluteExpiresAt} > ${now}`,
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

const actor = alias(profiles, 'actor');

/**
 * The audit trail of a user: what was done to the account or its documents, and what the user did
 * (as an admin, or as a party to a job), newest first.
 */
export function auditOf(db: Executor, userId: string, limit: number) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      action: auditLog.action,
      actorId: auditLog.actorUserId,
      actorName: actor.fullName,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .where(
      or(
        and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)),
        sql`${auditLog.details}->>'userId' = ${userId}`,
        eq(auditLog.actorUserId, userId),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** The account row, locked: suspension and the admin role change one account at a time. */
export async function lockAccount(tx: Executor, id: string) {
  const [row] = await tx
    .select({
      id: users.id,
      suspendedAt: users.suspendedAt,
      suspensionReason: users.suspensionReason,
      deletedAt: users.deletedAt,
      isAdmin: isAdminColumn,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

export async function setSuspension(tx: Executor, id: string, at: Date | null, reason: string | null) {
  await tx
    .update(users)
    .set({ suspendedAt: at, suspensionReason: reason, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** Ends every session of the account; how many there were. */
export async function deleteSessionsOf(tx: Executor, userId: string): Promise<number> {
  const rows = await tx
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ hash: sessions.tokenHash });
  return rows.length;
}

export async function grantAdmin(tx: Executor, userId: string) {
  await tx.insert(userRoles).values({ userId, role: 'admin' }).onConflictDoNothing();
}

export async function revokeAdmin(tx: Executor, userId: string) {
  await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')));
}

/** The admins' ids, their role rows locked in id order. */
export async function lockAdminRoles(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .orderBy(userRoles.userId)
    .for('update');
  return rows.map((r) => r.userId);
}
