// How long a session lives. Customers and tradespeople stay signed in on their own devices for weeks;
// admin sessions are short because an admin can see other people's data.
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const SESSION_LIFETIMES = {
  member: { idleMs: 30 * DAY, absoluteMs: 90 * DAY },
  admin: { idleMs: 30 * MINUTE, absoluteMs: 12 * 60 * MINUTE },
} as const;

/** Refresh the idle deadline at most this often, so reads do not turn into a write per request. */
export const TOUCH_EVERY_MS = MINUTE;

export function lifetimeFor(isAdmin: boolean) {
  return isAdmin ? SESSION_LIFETIMES.admin : SESSION_LIFETIMES.member;
}

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

export function newSessionTimes(now: Date, isAdmin: boolean): SessionTimes {
  const { idleMs, absoluteMs } = lifetimeFor(isAdmin);
  const absoluteExpiresAt = new Date(now.getTime() + absoluteMs);
  return {
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: new Date(Math.min(now.getTime() + idleMs, absoluteExpiresAt.getTime())),
    absoluteExpiresAt,
  };
}

/**
 * A session is valid until either deadline; the idle one is measured with the lifetime of the
 * account's current role, so a session created before an admin grant still gets the admin limits.
 */
export function isExpired(session: SessionTimes, now: Date, isAdmin: boolean): boolean {
  const { idleMs, absoluteMs } = lifetimeFor(isAdmin);
  const t = now.getTime();
  return (
    t >= session.absoluteExpiresAt.getTime() ||
    t >= session.createdAt.getTime() + absoluteMs ||
    t >= session.idleExpiresAt.getTime() ||
    t >= session.lastSeenAt.getTime() + idleMs
  );
}

/** The new idle deadline after activity at `now`, or null when it is too soon to write it. */
export function touchedIdleExpiry(session: SessionTimes, now: Date, isAdmin: boolean): Date | null {
  if (now.getTime() - session.lastSeenAt.getTime() < TOUCH_EVERY_MS) return null;
  const { idleMs } = lifetimeFor(isAdmin);
  return new Date(Math.min(now.getTime() + idleMs, session.absoluteExpiresAt.getTime()));
}
