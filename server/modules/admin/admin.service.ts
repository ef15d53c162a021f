import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type AdminAuditEntry,
  type AdminOverview,
  type AdminUserDetail,
  type AdminUserSummary,
  type AdminUsersResponse,
  type AdminWeek,
} from '../../../domain/admin/api';
import { bookingStatus, jobStatus } from '../../../domain/catalog/statuses';
import { londonToday } from '../../../domain/marketplace/schemas';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { SharedPages } from '../../lib/shared-pages';
import type { AuthContext } from '../../plugins/auth-context';
import type { AccountChanged } from '../accounts';
import { recordAudit } from '../audit';
import { documentsForAdmin } from '../verification';
import {
  deleteSessionsOf,
  findUserRecord,
  grantAdmin,
  jsonTime,
  lockAccount,
  lockAdminRoles,
  overviewFigures,
  revokeAdmin,
  searchUsers,
  setSuspension,
  type UserFilter,
} from './admin.repository';

export interface AdminDeps {
  db: Database;
  clock: Clock;
  /** Reads that are the same for every admin, shared between them for a short while (ADMIN_SHARED_MS). */
  adminReads: SharedPages<unknown>;
  /** Drops cached sessions here and announces the change to the other instances. */
  accountChanged: AccountChanged;
}

const DAY_MS = 86_400_000;

