import { describe, expect, it } from 'vitest';
import { isExpired, newSessionTimes, touchedIdleExpiry } from './session-policy';

const at = (iso: string) => new Date(iso);
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('session lifetimes', () => {
  it('keeps a customer signed in for 30 idle days and 90 days at most', () => {
    const start = at('2026-01-01T00:00:00Z');
    const s = newSessionTimes(start, false);
    expect(isExpired(s, new Date(start.getTime() + 30 * DAY - 1), false)).toBe(false);
    expect(isExpired(s, new Date(start.getTime() + 30 * DAY), false)).toBe(true);

    // Daily use keeps it alive until the absolute cap.
    let session = s;
    for (let day = 1; day < 90; day++) {
      const now = new Date(start.getTime() + day * DAY);
      expect(isExpired(session, now, false)).toBe(false);
      session = { ...session, lastSeenAt: now, idleExpiresAt: touchedIdleExpiry(session, now, false)! };
    }
    expect(isExpired(session, new Date(start.getTime() + 90 * DAY), false)).toBe(true);
  });

  it('ends an admin session after 30 idle minutes or 12 hours in all', () => {
    const start = at('2026-01-01T08:00:00Z');
    const s = newSessionTimes(start, true);
    expect(isExpired(s, new Date(start.getTime() + 29 * MIN), true)).toBe(false);
    expect(isExpired(s, new Date(start.getTime() + 30 * MIN), true)).toBe(true);
    let session = s;
    for (let m = 20; m < 12 * 60; m += 20) {
      const now = new Date(start.getTime() + m * MIN);
      expect(isExpired(session, now, true)).toBe(false);
      session = { ...session, lastSeenAt: now, idleExpiresAt: touchedIdleExpiry(session, now, true)! };
    }
    expect(isExpired(session, new Date(start.getTime() + 12 * 60 * MIN), true)).toBe(true);
  });

  it('applies admin limits to a session that began before the admin grant', () => {
    const start = at('2026-01-01T00:00:00Z');
    const s = newSessionTimes(start, false);
    expect(isExpired(s, new Date(start.getTime() + 31 * MIN), true)).toBe(true);
  });

  it('writes the idle deadline at most once a minute', () => {
    const start = at('2026-01-01T00:00:00Z');
    const s = newSessionTimes(start, false);
    expect(touchedIdleExpiry(s, new Date(start.getTime() + 59_000), false)).toBeNull();
    expect(touchedIdleExpiry(s, new Date(start.getTime() + MIN), false)).toEqual(
      new Date(start.getTime() + MIN + 30 * DAY),
    );
  });
});
