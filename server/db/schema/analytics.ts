import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { requiredRef } from './helpers';

/**
 * Analytics counters: how often a tradesperson's public profile was opened and how often they appeared
 * in search results, per UK day. Counts only; who looked is never recorded.
 */
export const profileDailyStats = pgTable(
  'profile_daily_stats',
  {
    tradespersonId: requiredRef('tradesperson_id', () => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    profileViews: integer('profile_views').notNull().default(0),
    searchAppearances: integer('search_appearances').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tradespersonId, t.day] }),
    check('profile_daily_stats_counts_check', sql`${t.profileViews} >= 0 and ${t.searchAppearances} >= 0`),
  ],
);