/** Monday of the week `day` falls in ('YYYY-MM-DD'). */
export function mondayOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(t - weekday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The live counts and 12 weeks of activity. Every admin sees the same figures, so one read is shared
 * for ADMIN_SHARED_MS at most (2 s by default; an admin's own write clears it, app.ts): at
 * 100,000 jobs the read costs tens of milliseconds, which every admin's every refresh paid.
 */
export function overview(deps: AdminDeps): Promise<AdminOverview> {
  const thisWeek = mondayOf(londonToday(deps.clock.now()));
  // Keyed by the week, so a copy made on Sunday is not served on Monday.
  return deps.adminReads.get(`overview:${thisWeek}`, () =>
    readOverview(deps, thisWeek),
  ) as Promise<AdminOverview>;
}

async function readOverview(deps: AdminDeps, thisWeek: string): Promise<AdminOverview> {
  const first = new Date(Date.parse(`${thisWeek}T00:00:00Z`) - (ADMIN_LIMITS.chartWeeks - 1) * 7 * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const { counts, weeks: rows } = await overviewFigures(deps.db, first, ADMIN_LIMITS.chartWeeks);
  const byWeek = new Map(rows.map((r) => [r.week, r]));
  // Every week appears, those with nothing at zero, so the charts' axes are the same 12 weeks.
  const weeks: AdminWeek[] = Array.from({ length: ADMIN_LIMITS.chartWeeks }, (_, i) => {
    const weekStart = new Date(Date.parse(`${first}T00:00:00Z`) + i * 7 * DAY_MS).toISOString().slice(0, 10);
    const r = byWeek.get(weekStart);
    return { weekStart, signUps: r?.sign_ups ?? 0, jobsPosted: r?.jobs ?? 0, paidPence: r?.paid ?? 0 };
  });
  return { counts, weeks };
}

type UserRow = Awaited<ReturnType<typeof searchUsers>>[number];

function summary(row: UserRow): AdminUserSummary {
  const userType = (row.userType ?? 'customer') as AdminUserSummary['userType'];
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    userType,
    isAdmin: Boolean(row.isAdmin),
    verified: userType === 'tradesperson' ? Boolean(row.verified) : null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

export async function listUsers(
  deps: AdminDeps,
  query: { q?: string | undefined; filter: UserFilter; cursor?: string | undefined },
): Promise<AdminUsersResponse> {
  const limit = ADMIN_LIMITS.usersPageSize;
  const rows = await searchUsers(deps.db, {
    q: query.q || undefined,
    filter: query.filter,
    after: decodeCursor(query.cursor),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    users: page.map(summary),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

const record = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

export async function userDetail(deps: AdminDeps, id: string): Promise<AdminUserDetail> {
  // The account with its lists and its documents (as the verification queue shows them) in one statement.
  const row = await findUserRecord(deps.db, id, deps.clock.now(), ADMIN_LIMITS.auditRows);
  if (!row) throw AppError.notFound();
  const iso = (value: string) => jsonTime(value).toISOString();
  return {
    user: {
      ...summary(row),
      trade: row.trade,
      postcode: row.postcode,
      suspensionReason: row.suspensionReason,
    },
    jobs: row.jobs.map((j) => ({ ...j, status: jobStatus(j.status), createdAt: iso(j.createdAt) })),
    bookings: row.bookings.map((b) => ({
      ...b,
      status: bookingStatus(b.status),
      createdAt: iso(b.createdAt),
    })),
    documents: documentsForAdmin(row.documents),
    sessions: row.sessions.map((s) => ({
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      ip: s.ip,
      userAgent: s.userAgent,
    })),
    audit: row.audit.map((a): AdminAuditEntry => {
      const details = record(a.details) ?? {};
      return {
        id: a.id,
        at: iso(a.at),
        action: a.action,
        actorId: a.actorId,
        actorName: a.actorName,
        entityType: a.entityType,
        entityId: a.entityId,
        before: record(details.before),
        after: record(details.after),
        reason: typeof details.reason === 'string' ? details.reason : null,
      };
    }),
  };
}

const accountState = (message: string) => AppError.conflict('account_state', message);

type AccountAction = 'suspend' | 'reinstate' | 'grant-admin' | 'revoke-admin';

/**
 * Suspends, reinstates, or grants or removes the admin role of an account, audited with the state
 * before and after. Suspension and losing the role end the account's sessions in the same
 * transaction; once it commits every instance drops its cached copies and closes the account's live
 * streams (the `sessions-ended` announcement), so nothing it had open keeps working.
 */
export async function changeAccount(
  deps: AdminDeps,
  auth: AuthContext,
  id: string,
  action: AccountAction,
  { reason, ip }: { reason?: string; ip: string | null },
): Promise<AdminUserDetail> {
  let endedSessions = false;
  await deps.db.transaction(async (tx) => {
    if (action === 'revoke-admin') {
      // Every admin row, in one order, so two admins removing each other cannot both succeed.
      const admins = await lockAdminRoles(tx);
      if (!admins.includes(auth.user.id)) throw AppError.notFound();
    }
    const account = await lockAccount(tx, id);
    if (!account) throw AppError.notFound();
    const before = {
      suspended: account.suspendedAt !== null,
      suspensionReason: account.suspensionReason,
      admin: Boolean(account.isAdmin),
    };
    const after = { ...before };
    switch (action) {
      case 'suspend':
        if (id === auth.user.id) throw accountState(ADMIN_MESSAGES.suspendSelf);
        if (account.isAdmin) throw accountState(ADMIN_MESSAGES.suspendAdmin);
        if (account.suspendedAt) throw accountState(ADMIN_MESSAGES.alreadySuspended);
        await setSuspension(tx, id, deps.clock.now(), reason ?? null);
        await deleteSessionsOf(tx, id);
        endedSessions = true;
        Object.assign(after, { suspended: true, suspensionReason: reason ?? null });
        break;
      case 'reinstate':
        if (!account.suspendedAt) throw accountState(ADMIN_MESSAGES.notSuspended);
        await setSuspension(tx, id, null, null);
        Object.assign(after, { suspended: false, suspensionReason: null });
        break;
      case 'grant-admin':
        if (account.isAdmin) throw accountState(ADMIN_MESSAGES.alreadyAdmin);
        if (account.suspendedAt || account.deletedAt) throw accountState(ADMIN_MESSAGES.inactiveAccount);
        await grantAdmin(tx, id);
        after.admin = true;
        break;
      case 'revoke-admin':
        if (id === auth.user.id) throw accountState(ADMIN_MESSAGES.revokeSelf);
        if (!account.isAdmin) throw accountState(ADMIN_MESSAGES.notAdmin);
        await revokeAdmin(tx, id);
        // An admin session's shorter limits and its rights end with the role.
        await deleteSessionsOf(tx, id);
        endedSessions = true;
        after.admin = false;
        break;
    }
    await recordAudit(tx, {
      actorUserId: auth.user.id,
      action: `account.${action === 'grant-admin' ? 'admin_granted' : action === 'revoke-admin' ? 'admin_removed' : action === 'suspend' ? 'suspended' : 'reinstated'}`,
      entityType: 'user',
      entityId: id,
      details: { before, after, reason: reason ?? null },
      ip,
    });
  });
  deps.accountChanged(id, endedSessions);
  return userDetail(deps, id);
}
