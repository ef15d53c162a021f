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

export interface Counted {
  scope: ThrottleScope;
  key: string;
  rule: ThrottleRule;
}

/** How many times an attempt is tried again when its counters vanish or a deadlock victim is chosen. */
const RESERVE_TRIES = 5;

/**
 * Counts one attempt as a failure in every scope, or in none when one of them refuses it; returns the
 * index of the first refusing scope, or null when the attempt may be checked.
 *
 * One statement, committed on its own (issue 34): it locks the counters (in key order, so attempts
 * never wait on each other in a cycle), judges them, and updates them all or none. A row lock is
 * therefore held only while the database runs that statement, never across a round trip to this
 * process: attempts at one account wait for each other for the length of one statement, not while a
 * transaction's next statement queues behind the burst in this process (which ran the pool out). The
 * lock makes each attempt see the counts the earlier ones left, so a cap is never exceeded.
 *
 * A delay scope forgets after a quiet hour; a cap scope after an hour from its first failure.
 */
export async function reserveAttempts(db: Executor, counted: Counted[], now: Date): Promise<number | null> {
  for (let tries = 1; ; tries++) {
    try {
      const judged = await judgeAndCount(db, counted, now);
      // A counter that does not exist yet has no failures and cannot refuse: an existing one's refusal
      // is the answer whatever else is missing (most of a distributed guess's attempts end here).
      if (judged.refused !== null || judged.found === counted.length) return judged.refused;
    } catch (error) {
      if (!isDeadlock(error) || tries >= RESERVE_TRIES) throw error;
      continue;
    }
    if (tries >= RESERVE_TRIES) throw new Error('sign-in throttle: counters kept vanishing');
    // A first attempt for a key (or the hourly prune took it): create the counter with nothing counted,
    // then judge again; a row a parallel attempt created first is left as it is.
    await db
      .insert(signInThrottles)
      .values(
        counted.map((c) => ({
          scope: c.scope,
          key: c.key,
          failures: 0,
          windowStartedAt: now,
          lastFailureAt: now,
        })),
      )
      .onConflictDoNothing();
  }
}

async function judgeAndCount(
  db: Executor,
  counted: Counted[],
  now: Date,
): Promise<{ found: number; refused: number | null }> {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const t = signInThrottles;
  const rows = sql.join(
    counted.map(
      (c, i) =>
        sql`(${i}::int, ${c.scope}::text, ${c.key}::text, ${c.rule.kind === 'delay'}::boolean,
          ${c.rule.kind === 'delay' ? c.rule.free : 0}::int, ${c.rule.kind === 'delay' ? c.rule.maxDelayS : 0}::int,
          ${c.rule.kind === 'cap' ? c.rule.max : 0}::int)`,
    ),
    sql`, `,
  );
  // `cur` locks the counters and reads their latest committed values; `upd` then changes those same
  // rows (PostgreSQL re-reads a row it finds changed since the statement began, so `failures + 1`
  // counts from the locked value). Only when every counter exists and none refuses.
  const result = await db.execute(sql`
    with v (ord, scope, key, is_delay, free, max_delay_s, cap) as (values ${rows}),
    cur as (
      select ${t.scope} as scope, ${t.key} as key, ${t.failures} as failures,
        ${t.windowStartedAt} as window_started_at, ${t.lastFailureAt} as last_failure_at
      from ${t} join v on v.scope = ${t.scope} and v.key = ${t.key}
      order by ${t.scope}, ${t.key}
      for update of ${t}
    ),
    judged as (
      select v.ord, v.scope, v.key,
        case when v.is_delay then c.last_failure_at <= ${windowStart}::timestamptz
          else c.window_started_at <= ${windowStart}::timestamptz end as expired,
        case when v.is_delay then c.failures < v.free
            or c.last_failure_at <= ${now}::timestamptz
              - make_interval(secs => least(power(2, c.failures - v.free), v.max_delay_s))
          else c.failures < v.cap end as allowed
      from v join cur c on c.scope = v.scope and c.key = v.key
    ),
    verdict as (
      select count(*)::int as found, min(ord) filter (where not (expired or allowed)) as refused from judged
    ),
    upd as (
      update ${t} set
        failures = case when j.expired then 1 else ${t.failures} + 1 end,
        window_started_at = case when j.expired then ${now}::timestamptz else ${t.windowStartedAt} end,
        last_failure_at = ${now}::timestamptz
      from judged j, verdict
      where ${t.scope} = j.scope and ${t.key} = j.key
        and verdict.found = ${counted.length}::int and verdict.refused is null
      returning 1
    )
    select found, refused from verdict`);
  const [row] = (result as unknown as { rows: { found: number; refused: number | null }[] }).rows;
  return { found: row!.found, refused: row!.refused === null ? null : Number(row!.refused) };
}

function isDeadlock(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: string }).code === '40P01') return true;
  }
  return false;
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
