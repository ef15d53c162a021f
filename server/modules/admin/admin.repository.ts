import { and, desc, eq, ilike, isNotNull, lt, or, sql } from 'drizzle-orm';
import { ADMIN_LIMITS } from '../../../domain/admin/messages';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
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
import { documentsJsonOfUser } from '../verification';

// The console's reads across capabilities (counts, charts, a user's whole record) and its writes to
// accounts (suspension, the admin role). Money and documents are changed through their own modules.

type WeekRow = { week: string; sign_ups: number; jobs: number; paid: number };

/**
 * The dashboard in one statement: the live counts, and sign-ups, jobs posted and money paid for each
 * of `weeks` weeks (Monday to Monday, UK time) from `firstWeek` (a Monday, 'YYYY-MM-DD') on. Each week
 * is counted as a range of its own on an index (users_created_at_idx, job_postings_created_at_idx,
 * payments_paid_at_idx) rather than by working out the week of every row since the first: at 100,000
 * jobs that took 150 ms. One parameterised statement is prepared once per connection; the counts
 * alone had no parameter, so they were planned again on every request.
 */
export async function overviewFigures(db: Executor, firstWeek: string, weeks: number) {
  const result = await db.execute(sql`
    select
      (select count(*)::int from ${documents} where status = 'pending') as pending_verifications,
      (select count(*)::int from ${disputes} where status <> 'resolved') as open_disputes,
      (select count(distinct review_id)::int from ${reviewReports} where outcome is null) as reported_reviews,
      (select count(*)::int from ${users} where deleted_at is null) as users,
      (select coalesce(sum(amount_pence - refunded_pence - released_pence), 0)::int from ${payments}
        where status = 'succeeded' and amount_pence - refunded_pence - released_pence > 0) as held_pence,
      (select count(*)::int from ${payments}
        where status = 'succeeded' and amount_pence - refunded_pence - released_pence > 0) as held_payments,
      (select json_agg(json_build_object('week', to_char(w.day, 'YYYY-MM-DD'),
          'sign_ups', (select count(*)::int from ${users} x where x.created_at >= w.starts and x.created_at < w.ends),
          'jobs', (select count(*)::int from ${jobPostings} x where x.created_at >= w.starts and x.created_at < w.ends),
          'paid', (select coalesce(sum(x.amount_pence), 0)::int from ${payments} x
            where x.paid_at is not null and x.paid_at >= w.starts and x.paid_at < w.ends))
          order by w.day)
        from (select day, day::timestamp at time zone 'Europe/London' as starts,
            (day + 7)::timestamp at time zone 'Europe/London' as ends
          from (select ${firstWeek}::date + 7 * i as day from generate_series(0, ${weeks}::int - 1) i) d) w
      ) as weeks`);
  const [row] = (result as { rows: (Record<string, number> & { weeks: WeekRow[] })[] }).rows;
  return {
    counts: {
      pendingVerifications: row!.pending_verifications!,
      openDisputes: row!.open_disputes!,
      reportedReviews: row!.reported_reviews!,
      users: row!.users!,
      heldPence: row!.held_pence!,
      heldPayments: row!.held_payments!,
    },
    weeks: row!.weeks,
  };
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

export type UserRow = Awaited<ReturnType<typeof searchUsers>>[number];

export type UserFilter = 'all' | 'customer' | 'tradesperson' | 'admin' | 'suspended';

/** `%`, `_` and `\` typed into the search box are matched as themselves. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Accounts matching the search, newest first, after the cursor. Built once per shape (filter, with
 * or without a search and a cursor, page size: prepared()), the values bound.
 */
export function searchUsers(
  db: Executor,
  {
    q,
    filter,
    after,
    limit,
  }: { q: string | undefined; filter: UserFilter; after: { at: Date; id: string } | null; limit: number },
) {
  const name = `admin_users_${filter}${q ? '_q' : ''}${after ? '_after' : ''}_${limit}`;
  const pattern = sql.placeholder('pattern');
  return prepared(db, name, (d) => {
    const conditions = [
      q ? or(ilike(users.email, pattern), ilike(profiles.fullName, pattern)) : undefined,
      filter === 'customer' || filter === 'tradesperson' ? eq(profiles.userType, filter) : undefined,
      filter === 'admin' ? isAdminColumn : undefined,
      filter === 'suspended' ? isNotNull(users.suspendedAt) : undefined,
      after
        ? or(
            lt(users.createdAt, sql.placeholder('afterAt')),
            and(eq(users.createdAt, sql.placeholder('afterAt')), lt(users.id, sql.placeholder('afterId'))),
          )
        : undefined,
    ];
    return (
      usersQuery(d)
        .where(and(...conditions))
        .orderBy(desc(users.createdAt), desc(users.id))
        // Written in, not bound: with a bound LIMIT PostgreSQL planned the statement afresh every time.
        .limit(literalLimit(limit))
        .prepare(name)
    );
  }).execute({ pattern: q ? likePattern(q) : null, afterAt: after?.at ?? null, afterId: after?.id ?? null });
}

/** A timestamp inside `json_build_object` (ISO text with the session's offset) as the Date pg gives. */
export const jsonTime = (value: string) => new Date(value);

type JsonJob = { id: string; title: string; status: string; createdAt: string };
type JsonBooking = {
  id: string;
  jobId: string;
  jobTitle: string;
  status: string;
  otherParty: string | null;
  amountPence: number;
  createdAt: string;
};
type JsonSession = { createdAt: string; lastSeenAt: string; ip: string | null; userAgent: string | null };
type JsonAudit = {
  id: number;
  at: string;
  action: string;
  actorId: string | null;
  actorName: string | null;
  entityType: string;
  entityId: string | null;
  details: unknown;
};

/**
 * A user's whole record for the console in one statement: the account, its latest 50 jobs, its latest
 * 50 bookings (either side, with the other party's name), its open sessions (not the token hashes:
 * an admin has no use for them, and they are credentials) and its audit trail (what was done to the
 * account or its documents, and what the user did, as an admin or as a party to a job), newest first,
 * and its documents (the verification module's sub-select). Each list is a subquery with its own limit,
 * aggregated in the same order: the whole page is one round trip.
 */
export async function findUserRecord(db: Executor, userId: string, now: Date, auditLimit: number) {
  const name = `admin_user_record_${auditLimit}`;
  const id = sql.placeholder('id');
  const at = sql.placeholder('now');
  const [row] = await prepared(db, name, (d) =>
    d
      .select({
        ...summaryColumns,
        jobs: sql<JsonJob[]>`(select coalesce(json_agg(json_build_object('id', j.id, 'title', j.title,
          'status', j.status, 'createdAt', j.created_at) order by j.created_at desc), '[]')
        from (select id, title, status, created_at from ${jobPostings} where customer_id = ${users.id}
          order by created_at desc limit ${sql.raw(String(ADMIN_LIMITS.recordRows))}) j)`,
        bookings: sql<
          JsonBooking[]
        >`(select coalesce(json_agg(json_build_object('id', b.id, 'jobId', b.job_id,
          'jobTitle', b.title, 'status', b.status, 'otherParty', b.other_party, 'amountPence', b.amount,
          'createdAt', b.created_at) order by b.created_at desc), '[]')
        from (select bk.id, bk.job_id, jp.title, bk.status, op.full_name as other_party, bk.amount, bk.created_at
          from ${bookings} bk
          join ${jobPostings} jp on jp.id = bk.job_id
          left join ${profiles} op on op.id = case when bk.customer_id = ${users.id}
            then bk.tradesperson_id else bk.customer_id end
          where bk.customer_id = ${users.id} or bk.tradesperson_id = ${users.id}
          order by bk.created_at desc limit ${sql.raw(String(ADMIN_LIMITS.recordRows))}) b)`,
        sessions: sql<JsonSession[]>`(select coalesce(json_agg(json_build_object('createdAt', s.created_at,
          'lastSeenAt', s.last_seen_at, 'ip', s.ip, 'userAgent', s.user_agent) order by s.last_seen_at desc), '[]')
        from ${sessions} s
        where s.user_id = ${users.id} and s.idle_expires_at > ${at} and s.absolute_expires_at > ${at})`,
        audit: sql<JsonAudit[]>`(select coalesce(json_agg(json_build_object('id', a.id, 'at', a.created_at,
          'action', a.action, 'actorId', a.actor_user_id, 'actorName', a.actor_name,
          'entityType', a.entity_type, 'entityId', a.entity_id, 'details', a.details)
          order by a.created_at desc, a.id desc), '[]')
        from (select l.id, l.created_at, l.action, l.actor_user_id, actor.full_name as actor_name,
            l.entity_type, l.entity_id, l.details
          from ${auditLog} l left join ${profiles} actor on actor.id = l.actor_user_id
          where (l.entity_type = 'user' and l.entity_id = ${id}::text) or l.details->>'userId' = ${id}::text
            or l.actor_user_id = ${users.id}
          order by l.created_at desc, l.id desc limit ${literalLimit(auditLimit)}) a)`,
        // The documents as the verification queue shows them, read here rather than by a second statement.
        documents: documentsJsonOfUser(sql`${users.id}`),
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(tradespersonProfiles, eq(tradespersonProfiles.userId, users.id))
      .where(eq(users.id, id))
      .prepare(name),
  ).execute({ id: userId, now });
  return row;
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
