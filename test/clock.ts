import type { Clock } from '../server/lib/clock';

/** A clock that stands still until a test moves it. */
export class ManualClock implements Clock {
  private at: number;
  constructor(start: Date = new Date()) {
    this.at = start.getTime();
  }
  now(): Date {
    return new Date(this.at);
  }
  advance(ms: number): void {
    this.at += ms;
  }
}
