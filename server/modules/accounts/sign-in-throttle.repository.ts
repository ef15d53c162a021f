import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { signInThrottles, trustedDevices, users } from '../../db/schema';

export type ThrottleScope = (typeof signInThrottles.$inferSelect)['scope'];

/** How a scope decides whether one more attempt may be checked. */
export type ThrottleRule =
  /** The first `free` failures pass; then each attempt waits 2^(failures - free) s, up to `maxDelayS`. */
  | { kind: 'delay'; free: number; maxDelayS: number }
  /** At most `max` failures per window. */
  | { kind: 'cap'; max: number };

export const THROTTLE_WINDOW_MS = 60 * 60 * 1000;

/**
 * Counts one attempt as a failure if the rule lets it be checked, in one statement, so parallel
 * attempts each see the others' counts (the row lock of the upsert orders them). Returns false, and
 * changes nothing, when the attempt must be refused.
 *
 * A delay scope forgets after a quiet hour; a cap scope after an hour from its first failure.
 */
export async function reserveAttempt(
  db: Executor,
  scope: ThrottleScope,
  key: string,
  rule: ThrottleRule,
  now: Date,
): Promise<boolean> {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const t = signInThrottles;
  const expired =
    rule.kind === 'delay'
      ? sql`${t.lastFailureAt} <= ${windowStart}`
      : sql`${t.windowStartedAt} <= ${windowStart}`;
  const allowed =
    rule.kind === 'delay'
      ? sql`(${t.failures} < ${rule.free} or ${t.lastFailureAt} <= ${now}::timestamptz - make_interval(secs => least(power(2, ${t.failures} - ${rule.free}), ${rule.maxDelayS})))`
      : sql`${t.failures} < ${rule.max}`;
  const rows = await db
    .insert(t)
    .values({ scope, key, failures: 1, windowStartedAt: now, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [t.scope, t.key],
      set: {
        failures: sql`case when ${expired} then 1 else ${t.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now}::timestamptz else ${t.windowStartedAt} end`,
        lastFailureAt: now,
      },
      setWhere: sql`${expired} or ${allowed}`,
    })
    .returning({ failures: t.failures });
  return rows.length === 1;
}

/** Seconds until a refused scope lets the next attempt through (at least 1). */
export async function secondsUntilAllowed(
  db: Executor,
  scope: ThrottleScope,
  key: string,
  rule: ThrottleRule,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select()
    .from(signInThrottles)
    .where(and(eq(signInThrottles.scope, scope), eq(signInThrottles.key, key)));
  if (!row) return 1;
  const at =
    rule.kind === 'delay'
      ? row.lastFailureAt.getTime() + delayMs(row.failures, rule)
      : row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
  return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}

function delayMs(failures: number, rule: Extract<ThrottleRule, { kind: 'delay' }>): number {
  return failures < rule.free ? 0 : Math.min(2 ** (failures - rule.free), rule.maxDelayS) * 1000;
}

/** A correct password was not a failure: forget the client's own count. */
export async function clearScope(db: Executor, scope: ThrottleScope, key: string) {
  await db.delete(signInThrottles).where(and(eq(signInThrottles.scope, scope), eq(signInThrottles.key, key)));
}

/** Gives back the failure a successful attempt reserved in a shared cap (others' guesses still count). */
export async function releaseAttempt(db: Executor, scope: ThrottleScope, key: string) {
  await db
    .update(signInThrottles)
    .set({ failures: sql`greatest(${signInThrottles.failures} - 1, 0)` })
    .where(and(eq(signInThrottles.scope, scope), eq(signInThrottles.key, key)));
}

/** Counters nobody has touched for a day say nothing any more. */
export async function deleteStaleThrottles(db: Executor, before: Date) {
  await db.delete(signInThrottles).where(lt(signInThrottles.lastFailureAt, before));
}

/** Personal data goes with a deleted account: its counters are keyed by its email. */
export async function deleteThrottlesForEmail(db: Executor, emailLower: string) {
  await db.delete(signInThrottles).where(
    sql`(${signInThrottles.scope} = 'account' and ${signInThrottles.key} = ${emailLower})
       or (${signInThrottles.scope} = 'account_address' and ${signInThrottles.key} like ${`${escapeLike(emailLower)} %`})`,
  );
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function isTrustedDevice(db: Executor, tokenHash: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: trustedDevices.userId })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(and(eq(trustedDevices.tokenHash, tokenHash), eq(trustedDevices.userId, userId)));
  return row !== undefined;
}

export async function trustDevice(db: Executor, tokenHash: string, userId: string, now: Date) {
  await db
    .insert(trustedDevices)
    .values({ tokenHash, userId, createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({
      target: [trustedDevices.tokenHash, trustedDevices.userId],
      set: { lastUsedAt: now },
    });
}
