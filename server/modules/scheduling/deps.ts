import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { MarketDeps } from '../marketplace';

/**
 * What scheduling is given: the marketplace's own deps (bookings change with it), the clock, and the
 * app's address (the calendar feed's link).
 */
export interface SchedulingDeps extends MarketDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'appUrl'>;
}
