/**
 * Where rules read the time. Production uses the system clock; tests inject one they move by hand, so
 * windows and expiries are tested without sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
