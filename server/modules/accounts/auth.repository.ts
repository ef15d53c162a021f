import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  emailTokens,
  profiles,
  sessions,
  tradespersonProfiles,
  userRoles,
  userSettings,
  users,
} from '../../db/schema';
import { SETTINGS_COLUMNS } from './accounts.repository';

function sessionQuery(db: Executor) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      idleExpiresAt: sessions.idleExpiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      userId: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      suspendedAt: users.suspendedAt,
      deletedAt: users.deletedAt,
      fullName: profiles.fullName,
      userType: profiles.userType,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
      settings: SETTINGS_COLUMNS,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .innerJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_with_user');
}

/** Everything a request needs to know about its signed-in user, read in one (prepared) query. */
export async function findSessionWithUser(db: Executor, tokenHash: string) {
  const [row] = await prepared(db, 'session_with_user', sessionQuery).execute({ tokenHash });
  return row;
}

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionWithUser>>>;

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function touchSession(db: Executor, tokenHash: string, now: Date, idleExpiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt: now, idleExpiresAt }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Executor, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionsOfUser(db: Executor, userId: string, exceptTokenHash?: string) {
  await db
    .delete(sessions)
    .where(
      exceptTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash))
        : eq(sessions.userId, userId),
    );
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      suspendedAt: users.suspendedAt,
      deletedAt: users.deletedAt,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)));
  return row;
}

export async function findPasswordHash(db: Executor, userId: string) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}

export async function insertAccount(
  db: Executor,
  account: { email: string; passwordHash: string; fullName: string; userType: 'customer' | 'tradesperson' },
) {
  const [user] = await db
    .insert(users)
    .values({ email: account.email, passwordHash: account.passwordHash })
    .returning({ id: users.id });
  await db.insert(profiles).values({ id: user!.id, fullName: account.fullName, userType: account.userType });
  await db.insert(userSettings).values({ userId: user!.id });
  // A tradesperson starts with an empty business profile (trade, rates, area) to fill in.
  if (account.userType === 'tradesperson') await db.insert(tradespersonProfiles).values({ userId: user!.id });
  return user!.id;
}

export async function grantAdmin(db: Executor, userId: string) {
  await db.insert(userRoles).values({ userId, role: 'admin' }).onConflictDoNothing();
}

export async function recordLastSignIn(db: Executor, userId: string, now: Date) {
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
}

export async function isSuspended(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ suspendedAt: users.suspendedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return !row || row.suspendedAt !== null || row.deletedAt !== null;
}

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'sign_in';

export async function insertEmailToken(
  db: Executor,
  token: { tokenHash: string; userId: string; purpose: EmailTokenPurpose; expiresAt: Date; createdAt?: Date },
) {
  await db.insert(emailTokens).values(token);
}

export async function latestEmailTokenAt(db: Executor, userId: string, purpose: EmailTokenPurpose) {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${emailTokens.createdAt})` })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)));
  return row?.at ? new Date(row.at) : null;
}

/** Marks a valid, unused token used and returns its user, or undefined. */
export async function consumeEmailToken(
  db: Executor,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  now: Date,
) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId;
}

export async function markEmailVerified(db: Executor, userId: string, now: Date) {
  await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

export async function findUserIdsByEmails(db: Executor, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) in ${emails.map((e) => e.toLowerCase())}`, isNull(users.deletedAt)));
}

export async function isAdmin(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')));
  return row !== undefined;
}
