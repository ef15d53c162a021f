import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { MarketDeps } from '../marketplace';

/** What scheduling is given: the marketplace's own deps (bookings change with it) and the clock. */
export interface SchedulingDeps extends MarketDeps {
  db: Database;
  clock: Clock;
}
