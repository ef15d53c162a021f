import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseAvailability } from './availability';

/** A logger that keeps what it was asked to write: [level, message] pairs. */
function recordingLog() {
  const lines: [string, string][] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push([level, String(args.find((a) => typeof a === 'string'))]);
    };
  const log = { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('DatabaseAvailability', () => {
  it('logs a lost database once, and its return once, however often each is reported', () => {
    const { lines, log } = recordingLog();
    const availability = new DatabaseAvailability(() => new Promise(() => {}), log);
    expect(availability.available).toBe(true);
    availability.reached();
    expect(lines).toEqual([]);
    for (let i = 0; i < 50; i++) availability.lost(new Error('connect ECONNREFUSED'));
    expect(availability.available).toBe(false);
    expect(lines).toEqual([
      ['error', 'database unavailable: readiness answers 503 and requests that need it get 503'],
    ]);
    for (let i = 0; i < 50; i++) availability.reached();
    expect(availability.available).toBe(true);
    expect(lines.slice(1)).toEqual([['info', 'database reachable again']]);
    // A second outage is a new change of state.
    availability.lost(new Error('timeout exceeded when trying to connect'));
    expect(lines).toHaveLength(3);
    availability.close();
  });

  it('pings while the database is lost, so its return is noticed without any probe', async () => {
    vi.useFakeTimers();
    const { lines, log } = recordingLog();
    let up = false;
    const ping = vi.fn(() => (up ? Promise.resolve() : Promise.reject(new Error('ECONNREFUSED'))));
    const availability = new DatabaseAvailability(ping, log, 1000);
    availability.lost(new Error('ECONNREFUSED'));
    await vi.advanceTimersByTimeAsync(3500);
    expect(ping).toHaveBeenCalledTimes(3);
    expect(availability.available).toBe(false);
    up = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(availability.available).toBe(true);
    expect(lines.map(([, message]) => message)).toEqual([
      'database unavailable: readiness answers 503 and requests that need it get 503',
      'database reachable again',
    ]);
    // Back: no more pings.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ping).toHaveBeenCalledTimes(4);
    availability.close();
  });

  it('stops pinging when closed, and notes nothing after', async () => {
    vi.useFakeTimers();
    const { lines, log } = recordingLog();
    const ping = vi.fn(() => Promise.reject(new Error('ECONNREFUSED')));
    const availability = new DatabaseAvailability(ping, log, 1000);
    availability.lost(new Error('ECONNREFUSED'));
    availability.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(ping).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    availability.reached();
    availability.lost(new Error('again'));
    expect(lines).toHaveLength(2);
  });
});
