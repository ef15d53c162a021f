import { ukDay } from '../../../domain/analytics/periods';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { addProfileCounts, type ProfileCounts } from './analytics.repository';

/** How often the counts kept in memory are written (and when the app closes). */
export const PROFILE_COUNTERS_FLUSH_MS = 5_000;

export interface ProfileCountersOptions {
  db: Database;
  clock: Clock;
  /** Tests pass 0 to write only when they call flush(). */
  flushMs?: number;
  log?: { warn(details: object, message: string): void };
}

/**
 * Profile views and search appearances per tradesperson and UK day (docs/api/analytics.md). A public
 * profile or a page of search results is read far more often than anything is written, so a row per
 * read would make every read a write: the counts add up in memory and go to the database in one
 * statement every few seconds, which adds them to what is there (several instances add up). Only
 * counts are kept; who looked is never known here.
 */
export class ProfileCounters {
  private pending = new Map<string, ProfileCounts>();
  private readonly timer: NodeJS.Timeout | null;

  constructor(private readonly options: ProfileCountersOptions) {
    const every = options.flushMs ?? PROFILE_COUNTERS_FLUSH_MS;
    this.timer = every > 0 ? setInterval(() => void this.flush(), every) : null;
    this.timer?.unref();
  }

  /** A visitor or another user opened this tradesperson's public profile. */
  profileViewed(tradespersonId: string): void {
    this.entry(tradespersonId).profileViews += 1;
  }

  /** These tradespeople were on a page of search or browse results. */
  appearedInSearch(tradespersonIds: readonly string[]): void {
    const day = ukDay(this.options.clock.now());
    for (const id of tradespersonIds) this.entry(id, day).searchAppearances += 1;
  }

  /** Writes what has been counted since the last flush; on failure keeps it for the next. */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await addProfileCounts(this.options.db, batch);
    } catch (error) {
      // Nothing was written (one statement): the counts go back to be written next time.
      for (const counts of batch) {
        const entry = this.entry(counts.tradespersonId, counts.day);
        entry.profileViews += counts.profileViews;
        entry.searchAppearances += counts.searchAppearances;
      }
      this.options.log?.warn({ error }, 'profile counters could not be written; kept for the next flush');
    }
  }

  /** Stops the timer and writes the rest: the app calls it when it closes, before the database goes. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  private entry(tradespersonId: string, day = ukDay(this.options.clock.now())): ProfileCounts {
    const key = `${tradespersonId} ${day}`;
    let counts = this.pending.get(key);
    if (!counts) {
      counts = { tradespersonId, day, profileViews: 0, searchAppearances: 0 };
      this.pending.set(key, counts);
    }
    return counts;
  }
}
